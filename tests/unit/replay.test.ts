import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { machineGraph } from '../../machines/viewer/diagram-graph';
import { highlightAt, replayHistory } from '../../machines/viewer/replay';
import { approvalWorkflow } from '../../machines/workflows/approval.workflow';
import type { HistoryEvent } from '../../services/process-history.service';

const applicant = { id: 'e-applicant', name: '陈省代', role: 'JS002' };
const ops = { id: 'e-ops', name: '钱商务', role: 'JS013' };
const finance = { id: 'e-fin', name: '孙财务', role: 'JS014' };

let seq = 0;
function stored(Type: string, actor: typeof ops, payload: Record<string, unknown> = {}): HistoryEvent {
  seq += 1;
  return {
    StreamID: 'TJ-1',
    Workflow: 'approval',
    Seq: seq,
    Type,
    ActorID: actor.id,
    ActorName: actor.name,
    Role: actor.role,
    At: `2026-11-22T09:0${seq}:00.000Z`,
    Payload: { ...payload, actor },
  };
}

function approvalStream() {
  seq = 0;
  return [
    stored('workflow.started', applicant, {
      workflow: 'approval',
      input: { chain: ['JS013', 'JS014'], applicant },
      subject: ['specialApproval', 'x'],
    }),
    stored('application.submit', applicant),
    stored('approval.agree', ops, { comment: '同意' }),
    stored('approval.agree', ops), // node 1 is finance's: refused
    stored('approval.agree', finance),
  ];
}

const edgeOf = (source: string, target: string) =>
  machineGraph(approvalWorkflow).edges.find((e) => e.source === source && e.target === target)!.transition;

describe('replayHistory', () => {
  it('replays the stored events through the pure machine, step by step', () => {
    const steps = replayHistory(approvalWorkflow, approvalStream());
    expect(steps.map((s) => s.value)).toEqual([
      '"draft"',
      '"inApproval"',
      '"inApproval"',
      '"inApproval"',
      '"approved"',
    ]);
    expect(steps[0].current).toEqual(['approval', 'approval.draft']);
    expect(steps.at(-1)?.current).toEqual(['approval', 'approval.approved']);
    expect(steps.map((s) => s.accepted)).toEqual([true, true, true, false, true]);
  });

  it('names the transition each event took, the guarded branch included', () => {
    const steps = replayHistory(approvalWorkflow, approvalStream());
    expect(steps[1].transitions).toEqual([edgeOf('approval.draft', 'approval.inApproval')]);
    expect(steps[2].transitions).toEqual(['approval.inApproval:approval.agree:1']);
    expect(steps[3].transitions).toEqual([]);
    expect(steps[4].transitions).toEqual([edgeOf('approval.inApproval', 'approval.approved')]);
  });

  it('records eventless transitions taken after an event', () => {
    const machine = setup({}).createMachine({
      id: 'm',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: { always: 'c' }, c: {} },
    });
    const events: HistoryEvent[] = [
      { ...approvalStream()[0], Payload: { input: {} } },
      { ...approvalStream()[1], Type: 'go', Payload: {} },
    ];
    const steps = replayHistory(machine, events);
    expect(steps[1].value).toBe('"c"');
    expect(steps[1].transitions).toEqual(['m.a:go:0', 'm.b:always:0']);
  });

  it('refuses a stream that does not start with workflow.started', () => {
    expect(() => replayHistory(approvalWorkflow, approvalStream().slice(1))).toThrow(/workflow.started/);
    expect(replayHistory(approvalWorkflow, [])).toEqual([]);
  });
});

describe('highlightAt', () => {
  it('gathers the states visited and transitions taken up to the step, and the state it is in', () => {
    const steps = replayHistory(approvalWorkflow, approvalStream());
    expect(highlightAt(steps, 0)).toEqual({
      states: ['approval', 'approval.draft'],
      transitions: [],
      current: ['approval', 'approval.draft'],
    });
    const atTwo = highlightAt(steps, 2);
    expect(atTwo.states).toEqual(['approval', 'approval.draft', 'approval.inApproval']);
    expect(atTwo.transitions).toHaveLength(2);
    expect(atTwo.current).toEqual(['approval', 'approval.inApproval']);
    const end = highlightAt(steps, 99);
    expect(end.current).toEqual(['approval', 'approval.approved']);
    expect(end.transitions).toHaveLength(3);
  });
});
