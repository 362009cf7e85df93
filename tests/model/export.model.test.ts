import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { type ExportInput, type ExportRequest, exportMachine } from '../../machines/kit/export.machine';
import { EXPORT_PARAMS, shellPathSamples } from '../../machines/viewer/path-samples-shell';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  describeEvent,
  samplePaths,
  settle,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof exportMachine>;

// The viewer plans the first input's paths (machines/viewer/path-samples-shell.ts).
const sample = shellPathSamples.export;
const COOLDOWN = (sample.input as ExportInput).cooldownSeconds;
const params = EXPORT_PARAMS;

const coverage = new CoverageRecorder();
let pathCount = 0;

function start(input: ExportInput) {
  const clock = new SimulatedClock();
  const calls: { request: ExportRequest; answer: Deferred<string> }[] = [];
  const opened: string[] = [];
  const notices: string[] = [];
  const actor = createActor(
    exportMachine.provide({
      actors: {
        runExport: fromPromise<string, ExportRequest>(({ input: request }) => {
          const answer = deferred<string>();
          calls.push({ request, answer });
          return answer.promise;
        }),
      },
      actions: { openUrl: (_, { url }) => opened.push(url) },
    }),
    { input, clock, inspect: coverage.inspect },
  );
  actor.on('notify', (e) => notices.push(e.message));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, clock, calls, opened, notices };
}

async function perform(button: ReturnType<typeof start>, event: AnyEventObject) {
  if (event.type.startsWith('xstate.after.')) {
    button.clock.increment(1000);
    return;
  }
  const call = button.calls.at(-1);
  if (event.type === 'xstate.done.actor.runExport') call!.answer.resolve(event.output);
  else if (event.type === 'xstate.error.actor.runExport') call!.answer.reject(event.error);
  else button.actor.send(event as never);
  await settle();
}

/** What a person sees of the button in every state, whatever led there. */
function checkInvariants(s: Snapshot, input: ExportInput) {
  expect(s.hasTag('busy'), 'busy only while exporting').toBe(s.matches('exporting'));
  expect(s.hasTag('locked'), 'locked only while cooling down').toBe(s.matches('coolingDown'));
  if (s.matches('coolingDown')) {
    expect(s.context.remaining).toBeGreaterThanOrEqual(1);
    expect(s.context.remaining).toBeLessThanOrEqual(input.cooldownSeconds!);
  } else {
    expect(s.context.remaining).toBe(0);
  }
  expect(s.can({ type: 'export.request', params }), 'a click works only when ready').toBe(s.matches('ready'));
}

describe.each<ExportInput>([
  sample.input as ExportInput,
  { configCode: 'OwnLineOrderExport', mode: 'job', cooldownSeconds: COOLDOWN },
])('export button statechart, generated paths ($mode)', (input) => {
  const paths = samplePaths(exportMachine, sample, input);
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThanOrEqual(3));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event))
        .join(' → '),
      async () => {
        const button = start(input);
        for (const step of path.steps.slice(1)) {
          const before = button.actor.getSnapshot();
          await perform(button, step.event);
          const after = button.actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          expect(after.context.remaining).toBe(step.state.context.remaining);
          checkInvariants(after, input);
          if (step.event.type === 'export.request')
            expect(button.calls.at(-1)?.request).toEqual({
              configCode: input.configCode,
              mode: input.mode,
              params,
            });
          if (before.matches('exporting') && after.matches('coolingDown')) {
            expect(after.context.remaining, 'the countdown starts at the full freeze').toBe(COOLDOWN);
            if (input.mode === 'sync') expect(button.opened.at(-1)).toBe(step.event.output);
            else expect(button.notices.at(-1)).toBe('kitExport.started');
          }
          if (input.mode === 'job') expect(button.opened, 'a job export opens no URL').toEqual([]);
          // A job export's bar starts at 0, moves as its follower says, and goes when the job ends.
          if (input.mode === 'job' && before.matches('exporting') && after.matches('coolingDown'))
            expect(after.context.progress).toBe(0);
          if (step.event.type === 'export.progress') expect(after.context.progress).toBe(40);
          if (step.event.type === 'export.finished') {
            expect(after.context.progress).toBeUndefined();
            expect(button.notices.at(-1)).toBe(step.event.ok ? 'kitExport.finished' : 'kitExport.failed');
          }
          if (
            before.matches('exporting') &&
            step.event.type === 'xstate.done.actor.runExport' &&
            after.matches('ready')
          )
            expect(button.notices.at(-1)).toBe('kitExport.emptyUrl');
        }
      },
    );
  }
});

afterAll(() => {
  const report = coverage.report(exportMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
