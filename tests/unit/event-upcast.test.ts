import { describe, expect, it } from 'vitest';
import { approvalDeclaration } from '../../machines/workflows/approval.workflow';
import { visitDeclaration } from '../../machines/workflows/visit.workflow';
import type { StoredEvent } from '../../server/workflows/event-store';
import { payloadProblem, ReplayRefused, replay, upcast } from '../../server/workflows/replay';

const stored = (seq: number, type: string, payload: Record<string, unknown>, version = 1): StoredEvent => ({
  stream_id: 'TJ-1',
  seq,
  type,
  schema_version: version,
  payload,
  actor_id: String((payload.actor as { id?: string } | undefined)?.id ?? 'x'),
  actor_name: 'x',
  role: 'x',
  at: new Date('2026-11-20T02:00:00Z'),
});

describe('stored events are read at their current schema', () => {
  // A visit's check-out called its duration `minutes` until version 2 named it `durationMinutes`.
  const checkOut = { checkedOutAt: '2026-11-20T02:05:00.000Z' };

  it('upcasts an older payload step by step', () => {
    const old = stored(3, 'visit.checkOut', { ...checkOut, minutes: 5 }, 1);
    expect(upcast(visitDeclaration, old)).toEqual({ ...checkOut, durationMinutes: 5 });
    const current = { ...checkOut, durationMinutes: 40 };
    expect(upcast(visitDeclaration, stored(3, 'visit.checkOut', current, 2))).toEqual(current);
  });

  it('replays a check-out of either version to the same duration', () => {
    const visitor = visitDeclaration.example.input.visitor;
    const history = (checkedOut: StoredEvent) => [
      stored(1, 'workflow.started', {
        workflow: 'visit',
        input: { visitor },
        subject: ['visit', '00000000-0000-4000-8000-000000000002'],
      }),
      stored(2, 'visit.checkIn', { actor: visitor, checkedInAt: '2026-11-20T02:00:00.000Z' }),
      checkedOut,
    ];
    const old = replay(history(stored(3, 'visit.checkOut', { ...checkOut, minutes: 5, actor: visitor }, 1)));
    const now = replay(
      history(stored(3, 'visit.checkOut', { ...checkOut, durationMinutes: 5, actor: visitor }, 2)),
    );
    for (const { snapshot, notes } of [old, now]) {
      expect(snapshot.value).toBe('toRecord');
      expect(visitDeclaration.projection(snapshot)).toMatchObject({
        DurationMinutes: 5,
        DurationAbnormal: true,
      });
      expect(notes).toEqual([]);
    }
  });

  it('refuses a payload newer than the code, or an older one nobody can upcast', () => {
    const newer = stored(3, 'visit.checkOut', {}, 3);
    expect(() => upcast(visitDeclaration, newer)).toThrow(ReplayRefused);
    const noUpcaster = { ...visitDeclaration, events: { 'visit.checkOut': { version: 2 } } };
    expect(() => upcast(noUpcaster, stored(3, 'visit.checkOut', {}, 1))).toThrow(/no upcast from v1/);
  });

  it('checks a payload against its command and knows no command outside the declaration', () => {
    expect(payloadProblem(approvalDeclaration, 'approval.reject', { reason: ' ' })).toMatchObject({
      field: 'reason',
    });
    expect(payloadProblem(approvalDeclaration, 'approval.reject', { reason: '价格过低' })).toBeNull();
    expect(payloadProblem(approvalDeclaration, 'approval.teleport', {})).toMatchObject({ field: 'type' });
  });
});

describe('replay reads stored facts', () => {
  const applicant = { id: 'agent-1', name: '陈省代', role: 'JS002' };
  const ops = { id: 'ops-1', name: '钱商务', role: 'JS013' };
  const started = stored(1, 'workflow.started', {
    workflow: 'approval',
    input: { chain: ['JS013'], applicant },
    subject: ['specialApproval', '00000000-0000-4000-8000-000000000001'],
  });

  it('replays a history the machine accepts to its state', () => {
    const events = [
      started,
      stored(2, 'application.submit', { actor: applicant }),
      stored(3, 'approval.agree', { actor: ops }),
    ];
    const { snapshot, notes, doubt } = replay(events);
    expect(snapshot.value).toBe('approved');
    expect([notes, doubt]).toEqual([[], undefined]);
  });

  it('keeps a stream where it was at an event stored without its outcome that the machine refuses, and says so', () => {
    const events = [
      started,
      stored(2, 'approval.agree', { actor: ops }),
      stored(3, 'application.submit', { actor: applicant }),
    ];
    const { snapshot, doubt } = replay(events);
    expect(doubt).toMatchObject({ streamId: 'TJ-1', seq: 2, type: 'approval.agree', outcome: 'unresolved' });
    // The later submission is today's machine's to take: the stream reads, its state is in doubt.
    expect(snapshot.value).toBe('inApproval');
  });

  it('refuses a stream nothing can be read from: no start, or a workflow nobody declared', () => {
    const unknown = { ...started, payload: { ...started.payload, workflow: 'teleport' } };
    expect(() => replay([unknown])).toThrow(/no workflow teleport/);
    expect(() => replay([stored(1, 'application.submit', { actor: applicant })])).toThrow(ReplayRefused);
  });
});
