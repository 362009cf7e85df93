import { sql } from 'kysely';
import { pageById } from '../../catalogue/catalogue';
import { lensOf } from '../../catalogue/page-actions';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../db/unique-violation';
import { writablePages } from '../http/access';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing, fieldTaken, MAX_INT } from '../http/validate';
import type { Clock } from '../workflows/clock';
import { nextNumber } from './numbering';
import type { ResourceDef } from './registry';
import { afterDelete, afterWrite, beforeChange, hasAfterDelete } from './rules';
import { scopeOfNewRecord } from './scope';
import { baseConditions } from './search';
import { checkStateLocks, checkValues, confirmationsOf } from './values';
import { selectColumns, toWire } from './wire';

function objectIdOf(value: unknown): string {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value))
    throw fieldError(undefined, 'ObjectID', 'server.input.problems.objectId');
  return value;
}

/**
 * The field whose value a unique index refused, from the database's words for it ("Key (credit_code)=…",
 * or an index on a `data` field: "Key ((data ->> 'X'::text))=…"); undefined when none of the resource's.
 */
function uniqueField(def: ResourceDef, error: unknown): string | undefined {
  const key = /Key \((.+)\)=\(/.exec(String((error as { detail?: unknown })?.detail ?? ''))?.[1] ?? '';
  const column = Object.entries(def.storage.columns).find(([, map]) =>
    key.split(', ').includes(map.column),
  )?.[0];
  const inData = /data ->> '([^']+)'/.exec(key)?.[1];
  return column ?? (inData && def.fields.has(inData) ? inData : undefined);
}

/**
 * The last guard of a write: a row the database refuses for its input (a NOT NULL column left empty,
 * a value out of its column's range) is the caller's mistake, answered as a 400 naming the field,
 * never a 500; a value a unique index already holds (two writers racing past the rules' checks) is a
 * 409 naming the field, in words that do not say whose record holds it. The checks before the write
 * should leave nothing for this to catch.
 */
function refusedInput(def: ResourceDef, error: unknown): PortalError | undefined {
  const e = error as { code?: unknown; column?: unknown; message?: unknown };
  const code = String(e?.code ?? '');
  if (isUniqueViolation(error)) {
    const taken = uniqueField(def, error);
    return taken ? fieldTaken(def.name, taken) : new PortalError(409, 'server.input.duplicate');
  }
  const column = typeof e?.column === 'string' ? e.column : /column "([^"]+)"/.exec(String(e?.message))?.[1];
  const field =
    Object.entries(def.storage.columns).find(([, map]) => map.column === column)?.[0] ??
    def.storage.createRequires?.[0];
  if (code === '23502') return fieldMissing(def.name, field ?? String(column ?? 'body'));
  // Data exceptions (class 22): out of range, invalid text representation, bad datetime, NUL.
  if (code.startsWith('22')) return fieldError(def.name, field ?? 'body', 'server.problems.invalid');
  return undefined;
}

async function guarded<T>(def: ResourceDef, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw refusedInput(def, error) ?? error;
  }
}

/** Splits checked values into the storage's own columns and the `data` remainder. */
function splitValues(def: ResourceDef, values: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const mapped = def.storage.columns[key];
    if (mapped) columns[mapped.column] = value;
    else data[key] = value;
  }
  return { columns, data };
}

export async function getRecord(db: Db, def: ResourceDef, caller: Caller, objectId: unknown) {
  const id = objectIdOf(objectId);
  const where = sql.join([...baseConditions(def, caller), sql<boolean>`t.object_id = ${id}`], sql` and `);
  const result = await sql<
    Record<string, unknown>
  >`select ${selectColumns(def)} from ${sql.table(def.storage.table)} t where ${where}`.execute(db);
  if (!result.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return toWire(def, result.rows[0]);
}

/** One transaction: the caller's own, when a seed or a command already runs in one, else a new one. */
const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>) =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * What a new record starts with besides what its form wrote: the resource's starting values and the
 * lens of the list its form belongs to (a general distributor entered on the GD list's form is a GD, as
 * the form shows). A field the form writes itself keeps what was sent.
 */
function startingValues(def: ResourceDef, pageId: unknown): Record<string, unknown> {
  const page = typeof pageId === 'string' ? pageById(pageId) : undefined;
  const lens = page?.resource === def.name ? lensOf(page) : undefined;
  return { ...def.storage.startingValues, ...lens };
}

/**
 * POST /<resource>/create: checked values with those the record starts with, a business number where
 * the resource has one, one row.
 * The demo seed creates on its clock: its time, its ids.
 */
export async function createRecord(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  body: Record<string, unknown>,
  clock?: Clock,
) {
  const written = await checkValues(db, def, body, 'create', await writablePages(db, caller.roleCode));
  const values = { ...startingValues(def, body.PageID), ...written };
  return guarded(def, () =>
    inTransaction(db, async (trx) => {
      if (def.storage.number)
        values[def.storage.number.field] = await nextNumber(trx, def.storage.number.prefix, clock?.at);
      const { columns, data } = splitValues(def, values);
      const row: Record<string, unknown> = {
        ...(clock ? { object_id: clock.uuid(), created_at: clock.at, updated_at: clock.at } : {}),
        ...columns,
        ...scopeOfNewRecord(caller),
        data: JSON.stringify(data),
        created_by: caller.employeeId,
        created_by_name: caller.lastName,
        updated_by_name: caller.lastName,
        ...(def.storage.shared ? { resource: def.name } : {}),
      };
      const names = Object.keys(row);
      const inserted = await sql<{
        object_id: string;
      }>`insert into ${sql.table(def.storage.table)} (${sql.join(names.map((n) => sql.ref(n)))})
      values (${sql.join(names.map((n) => (n === 'data' ? sql`${row[n]}::jsonb` : sql`${row[n]}`)))}) returning object_id::text`.execute(
        trx,
      );
      const record = await getRecord(trx, def, caller, inserted.rows[0].object_id);
      await afterWrite(trx, def, caller, record, new Set(Object.keys(values)), { clock });
      return withStoredVersion(trx, def, record);
    }),
  );
}

/**
 * POST /<resource>/update: ObjectID, the Version the editor saw, and only the changed fields (SPEC §3).
 * A save over someone else's newer change is refused, so nothing is silently overwritten. The rules
 * after it see the record as it was (a report line's change is logged); the demo seed edits on its clock.
 */
export async function updateRecord(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  body: Record<string, unknown>,
  clock?: Clock,
) {
  const id = objectIdOf(body.ObjectID);
  if (body.Version === undefined || body.Version === null || body.Version === '')
    throw fieldMissing(undefined, 'Version');
  const version =
    typeof body.Version === 'string' && body.Version.trim() ? Number(body.Version) : body.Version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > MAX_INT)
    throw fieldError(undefined, 'Version', {
      key: 'server.input.problems.integerRange',
      params: { min: 1, max: MAX_INT },
    });
  const held = await writablePages(db, caller.roleCode);
  const values = await checkValues(db, def, body, 'update', held);
  const confirmed = confirmationsOf(body);
  return guarded(def, () =>
    inTransaction(db, async (trx) => {
      const before = await getRecord(trx, def, caller, id);
      await beforeChange(trx, def, caller, [id]);
      // After a resource's own whole-record lock, which names its reason in its words.
      await checkStateLocks(trx, def, body, before, held, caller.roleCode);
      const { columns, data } = splitValues(def, values);
      const sets = [
        ...Object.entries(columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
        sql`data = t.data || ${JSON.stringify(data)}::jsonb`,
        sql`version = t.version + 1`,
        clock ? sql`updated_at = ${clock.at}` : sql`updated_at = now()`,
        sql`updated_by_name = ${caller.lastName}`,
      ];
      const result =
        await sql`update ${sql.table(def.storage.table)} t set ${sql.join(sets)} where t.object_id = ${id} and t.version = ${version}`.execute(
          trx,
        );
      if (Number(result.numAffectedRows ?? 0) !== 1) throw new PortalError(409, 'server.staleWrite');
      const record = await getRecord(trx, def, caller, id);
      await afterWrite(trx, def, caller, record, new Set(Object.keys(values)), { before, clock, confirmed });
      return withStoredVersion(trx, def, record);
    }),
  );
}

/**
 * The record answered with the version it has once every rule after the write has run: a rule that
 * wrote it again (a workflow's projection, a round sent for a line) moved it on, and the editor's next
 * save names the version it was answered, so an answer with the first one would refuse that save.
 */
async function withStoredVersion(trx: Db, def: ResourceDef, record: Record<string, unknown>) {
  const stored = await sql<{ version: number }>`select version from ${sql.table(def.storage.table)}
    where object_id = ${String(record.ObjectID)}`.execute(trx);
  if (stored.rows[0]) record.Version = stored.rows[0].version;
  return record;
}

/** The ObjectIDs a delete names: one record, a list of ids, or the selected rows themselves (SPEC §7). */
function idsOf(body: unknown): string[] {
  const list = Array.isArray(body)
    ? body.map((row) => (typeof row === 'string' ? row : (row as { ObjectID?: unknown })?.ObjectID))
    : Array.isArray((body as { ObjectIDs?: unknown })?.ObjectIDs)
      ? (body as { ObjectIDs: unknown[] }).ObjectIDs
      : [(body as { ObjectID?: unknown })?.ObjectID];
  if (!list.length || list.every((id) => id === undefined))
    throw new PortalError(400, 'server.nothingSelected');
  if (list.length > 500) throw fieldError(undefined, 'ObjectIDs', 'server.problems.tooMany');
  return list.map(objectIdOf);
}

/** POST /<resource>/delete: all named records or none (each must be in the caller's scope). */
export async function deleteRecords(db: Db, def: ResourceDef, caller: Caller, body: unknown) {
  const ids = [...new Set(idsOf(body))];
  const inScope = sql.join(
    [...baseConditions(def, caller), sql<boolean>`t.object_id in (${sql.join(ids)})`],
    sql` and `,
  );
  await db.transaction().execute(async (trx) => {
    // Scope before state: a record out of the caller's scope is not found, whatever its state, so
    // neither its workflow nor its lock tells an outsider that it exists.
    const seen = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(def.storage.table)} t
      where ${inScope}`.execute(trx);
    if (seen.rows[0]?.n !== ids.length) throw new PortalError(404, 'server.recordNotFound');
    // A record a workflow still runs on keeps its history's subject: it is withdrawn, rejected or
    // voided through its workflow, never deleted under it.
    const running = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
      where subject_resource = ${def.name} and subject_id in (${sql.join(ids)})
        and state->>'status' = 'active'`.execute(trx);
    if (running.rows[0]?.n) throw new PortalError(409, 'server.workflow.openOnRecord');
    await beforeChange(trx, def, caller, ids);
    // What a rule after the delete gives back is figured from the records as they were.
    const deleted = hasAfterDelete(def)
      ? await sql<Record<string, unknown>>`select ${selectColumns(def)} from ${sql.table(def.storage.table)} t
          where ${inScope}`.execute(trx)
      : undefined;
    const result = await sql`delete from ${sql.table(def.storage.table)} t where ${inScope}`
      .execute(trx)
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new PortalError(409, 'server.input.inUse');
        throw error;
      });
    if (Number(result.numAffectedRows ?? 0) !== ids.length)
      throw new PortalError(404, 'server.recordNotFound');
    if (deleted)
      await afterDelete(
        trx,
        def,
        caller,
        deleted.rows.map((row) => toWire(def, row)),
      );
  });
  return ids.length;
}
