import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StreamPageInput } from '../../machines/viewer/history.actors';
import { type HistoryInput, processHistoryMachine } from '../../machines/viewer/history.machine';
import { inspectionBus } from '../../machines/viewer/inspection';
import { workflowViewerMachine } from '../../machines/viewer/viewer.machine';
import {
  defaultRegistrationChain,
  registrationWorkflow,
} from '../../machines/workflows/registration.workflow';
import type { HistoryEvent, WorkflowStreamRow } from '../../services/process-history.service';

const applicant = { id: 'applicant:1', name: '张三', role: 'applicant' };
const reviewer = { id: 'e-cm', name: '李渠道', role: 'JS010' };
const qualifier = { id: 'e-cd', name: '周渠道部', role: 'JS018' };
const event = (Seq: number, Type: string, actor: typeof applicant, Payload: Record<string, unknown> = {}) =>
  ({
    StreamID: 'registration-1',
    Workflow: 'registration',
    Seq,
    Type,
    ActorID: actor.id,
    ActorName: actor.name,
    Role: actor.role,
    At: '2026-11-22T09:00:00.000Z',
    Payload: { ...Payload, actor },
  }) as HistoryEvent;
const stream: HistoryEvent[] = [
  event(1, 'workflow.started', applicant, { input: { chain: defaultRegistrationChain, applicant } }),
  event(2, 'review.agree', reviewer),
  event(3, 'review.return', qualifier, { reason: '请补充营业执照' }),
];
const rows: WorkflowStreamRow[] = [
  {
    StreamID: 'registration-1',
    Workflow: 'registration',
    Status: 'supplement',
    PendingRole: null,
    SubjectResource: 'registrationInfo',
    SubjectID: 'x',
    SubjectLabel: 'ZR20261122001 苏州青禾智能装备有限公司',
    Version: 3,
    StartedOn: null,
    StartedBy: '张三',
    UpdatedOn: null,
  },
];

function startHistory(history: HistoryEvent[] | Error = stream, total = 1) {
  const asked: string[] = [];
  const listed: StreamPageInput[] = [];
  const machine = processHistoryMachine.provide({
    actors: {
      loadStreams: fromPromise<{ rows: WorkflowStreamRow[]; total: number }, StreamPageInput>(
        async ({ input }) => {
          listed.push(input);
          return { rows, total };
        },
      ),
      loadHistory: fromPromise<HistoryEvent[], { streamId: string }>(async ({ input }) => {
        asked.push(input.streamId);
        if (history instanceof Error) throw history;
        return history;
      }),
    },
  });
  const input: HistoryInput = { workflow: 'registration', machine: registrationWorkflow };
  return { actor: createActor(machine, { input }).start(), asked, listed };
}

describe('process history replay', () => {
  it('lists the streams, opens one at its first step and walks forward and back', async () => {
    const { actor, asked } = startHistory();
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(actor.getSnapshot().context.streams.map((r) => r.StreamID)).toEqual(['registration-1']);
    actor.send({ type: 'stream.open', streamId: ' registration-1 ' });
    await waitFor(actor, (s) => s.matches('replaying'));
    expect(asked).toEqual(['registration-1']);
    const at = () => actor.getSnapshot().context;
    expect([at().step, at().steps.length]).toEqual([0, 3]);
    expect(actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    actor.send({ type: 'step.next' });
    actor.send({ type: 'step.next' });
    expect(at().steps[at().step].value).toBe('"supplement"');
    expect(actor.getSnapshot().can({ type: 'step.next' })).toBe(false);
    actor.send({ type: 'step.next' });
    expect(at().step).toBe(2);
    actor.send({ type: 'step.back' });
    expect(at().step).toBe(1);
    actor.send({ type: 'step.go', index: 7 });
    expect(at().step).toBe(1);
    actor.send({ type: 'step.first' });
    expect(at().step).toBe(0);
    actor.send({ type: 'stream.close' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
  });

  it('lists the chosen workflow’s streams at once, turns pages and searches by stream id', async () => {
    const { actor, listed } = startHistory(stream, 23);
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(listed).toEqual([{ workflow: 'registration', page: 1, search: '' }]);
    expect(actor.getSnapshot().context.streams[0].SubjectLabel).toContain('ZR20261122001');
    expect(actor.getSnapshot().can({ type: 'streams.page', page: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'streams.page', page: 4 })).toBe(false);
    actor.send({ type: 'streams.page', page: 3 });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(actor.getSnapshot().context.page).toBe(3);
    actor.send({ type: 'streams.search', search: ' registration-1 ' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(listed.slice(1)).toEqual([
      { workflow: 'registration', page: 3, search: '' },
      { workflow: 'registration', page: 1, search: 'registration-1' },
    ]);
  });

  it('refuses a stream of another workflow and keeps the list', async () => {
    const { actor } = startHistory(stream.map((e) => ({ ...e, Workflow: 'approval' })));
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send({ type: 'stream.open', streamId: 'TJ-1' });
    await waitFor(actor, (s) => s.matches('browsing') && s.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toBe('workflows.history.otherWorkflow');
    expect(actor.getSnapshot().context.steps).toEqual([]);
  });

  it('shows the server’s refusal when a history cannot be read', async () => {
    const { actor } = startHistory(new Error('流程不存在'));
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send({ type: 'stream.open', streamId: 'nope' });
    await waitFor(actor, (s) => s.context.error !== undefined);
    expect(actor.getSnapshot().context.error).toBe('流程不存在');
  });
});

describe('workflow viewer', () => {
  it('loads a registry machine, lays it out, and keeps highlight, zoom and the clicked element', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'machine.select', id: 'registration' });
    expect(viewer.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(viewer, (s) => s.matches('shown'));
    const { layout, machine } = viewer.getSnapshot().context;
    expect(machine?.id).toBe('registration');
    expect(layout?.nodes.map((n) => n.node.id)).toContain('registration.toSign');
    viewer.send({ type: 'highlight.set', highlight: { states: ['registration.inReview'], transitions: [] } });
    viewer.send({ type: 'element.select', element: { kind: 'state', id: 'registration.inReview' } });
    viewer.send({ type: 'zoom.in' });
    viewer.send({ type: 'zoom.in' });
    expect(viewer.getSnapshot().context).toMatchObject({
      zoom: 1.56,
      element: { kind: 'state', id: 'registration.inReview' },
      highlight: { states: ['registration.inReview'] },
    });
    viewer.send({ type: 'machine.select', id: 'approval' });
    expect(viewer.getSnapshot().context.highlight).toBeUndefined();
    expect(viewer.getSnapshot().context.element).toBeUndefined();
    await waitFor(viewer, (s) => s.matches('shown'));
    expect(viewer.getSnapshot().context.machine?.id).toBe('approval');
  }, 30_000);

  it('names the problem when a machine cannot be drawn', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'machine.select', id: 'noSuchMachine' });
    await waitFor(viewer, (s) => s.matches('failed'));
    expect(viewer.getSnapshot().context.error).toContain('noSuchMachine');
  });

  it('draws a live actor’s own machine without the registry', async () => {
    const viewer = createActor(workflowViewerMachine).start();
    viewer.send({ type: 'mode.change', mode: 'live' });
    viewer.send({ type: 'machine.show', id: 'guard', machine: registrationWorkflow });
    await waitFor(viewer, (s) => s.matches('shown'));
    expect(viewer.getSnapshot().context).toMatchObject({ mode: 'live', selected: 'guard' });
    expect(viewer.getSnapshot().context.machine).toBe(registrationWorkflow);
  });
});

describe('the inspection bus', () => {
  it('hands the inspected actors’ events to its listeners, and to nobody once they leave', () => {
    const seen: string[] = [];
    const stop = inspectionBus.subscribe((e) => {
      if (e.type === '@xstate.event') seen.push(e.event.type);
    });
    const actor = createActor(registrationWorkflow, {
      input: { chain: defaultRegistrationChain, applicant },
      inspect: inspectionBus.inspect,
    }).start();
    actor.send({ type: 'application.withdraw', actor: applicant });
    expect(seen).toEqual(['xstate.init', 'application.withdraw']);
    expect(inspectionBus.listening).toBe(true);
    stop();
    expect(inspectionBus.listening).toBe(false);
    actor.send({ type: 'application.withdraw', actor: applicant });
    expect(seen).toHaveLength(2);
  });
});
