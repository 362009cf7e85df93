import { ExportStatus } from '../../domain/codes/base.codes';
import type { FileAttachment } from '../../domain/files';
import type { ExportFile, ExportLogRow } from '../../services/export.service';
import { EXPORTING, LOG_REFRESH_MS } from '../kit/export-log.machine';
import type { PathSample } from './test-paths';

/**
 * The export log's and the upload control's samples: the inputs and events their model tests walk
 * (tests/model) and the viewer's path plans draw, the same list for both.
 */
// biome-ignore lint/suspicious/noExplicitAny: samples read any machine's context.
const ctx = (s: unknown) => (s as { context: Record<string, any> }).context;
const refused = new Error('refused');

const logRow = (status: string): ExportLogRow => ({
  ObjectID: `job-${status}`,
  configCode: 'OwnLineOrderExport',
  configName: 'Own-brand orders',
  status,
  statusName: status,
  createName: 'System administrator',
  createdTime: '2026-05-15T06:30:12.000Z',
  finishedTime: null,
  total: 10,
  done: 5,
  file: status === ExportStatus.completed ? 'a.xlsx' : null,
  error: null,
});
const exportFile: ExportFile = { MimeType: 'application/xlsx', Binary: 'UEsDBA==', Title: 'a.xlsx' };

// The person's actions, the server's answers (a running job, two pages of finished ones, refusals)
// and the 2 s refresh tick.
const exportLog: PathSample = {
  input: { configCode: 'OwnLineOrderExport' },
  events: [
    { type: 'log.open' },
    { type: 'log.close' },
    { type: 'log.refresh' },
    { type: 'page.change', page: 2 },
    { type: 'page.change', page: 1 },
    { type: 'file.download', file: 'a.xlsx' },
    { type: 'xstate.done.actor.fetchLog', output: { rows: [logRow(EXPORTING)], total: 1 } },
    { type: 'xstate.done.actor.fetchLog', output: { rows: [logRow(ExportStatus.completed)], total: 12 } },
    { type: 'xstate.error.actor.fetchLog', error: refused },
    { type: 'xstate.done.actor.fetchFile', output: exportFile },
    { type: 'xstate.error.actor.fetchFile', error: refused },
    { type: `xstate.after.${LOG_REFRESH_MS}.exportLog.open.shown.watching` },
  ],
  contextKey: (s) => [ctx(s).currentPage, ctx(s).total, ctx(s).rows.map((r: ExportLogRow) => r.status)],
};

const MB = 1024 * 1024;
/** A file the record already has, as an upload control's input names it. */
export const KEPT_ATTACHMENT: FileAttachment = {
  ObjectID: 'f1',
  FileName: 'kept.pdf',
  FileURL: '/portal/file/download/f1',
  Size: 9,
};
const a = { name: 'a.pdf', size: 100, type: 'application/pdf' };
const b = { name: 'b.pdf', size: 200, type: 'application/pdf' };

// The picks and answers that take different branches: good files, each kind of refusal, the
// callback's progress / done / fail, the delete and download calls' answers, and a new page value.
const upload: PathSample = {
  input: { ownerType: 101, ownerId: 'c-1', accept: ['pdf'], maxSizeMb: 1, limit: 2 },
  events: [
    { type: 'files.select', files: [a] },
    { type: 'files.select', files: [a, b] },
    { type: 'files.select', files: [{ name: 'x.exe', size: 1, type: '' }] },
    { type: 'files.select', files: [{ name: 'big.pdf', size: 2 * MB, type: '' }] },
    { type: 'files.reset', files: [] },
    { type: 'files.reset', files: [KEPT_ATTACHMENT] },
    { type: 'upload.progress', percent: 50 },
    { type: 'upload.done', objectId: 'srv', fileUrl: '/portal/file/download/srv' },
    { type: 'upload.fail', reason: 'At most 2 files' },
    { type: 'file.delete', uid: 'upload-1' },
    { type: 'file.delete', uid: 'file-1' },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'file.download', uid: 'upload-1' },
    { type: 'file.download', uid: 'file-1' },
    { type: 'xstate.done.actor.deleteFile' },
    { type: 'xstate.error.actor.deleteFile', error: refused },
    { type: 'xstate.done.actor.resolveDownload', output: '/portal/objects/prod/k?expires=1&signature=s' },
    { type: 'xstate.error.actor.resolveDownload', error: new Error('403') },
  ],
  // Failed lines hold no place, so they could pile up without end: the key keeps which names failed.
  contextKey: (s) => {
    const items = ctx(s).items as { fileName: string; status: string }[];
    return [
      items.filter((i) => i.status !== 'failed').map((i) => [i.fileName, i.status]),
      [...new Set(items.filter((i) => i.status === 'failed').map((i) => i.fileName))],
      ctx(s).pendingDelete ?? null,
    ];
  },
};

export const kitPathSamples: Record<'exportLog' | 'upload', PathSample> = { exportLog, upload };
