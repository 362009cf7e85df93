import { DEFAULT_EXPORT_URL } from '../domain/constants';
import { requestEnvelope } from './http.service';

/** A row of the export log (SPEC §3): statusName, createName, createdTime, file, with the progress. */
export interface ExportLogRow {
  ObjectID: string;
  configCode: string;
  configName: string;
  /** ExportStatus: 101 exporting, 111 completed, 121 failed. */
  status: string;
  statusName: string;
  createName: string;
  createdTime: string;
  finishedTime: string | null;
  total: number;
  done: number;
  file: string | null;
  error: string | null;
}

/** The export file response of SPEC §3: MimeType, Binary (base64) and Title. */
export interface ExportFile {
  MimeType: string;
  Binary: string;
  Title: string;
}

/** POST /excelExport/doSyncExportUrl: the file is built now; the answer's message is its download URL. */
export async function exportNow(configCode: string, query: Record<string, unknown>): Promise<string> {
  const envelope = await requestEnvelope(DEFAULT_EXPORT_URL, { configCode, query });
  return envelope.message ?? '';
}

/**
 * POST /excelExport/doExport: the server exports in the background; the file lands in the export log.
 * Answers the job's id, whose progress the button follows.
 */
export async function startExport(configCode: string, params: Record<string, unknown>): Promise<string> {
  const envelope = await requestEnvelope<{ ObjectID?: string }>('/excelExport/doExport', {
    ...params,
    configCode,
  });
  return envelope.results?.ObjectID ?? '';
}

/** How far an export job is (ExportStatus 101 exporting, 111 completed, 121 failed). */
export interface ExportProgress {
  status: string;
  Percent: number;
  /** Rows written to the file so far, of `total`. */
  done: number;
  total: number;
}

/** POST /excelExport/progress: one job's status, rows written and percent done; quiet, the button polls it. */
export async function exportProgress(id: string): Promise<ExportProgress> {
  const envelope = await requestEnvelope<ExportProgress>(
    '/excelExport/progress',
    { ObjectID: id },
    { silent: true },
  );
  if (!envelope.results) throw new Error('kitExport.progressLost');
  return envelope.results;
}

/** POST /excelExport/search: the caller's own export jobs, newest first. */
export async function searchExportLog(body: {
  configCode?: string;
  currentPage: number;
  pageSize: number;
}): Promise<{ rows: ExportLogRow[]; total: number }> {
  const envelope = await requestEnvelope<ExportLogRow[]>('/excelExport/search', body);
  const rows = envelope.results ?? [];
  return { rows, total: Number(envelope.totalSize ?? rows.length) };
}

/** POST /excelExport/getFile with the log row's file. */
export async function fetchExportFile(file: string): Promise<ExportFile> {
  // A failed download shows its own message (SPEC §8 '文件下载失败！'), not the server's.
  const envelope = await requestEnvelope<ExportFile>('/excelExport/getFile', { file }, { silent: true });
  if (!envelope.results) throw new Error('kitExport.downloadFailed');
  return envelope.results;
}
