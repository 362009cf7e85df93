import { sql } from 'kysely';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import { grantedActions } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { engineResources, resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';

/** Each record table once, with the resources kept in it (the shared table names its rows' resource). */
function recordTables() {
  const tables = new Map<string, { shared: boolean; resources: string[] }>();
  // Commitment letters are written through commands of their own, yet their page holds file fields.
  const letters = resourceDef('commitmentLetter');
  for (const def of [...engineResources(), ...(letters ? [letters] : [])]) {
    const entry = tables.get(def.storage.table) ?? { shared: def.storage.shared, resources: [] };
    entry.resources.push(def.name);
    tables.set(def.storage.table, entry);
  }
  return tables;
}

let tables: ReturnType<typeof recordTables> | undefined;

interface FoundOwner {
  /** The resources the record may be one of (one for the shared table, the table's for a typed one). */
  resources: string[];
  /** Whether the caller's data scope covers it, exactly as for getOne. */
  inScope: boolean;
}

/** The record a file list belongs to, wherever it is kept, and whether the caller's scope covers it. */
async function findOwner(db: Db, caller: Caller, ownerId: string): Promise<FoundOwner | undefined> {
  if (!UUID_PATTERN.test(ownerId)) return undefined;
  tables ??= recordTables();
  const probes = [...tables.entries()].map(
    ([table, { shared }]) =>
      sql`(select ${table}::text as storage, ${shared ? sql`t.resource::text` : sql`null::text`} as resource,
        (${scopeCondition(caller)}) as in_scope
        from ${sql.table(table)} t where t.object_id = ${ownerId}::uuid limit 1)`,
  );
  const found = await sql<{
    storage: string;
    resource: string | null;
    in_scope: boolean;
  }>`${sql.join(probes, sql` union all `)}`.execute(db);
  const row = found.rows[0];
  if (!row) return undefined;
  return {
    resources: row.resource ? [row.resource] : (tables.get(row.storage)?.resources ?? []),
    inScope: Boolean(row.in_scope),
  };
}

const ownerNotFound = () => new PortalError(404, 'fileOwner.notFound');

/**
 * Files may be read in a record's list only when the record is in the caller's scope: out of scope
 * is 404, exactly like getOne on the record, so a list does not tell what exists elsewhere.
 */
export async function checkOwnerReadable(db: Db, caller: Caller, ownerId: string) {
  const owner = await findOwner(db, caller, ownerId);
  if (!owner?.inScope) throw ownerNotFound();
}

/**
 * Files may be added to or taken from a record's list only by who may edit the record: it must be
 * in the caller's scope (else 404, like getOne) and a page of the caller's menu must offer editing
 * it (else 403). An owner that is not a record at all is refused too, so nobody fills the list of a
 * record that will exist later, or of another company's, with files of their own.
 */
export async function checkOwnerWritable(db: Db, caller: Caller, ownerId: string) {
  const owner = await findOwner(db, caller, ownerId);
  if (!owner?.inScope) throw ownerNotFound();
  for (const resource of owner.resources) {
    if ((await grantedActions(db, caller.roleCode, resource)).has('update')) return;
  }
  throw new PortalError(403, 'fileOwner.readOnly');
}

/**
 * Before a file of a record's list is renamed or deleted: as for adding one. A file whose record is
 * gone (deleted since) is the uploader's own loose file again and needs no owner check.
 */
export async function checkFileOwnerWritable(db: Db, caller: Caller, ownerId: string | null) {
  if (!ownerId) return;
  const owner = await findOwner(db, caller, ownerId);
  if (!owner) return;
  await checkOwnerWritable(db, caller, ownerId);
}
