import { sql } from 'kysely';
import type { z } from 'zod';
import { hashPassword } from '../auth/password';
import { refuseWeakInitialPassword, refuseWeakResetPassword } from '../auth/password-policy';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import type { Caller } from '../http/auth';
import { badField, PortalError } from '../http/envelope';
import { employeeScope } from '../lookups/employee.lookup';
import { checkRegionChain } from '../lookups/region-check';
import {
  checkVersion,
  type EmployeeRow,
  employeeAdminDb,
  latestChange,
  lockEmployee,
  stateOf,
} from './employee-admin.repo';
import {
  COLUMN_OF,
  EDITABLE_FIELDS,
  type EditableField,
  type EmployeeState,
  type employeeChange,
  type employeeCreate,
  type employeeReset,
  type employeeUndo,
} from './employee-admin.schema';
import { checkWithinPowers } from './reset-powers';
import { ROLE } from './roles';

type Seen = z.infer<typeof employeeUndo>;
const seenOf = (body: Seen) => ({ version: body.Version ?? body.version, modifiedOn: body.ModifiedOn });

/**
 * Checks the state an account would have after a change. Only the rules the changed fields touch are
 * checked, so an old account with, say, no email can still be renamed.
 */
async function checkState(trx: Db, state: EmployeeState, selfId: string | null, changed: EditableField[]) {
  const touches = (...fields: EditableField[]) => fields.some((f) => changed.includes(f));
  if (touches('ExtUserName_SDK')) {
    const taken = await trx
      .selectFrom('employee')
      .select('object_id')
      .where(sql`lower(username)`, '=', state.ExtUserName_SDK.toLowerCase())
      .where('object_id', '!=', selfId ?? '00000000-0000-0000-0000-000000000000')
      .executeTakeFirst();
    if (taken)
      throw new PortalError(409, 'server.employee.usernameTaken', { username: state.ExtUserName_SDK });
  }
  const role = await trx
    .selectFrom('role')
    .select('data_scope')
    .where('code', '=', state.ExtRoleCode_SDK)
    .executeTakeFirst();
  if (!role)
    throw badField('ExtRoleCode_SDK', {
      key: 'server.employee.unknownRole',
      params: { code: state.ExtRoleCode_SDK },
    });
  if (touches('ExtRoleCode_SDK', 'ExtCompanyID_SDK', 'ProvinceCode', 'CityCode')) {
    // Without the columns its role's scope reads, an account would see nothing at all.
    if (role.data_scope === 'company') {
      if (!state.ExtCompanyID_SDK) throw new PortalError(400, 'server.employee.companyRequired');
      const company = await trx
        .withTables<{ customer: { object_id: string } }>()
        .selectFrom('customer')
        .select('object_id')
        .where('object_id', '=', state.ExtCompanyID_SDK)
        .executeTakeFirst();
      if (!company) throw new PortalError(400, 'server.employee.unknownCompany');
    } else if (state.ExtCompanyID_SDK) {
      throw new PortalError(400, 'server.employee.companyNotAllowed');
    }
    if ((role.data_scope === 'province' || role.data_scope === 'region') && !state.ProvinceCode)
      throw new PortalError(400, 'server.employee.provinceRequired');
    if (role.data_scope === 'city' && !state.CityCode)
      throw new PortalError(400, 'server.employee.cityRequired');
  }
  if (touches('ProvinceCode', 'CityCode')) {
    await checkRegionChain(trx, [
      { field: 'ProvinceCode', code: state.ProvinceCode },
      { field: 'CityCode', code: state.CityCode },
    ]);
  }
}

/** Someone must always be able to administer the portal. */
async function keepAnAdmin(trx: Db, id: string, before: EmployeeState, after: EmployeeState) {
  const wasAdmin = before.ExtRoleCode_SDK === ROLE.systemAdmin && before.Enabled;
  const staysAdmin = after.ExtRoleCode_SDK === ROLE.systemAdmin && after.Enabled;
  if (!wasAdmin || staysAdmin) return;
  const others = await trx
    .selectFrom('employee')
    .select('object_id')
    .where('role_code', '=', ROLE.systemAdmin)
    .where('enabled', '=', true)
    .where('object_id', '!=', id)
    .executeTakeFirst();
  if (!others) throw new PortalError(409, 'server.employee.lastAdmin');
}

/**
 * Writes the new state, records the change and, when the role changes or the account is disabled,
 * ends the employee's open sessions: their menus and scope must not outlive the change.
 */
async function apply(
  trx: Db,
  caller: Caller,
  row: EmployeeRow,
  change: { before: EmployeeState; after: EmployeeState; fields: EditableField[] },
  kind: 'confirm' | 'cancel',
  revertsId: string | null = null,
) {
  const { before, after, fields } = change;
  await checkState(trx, after, row.object_id, fields);
  await keepAnAdmin(trx, row.object_id, before, after);
  const sets = Object.fromEntries(fields.map((f) => [COLUMN_OF[f], after[f]]));
  await trx
    .updateTable('employee')
    .set((eb) => ({ ...sets, version: eb('version', '+', 1), updated_at: sql`now()` }))
    .where('object_id', '=', row.object_id)
    .execute();
  const pick = (state: EmployeeState) => JSON.stringify(Object.fromEntries(fields.map((f) => [f, state[f]])));
  await employeeAdminDb(trx)
    .insertInto('employee_change')
    .values({
      employee_id: row.object_id,
      kind,
      before: pick(before),
      after: pick(after),
      version_before: row.version,
      version_after: row.version + 1,
      reverts_id: revertsId,
      changed_by: caller.employeeId,
      changed_by_name: caller.lastName,
    })
    .execute();
  if (before.ExtRoleCode_SDK !== after.ExtRoleCode_SDK || (before.Enabled && !after.Enabled)) {
    await trx
      .updateTable('session_token')
      .set({ revoked_at: new Date() })
      .where('employee_id', '=', row.object_id)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

/** POST /employee/create: a new account that must change its initial password at first login. */
export async function createEmployee(db: Db, input: z.infer<typeof employeeCreate>): Promise<string> {
  refuseWeakInitialPassword(input.Password, input.ExtUserName_SDK);
  const passwordHash = await hashPassword(input.Password);
  const work = db.transaction().execute(async (trx) => {
    if (input.EmployeeID) {
      const exists = await trx
        .selectFrom('employee')
        .select('object_id')
        .where('object_id', '=', input.EmployeeID)
        .executeTakeFirst();
      if (exists) throw new PortalError(409, 'server.employee.idTaken', { id: input.EmployeeID });
    }
    const state = Object.fromEntries(EDITABLE_FIELDS.map((f) => [f, input[f] ?? null])) as EmployeeState;
    // Agent staff work where their company is, unless told otherwise.
    if (state.ExtCompanyID_SDK && !state.ProvinceCode) {
      const company = await trx
        .withTables<{ customer: { object_id: string; province_code: string | null } }>()
        .selectFrom('customer')
        .select('province_code')
        .where('object_id', '=', state.ExtCompanyID_SDK)
        .executeTakeFirst();
      state.ProvinceCode = company?.province_code ?? null;
    }
    await checkState(trx, state, null, EDITABLE_FIELDS);
    const inserted = await trx
      .insertInto('employee')
      .values({
        ...(input.EmployeeID ? { object_id: input.EmployeeID } : {}),
        username: state.ExtUserName_SDK,
        last_name: state.LastName,
        role_code: state.ExtRoleCode_SDK,
        email: state.Email,
        phone: state.Phone,
        province_code: state.ProvinceCode,
        city_code: state.CityCode,
        enabled: state.Enabled,
        company_id: state.ExtCompanyID_SDK,
        password_hash: passwordHash,
        password_changed_at: sql`now()`,
        first_time: true,
      })
      .returning('object_id')
      .executeTakeFirstOrThrow();
    return inserted.object_id;
  });
  return work.catch(raceToTaken(input.ExtUserName_SDK));
}

/** A username taken by a concurrent save between the check and the write. */
const raceToTaken = (username: string | undefined) => (error: unknown) => {
  if (isUniqueViolation(error, 'employee_username_uq'))
    throw new PortalError(409, 'server.employee.usernameTaken', { username });
  throw error;
};

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/** POST /employee/confirmUpdate (the edit form's confirm): applies the fields that differ; false when none do. */
export async function confirmUpdate(db: Db, caller: Caller, body: z.infer<typeof employeeChange>) {
  const work = db.transaction().execute(async (trx) => {
    const row = await lockEmployee(trx, body.ObjectID);
    checkVersion(row, seenOf(body));
    const before = stateOf(row);
    const fields = EDITABLE_FIELDS.filter((f) => body[f] !== undefined && !same(body[f], before[f]));
    if (!fields.length) return false;
    const after = { ...before, ...Object.fromEntries(fields.map((f) => [f, body[f]])) } as EmployeeState;
    await apply(trx, caller, row, { before, after, fields }, 'confirm');
    return true;
  });
  return work.catch(raceToTaken(body.ExtUserName_SDK));
}

/**
 * POST /employee/cancelUpdate (the edit form's undo): puts back the fields of the last confirmed change. Only the
 * latest entry can be undone, and only once: an undo is itself the latest entry afterwards.
 */
export async function cancelUpdate(db: Db, caller: Caller, body: Seen) {
  return db.transaction().execute(async (trx) => {
    const row = await lockEmployee(trx, body.ObjectID);
    checkVersion(row, seenOf(body));
    const last = await latestChange(trx, row.object_id);
    if (last?.kind !== 'confirm') throw new PortalError(409, 'server.employee.nothingToUndo');
    const before = stateOf(row);
    const fields = Object.keys(last.after).filter((f): f is EditableField =>
      (EDITABLE_FIELDS as string[]).includes(f),
    );
    // Fields changed since by other means are not overwritten with an older value.
    if (fields.some((f) => !same(before[f], last.after[f])))
      throw new PortalError(409, 'server.employee.nothingToUndo');
    const after = {
      ...before,
      ...Object.fromEntries(fields.map((f) => [f, last.before[f]])),
    } as EmployeeState;
    await apply(trx, caller, row, { before, after, fields }, 'cancel', last.object_id);
  });
}

/** A reset password works this long, and only to set a new one (ARCHITECTURE.md §10). */
const TEMPORARY_PASSWORD_HOURS = 72;

/**
 * POST /employee/resetPassword: a temporary password (72 hours) the employee must change at first login; their
 * open sessions end, so whoever used the old password is out. A system administrator's password is
 * reset only by an account administrator (otherwise the reset page would hand out the admin's power),
 * never the last enabled one's, and nobody resets their own here: that is what the password form is for.
 */
export async function resetPassword(
  db: Db,
  caller: Caller,
  body: z.infer<typeof employeeReset>,
  options: { accountAdmin: boolean },
) {
  if (body.ObjectID === caller.employeeId) throw new PortalError(403, 'server.employee.resetOwn');
  await refuseWeakResetPassword(db, body.ObjectID, body.Password);
  const passwordHash = await hashPassword(body.Password);
  return db.transaction().execute(async (trx) => {
    const row = await lockEmployee(trx, body.ObjectID);
    const visible = await trx
      .selectFrom('employee as t')
      .select('t.object_id')
      .where('t.object_id', '=', row.object_id)
      .where(employeeScope(caller))
      .executeTakeFirst();
    if (!visible) throw new PortalError(404, 'server.employee.notFound');
    checkVersion(row, seenOf(body));
    if (row.role_code === ROLE.systemAdmin) {
      if (!options.accountAdmin) throw new PortalError(403, 'server.employee.resetAdmin');
      const before = stateOf(row);
      await keepAnAdmin(trx, row.object_id, before, { ...before, Enabled: false }).catch(() => {
        throw new PortalError(409, 'server.employee.resetLastAdmin');
      });
    }
    await checkWithinPowers(trx, caller.roleCode, row.role_code);
    await trx
      .updateTable('employee')
      .set((eb) => ({
        password_hash: passwordHash,
        password_changed_at: sql`now()`,
        password_expires_at: sql`now() + make_interval(hours => ${TEMPORARY_PASSWORD_HOURS})`,
        first_time: true,
        version: eb('version', '+', 1),
        updated_at: sql`now()`,
      }))
      .where('object_id', '=', row.object_id)
      .execute();
    // Recorded like a change (without the password), so the history says who reset it and when.
    await employeeAdminDb(trx)
      .insertInto('employee_change')
      .values({
        employee_id: row.object_id,
        kind: 'reset',
        before: '{}',
        after: '{}',
        version_before: row.version,
        version_after: row.version + 1,
        reverts_id: null,
        changed_by: caller.employeeId,
        changed_by_name: caller.lastName,
      })
      .execute();
    await trx
      .updateTable('session_token')
      .set({ revoked_at: new Date() })
      .where('employee_id', '=', row.object_id)
      .where('revoked_at', 'is', null)
      .execute();
    return { ObjectID: row.object_id, Version: row.version + 1, ExtIsFistTime_SDK: true };
  });
}
