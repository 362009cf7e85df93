import { randomBytes } from 'node:crypto';
import type { ColumnType, Generated } from 'kysely';
import { ExportStatus } from '../../domain/codes/base.codes';
import type { Db } from '../db/database';
import { allowedPageIds } from '../http/access';
import type { Caller } from '../http/auth';
import { isSystemAdmin } from '../identity/roles';
import type { ExportFile } from './export-files';

/** The base-management page of the export log: holding it is administering exports. */
const EXPORT_LOG_PAGE = 'baseManage.exportLog';

/** ExportStatus dictionary codes (SPEC §3 export log; seeded with their texts). */
export const EXPORT_STATUS = {
  exporting: ExportStatus.exporting,
  completed: ExportStatus.completed,
  failed: ExportStatus.failed,
} as const;

/**
 * A job that says "exporting" but has not moved for this long lost its server (a restart, a crash);
 * the log shows it as failed so nobody waits for it.
 */
export const STALLED_AFTER_MS = 10 * 60_000;

export interface ExportJobTable {
  object_id: Generated<string>;
  config_code: string;
  page_id: string;
  resource: string;
  params: unknown;
  status: Generated<string>;
  total: Generated<number>;
  done: Generated<number>;
  file_path: string | null;
  /** The file's key in the S3 store, instead of file_path (export-files.ts). */
  object_key: ColumnType<string | null, string | null | undefined, string | null>;
  file_name: string | null;
  download_key: string;
  created_by: string;
  created_by_name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: Date | null;
  error: string | null;
}

export const jobTable = (db: Db) => db.withTables<{ export_job: ExportJobTable }>();

export interface NewJob {
  configCode: string;
  pageId: string;
  resource: string;
  params: Record<string, unknown>;
}

export async function createJob(db: Db, caller: Caller, job: NewJob) {
  return jobTable(db)
    .insertInto('export_job')
    .values({
      config_code: job.configCode,
      page_id: job.pageId,
      resource: job.resource,
      params: JSON.stringify(job.params),
      // The download link's secret: random per job, so any server sharing the database can check it.
      download_key: randomBytes(24).toString('base64url'),
      created_by: caller.employeeId,
      created_by_name: caller.lastName,
    })
    .returning(['object_id', 'download_key', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function recordProgress(db: Db, id: string, values: { total?: number; done?: number }) {
  await jobTable(db)
    .updateTable('export_job')
    .set({ ...values, updated_at: new Date() })
    .where('object_id', '=', id)
    .execute();
}

export async function completeJob(db: Db, id: string, file: ExportFile & { name: string; rows: number }) {
  const now = new Date();
  await jobTable(db)
    .updateTable('export_job')
    .set({
      status: EXPORT_STATUS.completed,
      file_path: file.file_path,
      object_key: file.object_key,
      file_name: file.name,
      done: file.rows,
      total: file.rows,
      finished_at: now,
      updated_at: now,
    })
    .where('object_id', '=', id)
    .execute();
}

export async function failJob(db: Db, id: string, error: string) {
  const now = new Date();
  await jobTable(db)
    .updateTable('export_job')
    .set({ status: EXPORT_STATUS.failed, error: error.slice(0, 1000), finished_at: now, updated_at: now })
    .where('object_id', '=', id)
    .execute();
}

/**
 * Who administers exports: the system administrator, and a role of the whole company's data whose
 * menu holds the export log page. They read everyone's exports, in the log and as files; everyone
 * else reads only their own (an export holds rows of its maker's scope, which an administrator sees anyway).
 */
export async function administersExports(db: Db, caller: Caller): Promise<boolean> {
  if (isSystemAdmin(caller.roleCode)) return true;
  return caller.dataScope === 'all' && (await allowedPageIds(db, caller.roleCode)).has(EXPORT_LOG_PAGE);
}

/** A job as the caller may see it: their own, or anyone's to an export administrator; else never found. */
export async function visibleJob(db: Db, caller: Caller, by: { id?: string; fileName?: string }) {
  let query = jobTable(db).selectFrom('export_job').selectAll();
  if (!(await administersExports(db, caller))) query = query.where('created_by', '=', caller.employeeId);
  if (by.id) query = query.where('object_id', '=', by.id);
  if (by.fileName) query = query.where('file_name', '=', by.fileName);
  return query.orderBy('created_at', 'desc').executeTakeFirst();
}

export async function jobById(db: Db, id: string) {
  return jobTable(db).selectFrom('export_job').selectAll().where('object_id', '=', id).executeTakeFirst();
}

/** The status a person should see: an exporting job that stopped moving counts as failed. */
export function shownStatus(job: { status: string; updated_at: Date }, now = Date.now()): string {
  return job.status === EXPORT_STATUS.exporting && now - job.updated_at.getTime() > STALLED_AFTER_MS
    ? EXPORT_STATUS.failed
    : job.status;
}
