import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database, EmployeeTable } from '../db/schema';
import { PortalError } from '../http/envelope';
import type { Lang } from '../http/i18n';
import { COLUMN_OF, EDITABLE_FIELDS, type EmployeeState } from './employee-admin.schema';

export interface EmployeeChangeTable {
  object_id: Generated<string>;
  employee_id: string;
  /** 'confirm' (a confirmed edit) or 'cancel' (the undo of the confirm named by reverts_id). */
  kind: string;
  before: ColumnType<Record<string, unknown>, string, never>;
  after: ColumnType<Record<string, unknown>, string, never>;
  version_before: number;
  version_after: number;
  reverts_id: string | null;
  changed_by: string | null;
  changed_by_name: string | null;
  changed_at: ColumnType<Date, never, never>;
}

export type EmployeeAdminDb = Kysely<Database & { employee_change: EmployeeChangeTable }>;
export const employeeAdminDb = (db: Db): EmployeeAdminDb =>
  db.withTables<{ employee_change: EmployeeChangeTable }>();

/** Every column but the password hash, which never leaves the server. */
const COLUMNS = [
  'object_id',
  'username',
  'last_name',
  'first_time',
  'role_code',
  'email',
  'phone',
  'province_code',
  'city_code',
  'company_id',
  'enabled',
  'version',
  'created_at',
  'updated_at',
] as const;

export type EmployeeRow = Pick<Selectable<EmployeeTable>, (typeof COLUMNS)[number]>;

/** The row, locked for the rest of the transaction so two administrators' edits queue up. */
export async function lockEmployee(trx: Db, id: string): Promise<EmployeeRow> {
  const row = await trx
    .selectFrom('employee')
    .select(COLUMNS)
    .where('object_id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PortalError(404, 'server.employee.notFound');
  return row;
}

export function stateOf(row: EmployeeRow): EmployeeState {
  return Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, row[COLUMN_OF[f]]])) as EmployeeState;
}

/** Refuses a write over a newer version than the one the editor saw (nothing is written). */
export function checkVersion(row: EmployeeRow, seen: { version?: number; modifiedOn?: string }) {
  if (seen.version !== undefined) {
    if (seen.version !== row.version) throw new PortalError(409, 'server.employee.staleVersion');
    return;
  }
  if (seen.modifiedOn !== undefined) {
    const time = Date.parse(seen.modifiedOn);
    if (Number.isNaN(time) || time !== new Date(row.updated_at).getTime())
      throw new PortalError(409, 'server.employee.staleVersion');
    return;
  }
  throw new PortalError(400, 'server.employee.versionRequired');
}

const toIso = (value: Date | string) => new Date(value).toISOString();

/** The employee as the administrator's form shows it, with its recent change history. */
export async function employeeForAdmin(db: Db, id: string, lang: Lang) {
  const row = await db
    .selectFrom('employee as e')
    .innerJoin('role as r', 'r.code', 'e.role_code')
    .select(COLUMNS.map((c) => `e.${c}` as const))
    .select(lang === 'en' ? 'r.name_en as role_name' : 'r.name_zh as role_name')
    .where('e.object_id', '=', id)
    .executeTakeFirst();
  if (!row) throw new PortalError(404, 'server.employee.notFound');
  const company = row.company_id
    ? await db
        .withTables<{ customer: { object_id: string; name: string } }>()
        .selectFrom('customer')
        .select('name')
        .where('object_id', '=', row.company_id)
        .executeTakeFirst()
    : undefined;
  return {
    ObjectID: row.object_id,
    EmployeeID: row.object_id,
    ...stateOf(row),
    ExtRoleName_SDK: row.role_name,
    ExtH3cFlag_SDK: row.company_id === null,
    ExtCompanyName_SDK: company?.name ?? null,
    ExtIsFistTime_SDK: row.first_time,
    Version: row.version,
    ModifiedOn: toIso(row.updated_at),
    CreationOn: toIso(row.created_at),
    History: await historyOf(db, id),
  };
}

/** The latest changes first; twenty cover any form's "what happened here" question. */
export async function historyOf(db: Db, id: string, limit = 20) {
  const rows = await employeeAdminDb(db)
    .selectFrom('employee_change')
    .selectAll()
    .where('employee_id', '=', id)
    .orderBy('version_after', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ObjectID: r.object_id,
    Kind: r.kind,
    Before: r.before,
    After: r.after,
    VersionBefore: r.version_before,
    VersionAfter: r.version_after,
    RevertsID: r.reverts_id,
    ChangedBy: r.changed_by,
    ChangedByName: r.changed_by_name,
    ChangedOn: toIso(r.changed_at),
  }));
}

export async function latestChange(db: Db, id: string) {
  return employeeAdminDb(db)
    .selectFrom('employee_change')
    .selectAll()
    .where('employee_id', '=', id)
    .orderBy('version_after', 'desc')
    .limit(1)
    .executeTakeFirst();
}
