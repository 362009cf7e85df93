import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ChannelType } from '../../domain/codes/customers.codes';
import { customerWorkflowMachine } from '../../machines/customers/customer-workflow.machine';
import { formProblems } from '../../machines/customers/customer-workflow.rules';
import { workflowPathSamples } from '../../machines/viewer/path-samples-workflows';
import { MIN_BLACKLIST_DAYS } from '../../machines/workflows/customer-change.rules';
import type { ApplyRequest } from '../../services/customer-workflow.service';
import { CoverageRecorder, pathTitle, pendingCalls, performStep, writeCoverageReport } from './model-kit';

type Snapshot = SnapshotFrom<typeof customerWorkflowMachine>;

// The viewer plans the panel's paths from the same sample (machines/viewer/path-samples-workflows.ts).
const sample = workflowPathSamples.customerWorkflow;
const events = sample.events ?? [];
const input = sample.input as { objectId: string };
const coverage = new CoverageRecorder();

// What decides what happens next: which list is shown, the kind in hand, and whether its form is right.
const keyOf = (s?: Snapshot) => {
  if (!s) return '';
  const c = s.context;
  const valid = c.pending ? Object.keys(formProblems(c.pending, c.form)).length === 0 : '';
  return [JSON.stringify(s.value), c.overview?.Startable.length ?? '-', c.pending ?? '', valid].join('|');
};
const model = new TestModel<Snapshot, AnyEventObject, typeof input>(
  customerWorkflowMachine as unknown as ActorLogic<Snapshot, AnyEventObject, typeof input>,
  {
    events,
    input,
    serializeState: (s, e, prev) =>
      `${keyOf(s)}${e ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${keyOf(prev)}` : ''}`,
  },
);
const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });

function startPanel() {
  const { pending: waiting, call } = pendingCalls();
  const sent: ApplyRequest[] = [];
  const actor = createActor(
    customerWorkflowMachine.provide({
      actors: {
        loadApplications: call('loadApplications'),
        submit: call('submit', (given) => sent.push(given as ApplyRequest)),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, waiting, sent, emitted };
}

describe('customer-workflow panel statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(30));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const panel = startPanel();
      for (const step of path.steps.slice(1)) {
        const sentBefore = panel.sent.length;
        await performStep(panel.actor, panel.waiting, step.event);
        const after = panel.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);

        // What a person relies on, whatever the path:
        if (after.hasTag('busy'))
          expect(after.can({ type: 'apply.start', kind: 'renewal' }), 'nothing starts while busy').toBe(
            false,
          );
        if (step.event.type === 'dialog.confirm' && after.matches('editing'))
          expect(
            Object.keys(after.context.errors).length,
            'a refused dialog names the field',
          ).toBeGreaterThan(0);
        if (step.event.type === 'xstate.done.actor.submit') expect(panel.emitted).toContain('changed');
        if (step.event.type === 'xstate.error.actor.submit')
          expect(after.context.refusal, 'the refusal is shown as the server words it').toBe(
            (step.event as unknown as { error: Error }).error.message,
          );
        for (const request of panel.sent.slice(sentBefore)) {
          expect(request.kind, 'only the chosen kind is sent').toBe(after.context.pending);
          if (['suspension', 'blacklist'].includes(request.kind))
            expect(request.body.reason?.trim()).toBeTruthy();
          if (request.kind === 'blacklist')
            expect(request.body.days).toBeGreaterThanOrEqual(MIN_BLACKLIST_DAYS);
          if (request.kind === 'renewal') expect([12, 24, 36]).toContain(request.body.termMonths);
          if (request.kind === 'conversion') expect(request.body.to).toBe(ChannelType.ccp);
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(customerWorkflowMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
