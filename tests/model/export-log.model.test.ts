import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import {
  EXPORTING,
  exportLogMachine,
  LOG_REFRESH_MS,
  type LogQuery,
} from '../../machines/kit/export-log.machine';
import { kitPathSamples } from '../../machines/viewer/path-samples-kit';
import type { ExportFile, ExportLogRow } from '../../services/export.service';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  describeEvent,
  performStep,
  samplePaths,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof exportLogMachine>;
type LogPage = { rows: ExportLogRow[]; total: number };

// The viewer plans the same paths (machines/viewer/path-samples-kit.ts).
const sample = kitPathSamples.exportLog;

const coverage = new CoverageRecorder();
const input = sample.input as { configCode: string };

function start() {
  const clock = new SimulatedClock();
  const pending = new Map<string, Deferred<unknown>>();
  const queries: LogQuery[] = [];
  const files: string[] = [];
  const saved: ExportFile[] = [];
  const notices: string[] = [];
  const call = <I, O>(id: string, record: (input: I) => void) =>
    fromPromise<O, I>(({ input: value }) => {
      record(value);
      const d = deferred<unknown>();
      pending.set(id, d);
      return d.promise as Promise<O>;
    });
  const actor = createActor(
    exportLogMachine.provide({
      actors: {
        fetchLog: call<LogQuery, LogPage>('fetchLog', (q) => queries.push(q)),
        fetchFile: call<string, ExportFile>('fetchFile', (f) => files.push(f)),
      },
      actions: { saveFile: (_, f) => saved.push(f) },
    }),
    { input, clock, inspect: coverage.inspect },
  );
  actor.on('notify', (e) => notices.push(e.message));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, clock, pending, queries, files, saved, notices };
}

async function perform(log: ReturnType<typeof start>, event: AnyEventObject) {
  if (event.type.startsWith('xstate.after.')) {
    log.clock.increment(LOG_REFRESH_MS);
    return;
  }
  await performStep(log.actor, log.pending, event);
}

function checkInvariants(s: Snapshot) {
  const exporting = s.context.rows.some((r) => r.status === EXPORTING);
  if (s.matches({ open: { shown: 'watching' } }))
    expect(exporting, 'watching only while a job runs').toBe(true);
  if (s.matches({ open: { shown: 'idle' } })) expect(exporting, 'idle once nothing runs').toBe(false);
  expect(s.context.currentPage).toBeGreaterThanOrEqual(1);
  if (!s.matches({ open: 'loading' }))
    expect(s.context.currentPage, 'the page shown exists').toBeLessThanOrEqual(
      Math.max(1, Math.ceil(s.context.total / s.context.pageSize)),
    );
  expect(s.hasTag('busy')).toBe(s.matches({ open: 'loading' }) || s.matches({ open: 'downloading' }));
}

const paths = samplePaths(exportLogMachine, sample);

describe('export log statechart, generated paths', () => {
  it('generates paths', () => expect(paths.length).toBeGreaterThan(8));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event))
        .join(' → '),
      async () => {
        const log = start();
        for (const step of path.steps.slice(1)) {
          const before = log.actor.getSnapshot();
          await perform(log, step.event);
          const after = log.actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          checkInvariants(after);
          if (after.matches({ open: 'loading' }) && !before.matches({ open: 'loading' }))
            expect(log.queries.at(-1)).toEqual({
              configCode: input.configCode,
              currentPage: after.context.currentPage,
              pageSize: 10,
            });
          if (step.event.type === 'xstate.done.actor.fetchFile')
            expect(log.saved.at(-1)).toEqual(step.event.output);
          if (step.event.type === 'xstate.error.actor.fetchFile')
            expect(log.notices.at(-1)).toBe('kitExport.downloadFailed');
          if (step.event.type === 'file.download') expect(log.files.at(-1)).toBe('a.xlsx');
        }
      },
    );
  }
});

afterAll(() => {
  const report = coverage.report(exportLogMachine);
  writeCoverageReport(report, paths.length);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
