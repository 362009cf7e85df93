import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, type SnapshotFrom } from 'xstate';
import { uploadMachine } from '../../machines/kit/upload.machine';
import type { SendFileInput, UploadEmitted, UploadEvent, UploadInput } from '../../machines/kit/upload.types';
import { KEPT_ATTACHMENT, kitPathSamples } from '../../machines/viewer/path-samples-kit';
import {
  CoverageRecorder,
  describeEvent,
  pendingCalls,
  performStep,
  samplePaths,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof uploadMachine>;

// The viewer plans the first input's paths (machines/viewer/path-samples-kit.ts).
const sample = kitPathSamples.upload;
const kept = KEPT_ATTACHMENT;

const inputs: UploadInput[] = [
  sample.input as UploadInput,
  { ownerType: 101, ownerId: 'c-1', accept: ['pdf'], maxSizeMb: 1, limit: 2, files: [kept] },
  { ownerType: 101, accept: ['pdf'], maxSizeMb: 1, limit: 2, files: [kept], readOnly: true },
];

const coverage = new CoverageRecorder();
let pathCount = 0;

function startControl(input: UploadInput) {
  const { pending, call } = pendingCalls();
  const sending: { input: SendFileInput; stopped: boolean }[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        // The callback's sendBack events are the model's upload.* events, sent to the control directly.
        sendFile: fromCallback<UploadEvent, SendFileInput>(({ input: sent }) => {
          const record = { input: sent, stopped: false };
          sending.push(record);
          return () => {
            record.stopped = true;
          };
        }),
        deleteFile: call('deleteFile'),
        resolveDownload: call('resolveDownload'),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: UploadEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as UploadEmitted));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, sending, emitted };
}

async function perform(control: ReturnType<typeof startControl>, event: AnyEventObject) {
  await performStep(control.actor, control.pending, event);
}

/** What a person relies on whatever the path: the list agrees with the state and the rules hold. */
function checkInvariants(s: Snapshot, control: ReturnType<typeof startControl>, input: UploadInput) {
  const { items } = s.context;
  const placed = items.filter((i) => i.status !== 'failed');
  expect(placed.length, 'never more files than the limit').toBeLessThanOrEqual(2);
  expect(new Set(placed.map((i) => `${i.fileName}|${i.size}`)).size, 'no twin').toBe(placed.length);
  expect(items.filter((i) => i.status === 'uploading').length).toBe(s.matches('uploading') ? 1 : 0);
  if (s.matches('idle')) expect(items).toEqual([]);
  if (s.matches('done')) expect(items.length > 0 && items.every((i) => i.status === 'done')).toBe(true);
  if (s.matches('failed')) expect(items.some((i) => i.status === 'failed')).toBe(true);
  if (s.matches('uploading')) {
    const live = control.sending.filter((x) => !x.stopped);
    expect(live, 'exactly one upload under way').toHaveLength(1);
    expect(live[0].input.source.name).toBe(items.find((i) => i.status === 'uploading')?.fileName);
  } else {
    expect(control.sending.every((x) => x.stopped)).toBe(true);
  }
  if (s.matches('confirmingDelete'))
    expect(items.find((i) => i.uid === s.context.pendingDelete)?.status).toBe('done');
  if (input.readOnly) expect(items.map((i) => i.fileName)).not.toContain('a.pdf');
}

describe.each(inputs)('upload statechart, generated paths (%#)', (input) => {
  const paths = samplePaths(uploadMachine, sample, input);
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(input.readOnly ? 3 : 20));

  for (const path of paths) {
    it(
      path.steps
        .slice(1)
        .map((step) => describeEvent(step.event))
        .join(' → ') || 'start',
      async () => {
        const control = startControl(input);
        expect(control.actor.getSnapshot().value).toEqual(path.steps[0].state.value);
        for (const step of path.steps.slice(1)) {
          const before = control.emitted.length;
          await perform(control, step.event);
          const after = control.actor.getSnapshot();
          expect(after.value).toEqual(step.state.value);
          checkInvariants(after, control, input);
          const told = control.emitted.slice(before);
          if (step.event.type === 'upload.done')
            expect(
              told.some((e) => e.type === 'changed'),
              'an upload is announced to the page',
            ).toBe(true);
          if (step.event.type === 'upload.fail')
            expect(told.map((e) => e.type)).toEqual(['uploadError', 'notify']);
          if (step.event.type === 'xstate.error.actor.resolveDownload')
            expect(told).toEqual([{ type: 'notify', severity: 'error', message: 'kitFiles.downloadFailed' }]);
        }
      },
    );
  }
});

afterAll(() => {
  const report = coverage.report(uploadMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
