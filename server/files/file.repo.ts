import { type ColumnType, type Generated, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { FileAttachment } from '../../domain/files';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { Caller } from '../http/auth';
import { ROLE } from '../identity/roles';
import { scopeCondition, scopeOfNewRecord } from '../resources/scope';

export interface FileObjectTable {
  object_id: Generated<string>;
  bucket: string;
  object_key: string;
  file_name: string;
  mime_type: string;
  size: ColumnType<number | string | bigint, number, number>;
  sha256: string;
  owner_type: number;
  owner_id: string | null;
  document_type: number | null;
  created_by: string;
  created_by_name: string | null;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: ColumnType<Date | null, never, Date | null>;
}

type FilesDatabase = Database & { file_object: FileObjectTable };
export type FilesDb = Kysely<FilesDatabase>;
export type FileRow = Selectable<FileObjectTable>;

export const filesDb = (db: Db): FilesDb => db.withTables<{ file_object: FileObjectTable }>();

export const downloadPath = (objectId: string) => `/portal/file/download/${objectId}`;

/** The wire shape of SPEC §3 (ObjectID, FileName, FileURL, Size) plus what the lists show beside it. */
export function toAttachment(row: FileRow): FileAttachment & Record<string, unknown> {
  return {
    ObjectID: row.object_id,
    FileName: row.file_name,
    FileURL: downloadPath(row.object_id),
    Size: Number(row.size),
    MimeType: row.mime_type,
    OwnerType: row.owner_type,
    OwnerID: row.owner_id,
    DocumentType: row.document_type,
    CreatedBy: row.created_by_name,
    CreationOn: row.created_at instanceof Date ? row.created_at.toISOString() : row.created_at,
  };
}

/**
 * Who may read a file: its uploader, and whoever's data scope covers the uploader's company, province
 * or city — the same rule as for the records the files belong to (resources/scope.ts).
 */
function visibleTo(caller: Caller) {
  return sql<boolean>`(t.created_by = ${caller.employeeId} or ${scopeCondition(caller)})`;
}

/** Who may change or delete a file: its uploader, the administrator and the sales operations desk. */
export const mayChange = (caller: Caller, row: Pick<FileRow, 'created_by'>) =>
  row.created_by === caller.employeeId ||
  caller.roleCode === ROLE.systemAdmin ||
  caller.roleCode === ROLE.salesOperations;

export async function visibleFile(
  db: FilesDb,
  caller: Caller,
  objectId: string,
): Promise<FileRow | undefined> {
  return db
    .selectFrom('file_object as t')
    .selectAll('t')
    .where('t.object_id', '=', objectId)
    .where('t.deleted_at', 'is', null)
    .where(visibleTo(caller))
    .executeTakeFirst();
}

export interface OwnerFilter {
  ownerType?: number;
  ownerId?: string;
}

export async function searchFiles(
  db: FilesDb,
  caller: Caller,
  filter: OwnerFilter,
  page?: { currentPage: number; pageSize: number },
): Promise<{ rows: FileRow[]; total: number }> {
  let query = db.selectFrom('file_object as t').where('t.deleted_at', 'is', null).where(visibleTo(caller));
  if (filter.ownerType !== undefined) query = query.where('t.owner_type', '=', filter.ownerType);
  if (filter.ownerId !== undefined) query = query.where('t.owner_id', '=', filter.ownerId);
  let rowsQuery = query.selectAll('t').orderBy('t.created_at').orderBy('t.object_id');
  if (page) rowsQuery = rowsQuery.limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize);
  const rows = await rowsQuery.execute();
  if (!page) return { rows, total: rows.length };
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

/**
 * Serialises the writes to one owner's list: uploads racing for the last free place, or to add the
 * same file twice, take turns, so the count limit and the duplicate rule hold under concurrency.
 */
export async function lockOwner(trx: Transaction<FilesDatabase>, ownerType: number, ownerId: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`file_object:${ownerType}:${ownerId}`}))`.execute(trx);
}

/** The owner's live files, for the count limit and the duplicate check. */
export async function ownerFiles(
  db: FilesDb | Transaction<FilesDatabase>,
  ownerType: number,
  ownerId: string,
) {
  return db
    .selectFrom('file_object')
    .select(['object_id', 'file_name', 'size'])
    .where('owner_type', '=', ownerType)
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .execute();
}

export interface NewFile {
  bucket: string;
  objectKey: string;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  ownerType: number;
  ownerId?: string;
  documentType?: number;
  /** A row the server makes itself may name its id and time (a seed gives the same rows every time). */
  objectId?: string;
  createdAt?: Date;
}

export async function insertFile(db: FilesDb | Transaction<FilesDatabase>, caller: Caller, file: NewFile) {
  return db
    .insertInto('file_object')
    .values({
      bucket: file.bucket,
      object_key: file.objectKey,
      file_name: file.fileName,
      mime_type: file.mimeType,
      size: file.size,
      sha256: file.sha256,
      owner_type: file.ownerType,
      owner_id: file.ownerId ?? null,
      document_type: file.documentType ?? null,
      created_by: caller.employeeId,
      created_by_name: caller.lastName,
      ...scopeOfNewRecord(caller),
      ...(file.objectId ? { object_id: file.objectId } : {}),
      ...(file.createdAt ? { created_at: file.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function softDelete(db: FilesDb | Transaction<FilesDatabase>, objectIds: string[]) {
  if (objectIds.length === 0) return 0;
  const result = await db
    .updateTable('file_object')
    .set({ deleted_at: new Date() })
    .where('object_id', 'in', objectIds)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The object behind a signed link, if its row still lives. */
export async function fileByKey(db: FilesDb, bucket: string, objectKey: string) {
  return db
    .selectFrom('file_object')
    .select(['file_name', 'mime_type'])
    .where('bucket', '=', bucket)
    .where('object_key', '=', objectKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
