import { afterAll, describe, expect, it } from 'vitest';
import { type ActorLogic, type AnyEventObject, createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { DecisionRequest } from '../../domain/workflow-decisions';
import { type DecisionEmitted, decisionMachine } from '../../machines/kit/decision.machine';
import { isAnswered } from '../../machines/kit/decision.rules';
import { decisionPathSample } from '../../machines/viewer/path-samples-decision';
import { CoverageRecorder, pathTitle, pendingCalls, performStep, writeCoverageReport } from './model-kit';

/**
 * The decision statechart of every workflow panel walked along generated paths: the server's answers
 * (options, decisions, refusals) are steps of the path, so a refusal is walked like a success; every
 * state and transition is covered.
 */
type Snapshot = SnapshotFrom<typeof decisionMachine>;

// The viewer plans the panel's paths from the same sample (machines/viewer/path-samples-decision.ts).
const sample = decisionPathSample;
const events = sample.events ?? [];
const input = sample.input as { workflow: string; objectId: string; streamId: string };
const coverage = new CoverageRecorder();

// What decides what happens next: the commands offered, the one in hand, and whether its dialog is answered.
const keyOf = (s?: Snapshot) => {
  if (!s) return '';
  const c = s.context;
  const answered = c.command ? isAnswered(c.command.Asks, c.form, c.options?.Lines) : '';
  return [JSON.stringify(s.value), c.options?.Commands.length ?? '-', c.command?.Name ?? '', answered].join(
    '|',
  );
};
const model = new TestModel<Snapshot, AnyEventObject, typeof input>(
  decisionMachine as unknown as ActorLogic<Snapshot, AnyEventObject, typeof input>,
  {
    events,
    input,
    serializeState: (s, e, prev) =>
      `${keyOf(s)}${e ? ` via ${JSON.stringify(e, (_k, v) => (v instanceof Error ? v.message : v))} from ${keyOf(prev)}` : ''}`,
  },
);
const paths = model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });

function startDecision() {
  const { pending, call } = pendingCalls();
  const sent: DecisionRequest[] = [];
  const loads: unknown[] = [];
  const actor = createActor(
    decisionMachine.provide({
      actors: {
        loadOptions: call('loadOptions', (given) => loads.push(given)),
        decide: call('decide', (given) => sent.push(given as DecisionRequest)),
        locate: call('locate', () => undefined),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: DecisionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as DecisionEmitted));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, sent, loads, emitted };
}

describe('decision statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const decision = startDecision();
      for (const step of path.steps.slice(1)) {
        const before = decision.actor.getSnapshot();
        const sentBefore = decision.sent.length;
        const emittedBefore = decision.emitted.length;
        await performStep(decision.actor, decision.pending, step.event);
        const after = decision.actor.getSnapshot();
        expect(after.value).toEqual(step.state.value);
        const emitted = decision.emitted.slice(emittedBefore).map((e) => e.type);

        // What a person relies on, whatever the path:
        if (after.hasTag('busy'))
          expect(after.can({ type: 'command.choose', command: 'agree' }), 'nothing is sent twice').toBe(
            false,
          );
        if (step.event.type === 'command.choose' && !before.context.options?.Commands.length)
          expect(after.value, 'only what the server offers').toEqual(before.value);
        if (step.event.type === 'dialog.confirm' && after.matches('asking'))
          expect(
            Object.values(after.context.problems).filter(Boolean).length,
            'a refused dialog names each wrong field',
          ).toBeGreaterThan(0);
        if (step.event.type === 'xstate.done.actor.decide') {
          expect(emitted, 'the page reloads its record').toEqual(['notify', 'decided']);
          expect(after.context.refusal).toBeUndefined();
        }
        if (step.event.type === 'xstate.error.actor.decide') {
          expect(after.context.refusal, 'the refusal is shown as the server words it').toBe(
            (step.event as unknown as { error: Error }).error.message,
          );
          expect(emitted).toEqual(['notify', 'refused']);
        }
        if (step.event.type === 'xstate.done.actor.decide')
          expect(after.context.options, 'the options after the decision are shown at once').toBe(
            (step.event as unknown as { output: unknown }).output,
          );
        if (step.event.type === 'xstate.error.actor.decide')
          expect(after.matches('loading'), 'after a refusal the options are read again').toBe(true);
        for (const request of decision.sent.slice(sentBefore)) {
          expect(request.WorkflowVersion, 'the version the person saw goes along').toBe(7);
          expect(request.StreamID, 'the stream the panel shows').toBe('customer-change-1');
          expect(request.ObjectID).toBe('c-1');
          if (request.command === 'agree') expect(request.payload).toEqual({});
          if (request.command === 'reject')
            expect(request.payload).toEqual({ reason: 'Qualifications not met' });
          if (request.command === 'withdraw') expect(request.payload.reason?.trim() ?? 'none').not.toBe('');
          if (request.command === 'forward')
            expect(request.payload).toEqual({ to: 'e-2', toName: 'Shen Boyuan' });
          if (request.command === 'returnGoods')
            expect(request.payload, 'never more than is open of a line').toEqual({
              lines: [{ lineNo: 1, quantity: 1, inspection: 'damaged' }],
            });
          // A recalculation sends its adjustment as typed when it is a signed amount, and never a wrong one.
          if (request.command === 'recalculate')
            expect(request.payload.adjustAmount ?? '-120.50', 'only a signed amount goes').toBe('-120.50');
          // A check-in goes with the browser's position and accuracy, or one typed in range and said to be typed.
          if (request.command === 'checkIn')
            expect([
              { latitude: 32.06, longitude: 118.79, accuracy: 25 },
              { latitude: 32.0418, longitude: 118.7785, typed: true },
            ]).toContainEqual(request.payload);
          expect(request.command, 'never a command the server did not offer').not.toBe('sign');
        }
      }
    });
  }
});

afterAll(() => {
  const report = coverage.report(decisionMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
