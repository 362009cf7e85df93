import { describe, expect, it } from 'vitest';
import { approvalDeclaration } from '../../machines/workflows/approval.workflow';
import type { WorkflowDeclaration } from '../../machines/workflows/declaration';
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

// The agreement's comment was once called `note`: version 2 renamed it, and version 1 events are read
// through the upcaster.
const renamed: WorkflowDeclaration = {
  ...approvalDeclaration,
  events: {
    'approval.agree': {
      version: 2,
      upcast: { 1: ({ note, ...rest }) => ({ ...rest, comment: note }) },
    },
  },
};

describe('stored events are read at their current schema', () => {
  it('upcasts an older payload step by step', () => {
    const old = stored(3, 'approval.agree', { note: '同意' }, 1);
    expect(upcast(renamed, old)).toEqual({ comment: '同意' });
    expect(upcast(renamed, { ...old, schema_version: 2, payload: { comment: '好' } })).toEqual({
      comment: '好',
    });
  });

  it('refuses a payload newer than the code, or an older one nobody can upcast', () => {
    const newer = stored(3, 'approval.agree', {}, 3);
    expect(() => upcast(renamed, newer)).toThrow(ReplayRefused);
    const noUpcaster = { ...renamed, events: { 'approval.agree': { version: 2 } } };
    expect(() => upcast(noUpcaster, stored(3, 'approval.agree', {}, 1))).toThrow(/no upcast from v1/);
  });

  it('checks a payload against its command and knows no command outside the declaration', () => {
    expect(payloadProblem(approvalDeclaration, 'approval.reject', { reason: ' ' })).toMatchObject({
      field: 'reason',
    });
    expect(payloadProblem(approvalDeclaration, 'approval.reject', { reason: '价格过低' })).toBeNull();
    expect(payloadProblem(approvalDeclaration, 'approval.teleport', {})).toMatchObject({ field: 'type' });
  });
});

describe('replay is strict', () => {
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
    expect(replay(events).snapshot.value).toBe('approved');
  });

  it('stops at the first event the machine refuses, naming it, instead of skipping it', () => {
    const events = [
      started,
      stored(2, 'approval.agree', { actor: ops }),
      stored(3, 'application.submit', { actor: applicant }),
    ];
    expect(() => replay(events)).toThrow(ReplayRefused);
    try {
      replay(events);
    } catch (error) {
      expect(error).toMatchObject({ streamId: 'TJ-1', seq: 2, type: 'approval.agree' });
    }
  });

  it('refuses a stream of a workflow nobody declared', () => {
    const unknown = { ...started, payload: { ...started.payload, workflow: 'teleport' } };
    expect(() => replay([unknown])).toThrow(/no workflow teleport/);
  });
});
