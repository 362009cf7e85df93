import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { ImportAnswer } from '../../domain/import-answer';

export interface ImportInput {
  /** The list page whose import this is (catalogue id). */
  pageId: string;
}

export interface ImportContext {
  pageId: string;
  file?: File;
  /** Upload progress in percent; at 100 the server is checking and writing the rows. */
  progress: number;
  /** Once the bytes are sent: rows the server has read and checked (then written), and its percent. */
  checked?: { rows: number; percent: number };
  answer?: ImportAnswer;
  error?: string;
}

export type ImportEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'import.start' }
  | { type: 'import.progress'; percent: number }
  | { type: 'import.checked'; rows: number; percent: number }
  | { type: 'import.done'; answer: ImportAnswer }
  | { type: 'import.fail'; message: string }
  | { type: 'template.download' }
  | { type: 'rejected.download' };

export type ImportEmitted =
  | { type: 'notify'; severity: 'success' | 'error'; message: string; params?: Record<string, unknown> }
  | { type: 'imported' };

export interface TemplateFile {
  Title: string;
  MimeType: string;
  Binary: string;
}

/**
 * A list's import (issue "Import"): choose a workbook, send it with its upload progress, and read the
 * server's verdict — every row written, or none with the reasons per refused row; the template and
 * the rejected rows' file are downloads beside it.
 */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    emitted: {} as ImportEmitted,
  },
  actors: {
    sendImport: fromCallback<ImportEvent, { file: File; pageId: string }>(() => () => {}),
    fetchTemplate: fromPromise<TemplateFile, string>(async () => ({ Title: '', MimeType: '', Binary: '' })),
    resolveRejected: fromPromise<string, string>(async () => ''),
  },
  actions: {
    saveFile: (_, _file: TemplateFile) => {},
    openUrl: (_, _url: string) => {},
  },
  guards: {
    hasFile: ({ context }) => context.file !== undefined,
    isCommitted: (_, answer: ImportAnswer) => answer.Committed,
    hasRejectedFile: ({ context }) => Boolean(context.answer?.RejectedFile),
  },
}).createMachine({
  id: 'import',
  type: 'parallel',
  context: ({ input }) => ({ pageId: input.pageId, progress: 0 }),
  states: {
    upload: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'file.choose': {
              actions: assign({ file: ({ event }) => event.file, answer: undefined, error: undefined }),
            },
            'import.start': { guard: 'hasFile', target: 'sending' },
          },
        },
        sending: {
          tags: ['busy'],
          entry: assign({ progress: 0, checked: undefined, answer: undefined, error: undefined }),
          invoke: {
            src: 'sendImport',
            input: ({ context }) => ({ file: context.file!, pageId: context.pageId }),
          },
          on: {
            'import.progress': { actions: assign({ progress: ({ event }) => event.percent }) },
            'import.checked': {
              actions: assign({ checked: ({ event }) => ({ rows: event.rows, percent: event.percent }) }),
            },
            'import.done': [
              {
                guard: { type: 'isCommitted', params: ({ event }) => event.answer },
                description: 'every row passed and is written: the list shows them',
                target: 'committed',
                actions: [
                  assign({ answer: ({ event }) => event.answer, file: undefined }),
                  emit({ type: 'imported' }),
                ],
              },
              {
                description: 'some rows were refused: nothing is written, the reasons are shown per row',
                target: 'rejected',
                actions: assign({ answer: ({ event }) => event.answer }),
              },
            ],
            'import.fail': {
              target: 'choosing',
              actions: [
                assign({ error: ({ event }) => event.message }),
                emit(({ event }) => ({
                  type: 'notify' as const,
                  severity: 'error' as const,
                  message: 'imports.kit.failed',
                  params: { message: event.message },
                })),
              ],
            },
          },
        },
        committed: {
          on: { 'file.choose': { target: 'choosing', actions: assign({ file: ({ event }) => event.file }) } },
        },
        rejected: {
          on: {
            'file.choose': { target: 'choosing', actions: assign({ file: ({ event }) => event.file }) },
          },
        },
      },
    },
    downloads: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'template.download': 'template',
            'rejected.download': { guard: 'hasRejectedFile', target: 'rejectedRows' },
          },
        },
        template: {
          tags: ['downloading'],
          invoke: {
            src: 'fetchTemplate',
            input: ({ context }) => context.pageId,
            onDone: { target: 'idle', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: emit({ type: 'notify', severity: 'error', message: 'kitExport.downloadFailed' }),
            },
          },
        },
        rejectedRows: {
          tags: ['downloading'],
          invoke: {
            src: 'resolveRejected',
            input: ({ context }) => context.answer?.RejectedFile ?? '',
            onDone: { target: 'idle', actions: { type: 'openUrl', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: emit({ type: 'notify', severity: 'error', message: 'kitExport.downloadFailed' }),
            },
          },
        },
      },
    },
  },
});
