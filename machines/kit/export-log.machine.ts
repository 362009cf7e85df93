import { assign, emit, fromPromise, setup } from 'xstate';
import { ExportStatus } from '../../domain/codes/base.codes';
import type { ExportFile, ExportLogRow } from '../../services/export.service';
import { errorText } from './error-text';

/** SPEC §3 export log status codes (the ExportStatus dictionary). */
export const EXPORTING = ExportStatus.exporting;
export const COMPLETED = ExportStatus.completed;
/** How often the log looks again while one of the jobs is still exporting. */
export const LOG_REFRESH_MS = 2_000;
const LOG_PAGE_SIZE = 10;

export interface ExportLogInput {
  /** Only the jobs of this export config (the list page's), or every job of the person. */
  configCode?: string;
}

export interface ExportLogContext {
  configCode?: string;
  rows: ExportLogRow[];
  total: number;
  currentPage: number;
  pageSize: number;
  error?: string;
}

export type ExportLogEvent =
  | { type: 'log.open' }
  | { type: 'log.close' }
  | { type: 'log.refresh' }
  | { type: 'page.change'; page: number }
  | { type: 'file.download'; file: string };

export type ExportLogEmitted = { type: 'notify'; severity: 'error'; message: string };

export interface LogQuery {
  configCode?: string;
  currentPage: number;
  pageSize: number;
}

const lastPage = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The export log dialog (SPEC §2, §3, §7, §8): the person's own export jobs, newest first, with the
 * progress of running ones; the log refreshes itself while any job is exporting, and a finished file
 * downloads from its row.
 */
export const exportLogMachine = setup({
  types: {
    context: {} as ExportLogContext,
    events: {} as ExportLogEvent,
    input: {} as ExportLogInput,
    emitted: {} as ExportLogEmitted,
  },
  actors: {
    fetchLog: fromPromise<{ rows: ExportLogRow[]; total: number }, LogQuery>(async () => ({
      rows: [],
      total: 0,
    })),
    fetchFile: fromPromise<ExportFile, string>(async () => ({ MimeType: '', Binary: '', Title: '' })),
  },
  actions: {
    /** Hands the file (base64) to the browser as a download. */
    saveFile: (_, _file: ExportFile) => {},
  },
  guards: {
    hasRunningJobs: ({ context }) => context.rows.some((row) => row.status === EXPORTING),
    isValidPage: ({ context, event }) =>
      event.type === 'page.change' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= lastPage(context.total, context.pageSize),
    isPastLastPage: (_, params: { page: number; total: number; pageSize: number }) =>
      params.page > lastPage(params.total, params.pageSize),
  },
}).createMachine({
  id: 'exportLog',
  initial: 'closed',
  context: ({ input }) => ({
    configCode: input.configCode,
    rows: [],
    total: 0,
    currentPage: 1,
    pageSize: LOG_PAGE_SIZE,
  }),
  states: {
    closed: {
      on: { 'log.open': { target: 'open', actions: assign({ currentPage: 1, error: undefined }) } },
    },
    open: {
      initial: 'loading',
      on: { 'log.close': 'closed' },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchLog',
            src: 'fetchLog',
            input: ({ context }) => ({
              configCode: context.configCode,
              currentPage: context.currentPage,
              pageSize: context.pageSize,
            }),
            onDone: [
              {
                guard: {
                  type: 'isPastLastPage',
                  params: ({ context, event }) => ({
                    page: context.currentPage,
                    total: event.output.total,
                    pageSize: context.pageSize,
                  }),
                },
                target: 'loading',
                reenter: true,
                description:
                  'The log has fewer pages than the one asked for: its last page is shown instead.',
                actions: assign({
                  currentPage: ({ context, event }) => lastPage(event.output.total, context.pageSize),
                }),
              },
              {
                target: 'shown',
                actions: assign({
                  rows: ({ event }) => event.output.rows,
                  total: ({ event }) => event.output.total,
                  error: undefined,
                }),
              },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        shown: {
          initial: 'checking',
          description: 'The rows are on screen: look again, turn pages, download a finished file.',
          on: {
            'log.refresh': 'loading',
            'page.change': {
              guard: 'isValidPage',
              target: 'loading',
              actions: assign({ currentPage: ({ event }) => event.page }),
            },
            'file.download': 'downloading',
          },
          states: {
            checking: {
              always: [{ guard: 'hasRunningJobs', target: 'watching' }, { target: 'idle' }],
            },
            idle: {},
            watching: {
              description: 'While a job is exporting the log looks again every 2 s, so its progress moves.',
              after: { [LOG_REFRESH_MS]: '#exportLog.open.loading' },
            },
          },
        },
        downloading: {
          tags: 'busy',
          invoke: {
            id: 'fetchFile',
            src: 'fetchFile',
            input: ({ event }) => (event.type === 'file.download' ? event.file : ''),
            onDone: {
              target: 'shown',
              actions: { type: 'saveFile', params: ({ event }) => event.output },
            },
            onError: {
              target: 'shown',
              description: 'SPEC §8: a failed download shows the download-failed message.',
              actions: emit({ type: 'notify', severity: 'error', message: 'kitExport.downloadFailed' }),
            },
          },
        },
        failed: { on: { 'log.refresh': 'loading' } },
      },
    },
  },
});
