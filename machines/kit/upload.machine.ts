import { assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { DEFAULT_UPLOAD_URL } from '../../domain/constants';
import type { FileAttachment } from '../../domain/files';
import { admit, attachmentOf, itemOfAttachment, refusalKey, rulesOf, type UploadItem } from './upload.rules';
import type { SendFileInput, UploadContext, UploadEmitted, UploadEvent, UploadInput } from './upload.types';

const current = (c: UploadContext) => c.items.find((i) => i.status === 'uploading' || i.status === 'queued');
const itemOf = (c: UploadContext, uid: string) => c.items.find((i) => i.uid === uid);
const patchCurrent = (c: UploadContext, patch: Partial<UploadItem>) => {
  const uid = current(c)?.uid;
  return c.items.map((i) => (i.uid === uid ? { ...i, ...patch } : i));
};
const uploaded = (c: UploadContext) => c.items.filter((i) => i.status === 'done').map(attachmentOf);
const fromFiles = (files: FileAttachment[] = []) => files.map((f, n) => itemOfAttachment(f, `file-${n + 1}`));

const resting = {
  'files.select': {
    guard: 'isEditable',
    target: 'validating',
    description:
      'Each picked file is checked in turn (SPEC §5): count limit, format, size, duplicate name + size. ' +
      'A refused file is told by its message and left out; the others are queued.',
    actions: 'admitFiles',
  },
  'files.reset': { target: 'settling', actions: 'resetFiles' },
} as const;
const deleteUploaded = {
  guard: 'isDeletable',
  target: 'confirmingDelete',
  description: 'Deleting an uploaded file asks the delete confirmation first.',
  actions: 'markPendingDelete',
} as const;
const onUploaded = {
  ...resting,
  'file.delete': deleteUploaded,
  'file.download': { guard: 'isUploaded', target: 'downloading' },
} as const;
const onFailed = {
  ...onUploaded,
  'file.delete': [
    deleteUploaded,
    {
      guard: 'isFailedItem',
      target: 'settling',
      description: 'A failed line is only on the screen: it goes without asking the server.',
      actions: 'dropItem',
    },
  ],
} as const;

/**
 * The file upload control (SPEC §2, §5, §7, §9): pick → validate → upload one file after another
 * with progress → the list of uploaded files, each of which can be downloaded or deleted.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    emitted: {} as UploadEmitted,
  },
  actors: {
    sendFile: fromCallback<UploadEvent, SendFileInput>(() => () => {}),
    deleteFile: fromPromise<void, string>(async () => {}),
    resolveDownload: fromPromise<string, string>(async ({ input }) => input),
  },
  guards: {
    isEditable: ({ context }) => !context.readOnly,
    hasQueued: ({ context }) => context.items.some((i) => i.status === 'queued'),
    hasFailed: ({ context }) => context.items.some((i) => i.status === 'failed'),
    hasFiles: ({ context }) => context.items.length > 0,
    isUploaded: ({ context, event }) => 'uid' in event && itemOf(context, event.uid)?.status === 'done',
    isDeletable: ({ context, event }) =>
      !context.readOnly && 'uid' in event && itemOf(context, event.uid)?.status === 'done',
    isFailedItem: ({ context, event }) => 'uid' in event && itemOf(context, event.uid)?.status === 'failed',
  },
  actions: {
    admitFiles: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'files.select') return;
      const admission = admit(context.items, event.files, context.rules, context.seq);
      enqueue.assign({
        items: admission.items,
        sources: { ...context.sources, ...admission.sources },
        seq: admission.seq,
      });
      for (const error of admission.refused) {
        enqueue.emit({ type: 'notify', severity: 'error', message: refusalKey(error), params: error.params });
      }
    }),
    markPendingDelete: assign({ pendingDelete: ({ event }) => ('uid' in event ? event.uid : undefined) }),
    forgetSource: assign({
      sources: ({ context }) => {
        const { [current(context)?.uid ?? '']: _sent, ...rest } = context.sources;
        return rest;
      },
    }),
    resetFiles: assign({
      items: ({ event }) => (event.type === 'files.reset' ? fromFiles(event.files) : []),
    }),
    dropItem: assign({
      items: ({ context, event }) => context.items.filter((i) => !('uid' in event) || i.uid !== event.uid),
    }),
    announceChange: emit(({ context }) => ({ type: 'changed' as const, files: uploaded(context) })),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    items: fromFiles(input.files),
    sources: {},
    rules: rulesOf(input),
    owner: { ownerType: input.ownerType, ownerId: input.ownerId, documentType: input.documentType },
    action: input.action ?? DEFAULT_UPLOAD_URL,
    readOnly: input.readOnly ?? false,
    seq: 0,
  }),
  initial: 'settling',
  states: {
    settling: {
      description:
        'Where the list stands after anything happened: empty, all uploaded, or with a failed file.',
      always: [
        { guard: 'hasFailed', target: 'failed' },
        { guard: 'hasFiles', target: 'done' },
        { target: 'idle' },
      ],
    },
    idle: { description: 'No file yet.', on: resting },
    done: { description: 'Every file in the list is uploaded.', on: onUploaded },
    failed: { description: 'A file failed to upload; its line says so until removed.', on: onFailed },
    validating: {
      always: [{ guard: 'hasQueued', target: 'uploading' }, { target: 'settling' }],
    },
    uploading: {
      tags: 'busy',
      description: 'One file at a time, in the order picked; more files may be picked meanwhile.',
      entry: assign({ items: ({ context }) => patchCurrent(context, { status: 'uploading' }) }),
      invoke: {
        id: 'sendFile',
        src: 'sendFile',
        input: ({ context }) => ({
          source: context.sources[current(context)!.uid],
          owner: context.owner,
          rules: context.rules,
          action: context.action,
        }),
      },
      on: {
        'files.select': { actions: 'admitFiles' },
        'upload.progress': {
          actions: assign({
            items: ({ context, event }) => patchCurrent(context, { progress: event.percent }),
          }),
        },
        'upload.done': {
          target: 'nextFile',
          actions: [
            'forgetSource',
            assign({
              items: ({ context, event }) =>
                patchCurrent(context, {
                  status: 'done',
                  progress: 100,
                  objectId: event.objectId,
                  fileUrl: event.fileUrl,
                }),
            }),
            'announceChange',
          ],
        },
        'upload.fail': {
          target: 'nextFile',
          description:
            'An answer whose state is not true is a failure: the upload-failed message and an uploadError event.',
          actions: [
            emit(({ context, event }) => ({
              type: 'uploadError' as const,
              fileName: current(context)?.fileName ?? '',
              reason: event.reason,
            })),
            emit(({ event }) => ({
              type: 'notify' as const,
              severity: 'error' as const,
              message: event.reason ? 'kitFiles.uploadFailedWith' : 'kitFiles.uploadFailed',
              params: { reason: event.reason },
            })),
            'forgetSource',
            assign({ items: ({ context }) => patchCurrent(context, { status: 'failed', progress: 0 }) }),
          ],
        },
      },
    },
    nextFile: {
      always: [{ guard: 'hasQueued', target: 'uploading' }, { target: 'settling' }],
    },
    confirmingDelete: {
      description: 'the delete confirmation',
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'settling', actions: assign({ pendingDelete: undefined }) },
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteFile',
        src: 'deleteFile',
        input: ({ context }) => itemOf(context, context.pendingDelete!)?.objectId ?? '',
        onDone: {
          target: 'settling',
          actions: [
            assign({
              items: ({ context }) => context.items.filter((i) => i.uid !== context.pendingDelete),
              pendingDelete: undefined,
            }),
            'announceChange',
            emit({ type: 'notify', severity: 'success', message: 'kitFiles.deleted' }),
          ],
        },
        onError: {
          target: 'settling',
          actions: [
            assign({ pendingDelete: undefined }),
            emit({ type: 'notify', severity: 'error', message: 'kitFiles.deleteFailed' }),
          ],
        },
      },
    },
    downloading: {
      tags: 'busy',
      invoke: {
        id: 'resolveDownload',
        src: 'resolveDownload',
        input: ({ context, event }) => ('uid' in event ? (itemOf(context, event.uid)?.fileUrl ?? '') : ''),
        onDone: {
          target: 'settling',
          actions: emit(({ event }) => ({ type: 'open' as const, url: event.output })),
        },
        onError: {
          target: 'settling',
          description: 'the download-failed message',
          actions: emit({ type: 'notify', severity: 'error', message: 'kitFiles.downloadFailed' }),
        },
      },
    },
  },
});
