import { readFile, rm } from 'node:fs/promises';
import type { ObjectStore } from '../files/object-store';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Where a finished export's file is: a path in this server's exports folder, or a key in the S3 store. */
export interface ExportFile {
  file_path: string | null;
  object_key: string | null;
}

/** The S3 key of an export: yyyy/mm/<job id>.xlsx, shaped like an attachment's key. */
export function exportObjectKey(jobId: string, at: Date): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${at.getUTCFullYear()}/${month}/${jobId}.xlsx`;
}

/**
 * Keeps a finished export where every server can read it: with an S3 store the file goes to the bucket
 * (the next download may reach another server), otherwise it stays in the exports folder, which
 * several servers share only as one mounted folder (docs/deployment.md).
 */
export async function keepExportFile(
  store: ObjectStore | undefined,
  jobId: string,
  path: string,
  at = new Date(),
): Promise<ExportFile> {
  if (store?.kind !== 's3') return { file_path: path, object_key: null };
  const key = exportObjectKey(jobId, at);
  await store.put(key, path, XLSX_MIME);
  return { file_path: null, object_key: key };
}

export const hasExportFile = (job: ExportFile) => Boolean(job.file_path || job.object_key);

/** The file's bytes, or undefined when it is gone (cleaned up, or on a folder this server lacks). */
export async function readExportFile(store: ObjectStore, job: ExportFile): Promise<Buffer | undefined> {
  if (job.object_key) return store.read(job.object_key);
  if (job.file_path) return readFile(job.file_path).catch(() => undefined);
  return undefined;
}

/** Deletes an expired export's file; `mayDelete` guards a local path against a row pointing elsewhere. */
export async function removeExportFile(
  store: ObjectStore,
  job: ExportFile,
  mayDelete: (path: string) => boolean,
): Promise<void> {
  if (job.object_key) await store.remove(job.object_key);
  else if (job.file_path && mayDelete(job.file_path)) await rm(job.file_path, { force: true });
}
