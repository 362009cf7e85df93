import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, initialTransition, transition } from 'xstate';
import { z } from 'zod';
import { replayHistory } from '../../machines/viewer/replay';
import { approvalDeclaration } from '../../machines/workflows/approval.workflow';
import type { WorkflowDeclaration } from '../../machines/workflows/declaration';
import { REACHED } from '../../machines/workflows/recorded-outcome';
import type { StoredEvent } from '../../server/workflows/event-store';
import { replay } from '../../server/workflows/replay';
import type { HistoryEvent } from '../../services/process-history.service';

const applicant = { id: 'agent-1', name: '陈省代', role: 'JS002' };
const ops = { id: 'ops-1', name: '钱商务', role: 'JS013' };
const finance = { id: 'fin-1', name: '孙财务', role: 'JS014' };
type Actor = typeof applicant;

const event = (seq: number, type: string, payload: Record<string, unknown>): StoredEvent => ({
  stream_id: 'TJ-7',
  seq,
  type,
  schema_version: 1,
  payload,
  actor_id: String((payload.actor as Actor | undefined)?.id ?? applicant.id),
  actor_name: 'x',
  role: 'x',
  at: new Date('2026-11-20T02:00:00Z'),
});

/**
 * A stream written the way the engine writes it under today's rules: each command must be accepted,
 * and the state it led to is kept beside its payload.
 */
function written(commands: [type: string, actor: Actor, payload?: Record<string, unknown>][]) {
  const input = { chain: ['JS013', 'JS014'], applicant };
  const machine: AnyStateMachine = approvalDeclaration.machine;
  let [snapshot] = initialTransition(machine, input);
  const events = [
    event(1, 'workflow.started', {
      workflow: 'approval',
      machineVersion: 1,
      input,
      subject: ['specialApproval', '00000000-0000-4000-8000-000000000007'],
    }),
  ];
  for (const [type, actor, payload = {}] of commands) {
    const sent = { ...payload, actor, type };
    expect(snapshot.can(sent), type).toBe(true);
    [snapshot] = transition(machine, snapshot, sent);
    events.push(event(events.length + 1, type, { ...payload, actor, [REACHED]: snapshot.value }));
  }
  return events;
}

const approvedInTwoSteps = () =>
  written([
    ['application.submit', applicant],
    ['approval.agree', ops, { comment: '同意' }],
    ['approval.agree', finance],
  ]);

/** The approval workflow as a later release might declare it: some of its rules changed. */
const tightened = (changes: Partial<WorkflowDeclaration> & { guards?: Record<string, () => boolean> }) => {
  const { guards, ...rest } = changes;
  const declaration: WorkflowDeclaration = {
    ...approvalDeclaration,
    machine: guards ? approvalDeclaration.machine.provide({ guards }) : approvalDeclaration.machine,
    ...rest,
  };
  return (name: string) => (name === 'approval' ? declaration : undefined);
};

describe('a stream written before a rule was tightened', () => {
  it('still reads, and reaches the state its events led to', () => {
    // Today nobody would be the current approver: the stored agreements happened all the same.
    const { snapshot, notes, doubt } = replay(
      approvedInTwoSteps(),
      tightened({ guards: { isCurrentApprover: () => false } }),
    );
    expect(snapshot.value).toBe('approved');
    expect(snapshot.context).toMatchObject({ node: 1, decisions: 2 });
    expect(notes.map((n) => [n.seq, n.outcome])).toEqual([
      [3, 'followed'],
      [4, 'followed'],
    ]);
    expect(doubt).toBeUndefined();
  });

  it('takes the branch the event took when today’s guards would choose another', () => {
    // A chain that today has one more node than it had: the last agreement would only advance.
    const longer = replay(approvedInTwoSteps(), tightened({ guards: { isLastNode: () => false } }));
    expect(longer.snapshot.value).toBe('approved');
    expect(longer.snapshot.context).toMatchObject({ node: 1, decisions: 2 });
    expect(longer.notes.map((n) => [n.seq, n.outcome])).toEqual([[4, 'followed']]);

    // A chain that today ends at its first node: the first agreement advanced, as it did then, and
    // the advance's actions ran (node 1, finance's).
    const shorter = replay(approvedInTwoSteps(), tightened({ guards: { isLastNode: () => true } }));
    expect(shorter.snapshot.value).toBe('approved');
    expect(shorter.snapshot.context).toMatchObject({ node: 1, decisions: 2 });
    expect(shorter.notes.map((n) => [n.seq, n.outcome])).toEqual([[3, 'followed']]);
  });

  it('reads a payload today’s schema refuses, and reports it', () => {
    const events = written([
      ['application.submit', applicant],
      ['approval.reject', ops, { reason: '价格过低' }],
    ]);
    const longerReasons = approvalDeclaration.commands.reject;
    const { snapshot, notes } = replay(
      events,
      tightened({
        commands: {
          ...approvalDeclaration.commands,
          reject: { ...longerReasons, payload: z.object({ reason: z.string().min(10) }) },
        },
      }),
    );
    expect(snapshot.value).toBe('rejected');
    expect(snapshot.context).toMatchObject({ reason: '价格过低' });
    expect(notes).toEqual([
      expect.objectContaining({ seq: 3, outcome: 'taken', why: expect.stringMatching(/^reason/) }),
    ]);
  });

  it('keeps a stream in doubt, without failing, when the state an event led to no longer exists', () => {
    const events = approvedInTwoSteps();
    events[3] = { ...events[3], payload: { ...events[3].payload, [REACHED]: 'countersigned' } };
    const { snapshot, doubt } = replay(events, tightened({ guards: { isCurrentApprover: () => false } }));
    expect(doubt).toMatchObject({ seq: 4, outcome: 'unresolved' });
    expect(snapshot.value).toBe('inApproval');
  });

  it('is walked in the viewer to the same states, the refused steps flagged as followed', () => {
    const history: HistoryEvent[] = approvedInTwoSteps().map((e) => ({
      StreamID: e.stream_id,
      Workflow: 'approval',
      Seq: e.seq,
      Type: e.type,
      ActorID: e.actor_id,
      ActorName: e.actor_name,
      Role: e.role,
      At: e.at.toISOString(),
      Payload: e.payload,
    }));
    const machine = approvalDeclaration.machine.provide({ guards: { isCurrentApprover: () => false } });
    const steps = replayHistory(machine, history);
    expect(steps.map((s) => s.value)).toEqual(['"draft"', '"inApproval"', '"inApproval"', '"approved"']);
    expect(steps.map((s) => [s.accepted, s.followed])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [false, true],
    ]);
  });
});
