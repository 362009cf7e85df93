import { assign, emit, fromCallback, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import { EXPORT_COOLDOWN_S } from '../../domain/constants';
import { errorText } from './error-text';

export type ExportMode = 'sync' | 'job';
export type ExportParams = Record<string, unknown>;

export interface ExportInput {
  configCode: string;
  mode: ExportMode;
  /** SPEC §9: 30 s; shorter only in tests. */
  cooldownSeconds?: number;
}

export interface ExportContext {
  configCode: string;
  mode: ExportMode;
  cooldownSeconds: number;
  /** Seconds left before the button works again; shown in its label. */
  remaining: number;
  params: ExportParams;
  error?: string;
  /** A job export under way: its percent done, shown on the button's progress bar until it ends. */
  progress?: number;
  /** The rows the job has written so far, shown beside its percent. */
  exportedRows?: number;
}

export type ExportEvent =
  | { type: 'export.request'; params: ExportParams }
  /** The job's percent done and the rows it has written, as the server last said them. */
  | { type: 'export.progress'; percent: number; rows?: number }
  /** The job ended: its file is in the export log, or it failed. */
  | { type: 'export.finished'; ok: boolean };

export type ExportEmitted = { type: 'notify'; severity: 'success' | 'error'; message: string };

/** The follower of a started job export: its id; it sends export.progress and, at the end, export.finished. */
export type FollowJobInput = { jobId: string };
const FOLLOWER = 'followJob';

export interface ExportRequest {
  configCode: string;
  mode: ExportMode;
  params: ExportParams;
}

/** The search parameters of a table (its applied filters and sort) as an export sends them. */
export function exportParamsOf(table: {
  filters: ExportParams;
  sort?: { field: string; descending: boolean };
}): ExportParams {
  const params = Object.fromEntries(
    Object.entries(table.filters).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
  return table.sort ? { ...params, sort: `${table.sort.descending ? '-' : ''}${table.sort.field}` } : params;
}

/**
 * The export button of a list page (SPEC §4, §7, §8, §9): a sync export opens the file's URL in the
 * same window, a job export says it started and lands in the export log; after a successful export
 * the button is locked for 30 seconds with a countdown.
 */
export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as ExportInput,
    emitted: {} as ExportEmitted,
  },
  actors: {
    /** Answers the server's message: the download URL (sync) or the started notice (job). */
    runExport: fromPromise<string, ExportRequest>(async () => ''),
    /** Polls a started job's progress (export.actors.ts); here it follows nothing. */
    followJob: fromCallback<ExportEvent, FollowJobInput>(() => undefined),
  },
  actions: {
    /** Opens the download URL in the same window (SPEC §7). */
    openUrl: (_, _params: { url: string }) => {},
  },
  guards: {
    isSync: ({ context }) => context.mode === 'sync',
    isMissingUrl: (_, params: { mode: ExportMode; url: string }) =>
      params.mode === 'sync' && !params.url.trim(),
    hasSecondsLeft: ({ context }) => context.remaining > 1,
  },
}).createMachine({
  id: 'export',
  initial: 'ready',
  context: ({ input }) => ({
    configCode: input.configCode,
    mode: input.mode,
    cooldownSeconds: input.cooldownSeconds ?? EXPORT_COOLDOWN_S,
    remaining: 0,
    params: {},
  }),
  // A job export's progress is followed whatever the button's state: its countdown ends before a big file does.
  on: {
    'export.progress': {
      description: 'The started job has done this share of its rows: the bar under the button moves.',
      actions: assign({
        progress: ({ event }) => Math.max(0, Math.min(100, Math.floor(event.percent))),
        exportedRows: ({ context, event }) => event.rows ?? context.exportedRows,
      }),
    },
    'export.finished': [
      {
        guard: ({ event }) => event.ok,
        description: 'The job’s file is ready in the export log: the bar goes, the person is told.',
        actions: [
          assign({ progress: undefined, exportedRows: undefined }),
          stopChild(FOLLOWER),
          emit({ type: 'notify', severity: 'success', message: 'kitExport.finished' }),
        ],
      },
      {
        description: 'The job failed: the bar goes and the person is told to look at the export log.',
        actions: [
          assign({ progress: undefined, exportedRows: undefined }),
          stopChild(FOLLOWER),
          emit({ type: 'notify', severity: 'error', message: 'kitExport.failed' }),
        ],
      },
    ],
  },
  states: {
    ready: {
      on: {
        'export.request': {
          target: 'exporting',
          actions: assign({ params: ({ event }) => event.params, error: undefined }),
        },
      },
    },
    exporting: {
      tags: 'busy',
      invoke: {
        id: 'runExport',
        src: 'runExport',
        input: ({ context }) => ({
          configCode: context.configCode,
          mode: context.mode,
          params: context.params,
        }),
        onDone: [
          {
            guard: {
              type: 'isMissingUrl',
              params: ({ context, event }) => ({ mode: context.mode, url: event.output }),
            },
            target: 'ready',
            description: 'A sync export answered no URL: the empty-URL message, and no cooldown.',
            actions: emit({ type: 'notify', severity: 'error', message: 'kitExport.emptyUrl' }),
          },
          {
            guard: 'isSync',
            target: 'coolingDown',
            description: 'The file is ready: its URL opens in the same window, which downloads it.',
            actions: [
              assign({ remaining: ({ context }) => context.cooldownSeconds }),
              { type: 'openUrl', params: ({ event }) => ({ url: event.output }) },
            ],
          },
          {
            target: 'coolingDown',
            description:
              'A job export: the export-started message; its progress is followed on the button until its file is in the export log.',
            actions: [
              assign({ remaining: ({ context }) => context.cooldownSeconds, progress: 0, exportedRows: 0 }),
              emit({ type: 'notify', severity: 'success', message: 'kitExport.started' }),
              stopChild(FOLLOWER),
              spawnChild('followJob', {
                id: FOLLOWER,
                input: ({ event }) => ({ jobId: String((event as { output?: unknown }).output ?? '') }),
              }),
            ],
          },
        ],
        onError: {
          target: 'ready',
          description:
            "A refused export shows the server's message (the http layer's toast) and can be retried at once.",
          actions: assign({ error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    coolingDown: {
      tags: 'locked',
      description:
        'SPEC §4/§9: after a successful export the button is locked for 30 s, counting down in its label.',
      after: {
        1000: [
          {
            guard: 'hasSecondsLeft',
            target: 'coolingDown',
            reenter: true,
            actions: assign({ remaining: ({ context }) => context.remaining - 1 }),
          },
          { target: 'ready', actions: assign({ remaining: 0 }) },
        ],
      },
    },
  },
});
