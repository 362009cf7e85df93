import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { isValidCreditCode, normalizeCreditCode } from '../../domain/credit-code';
import { ROLE } from '../../domain/roles';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldConfirmation, fieldConflict, fieldError, fieldTaken } from '../http/validate';
import { loginOfNamed } from '../identity/person-named';
import { placeNamed } from '../lookups/region-check';
import { creditCodeTaken } from '../registration/registration.repo';
import type { ResourceDef } from '../resources/registry';
import type { RecordWrite } from '../resources/rules';
import { scopeCondition } from '../resources/scope';
import {
  CARRY_CCPS,
  carryCcpsAlong,
  ccpsSuppliedBy,
  followSupplierName,
  isRspOf,
  mayCarryCcps,
  NAMED_SUPPLIER_STATUSES,
} from './ccp-supplier';

const problem = (key: string) => `server.agentRecord.problems.${key}`;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** What the rule writes back onto the agent's row: columns, and fields of its `data`. */
interface Corrections {
  columns: Record<string, unknown>;
  data: Record<string, unknown>;
}

/**
 * The credit code in its stored form (no spaces, upper case), passing its check character, and held
 * by no other agent nor by a registration in progress. A code the save left as it was is not checked
 * again: an older record keeps what its registration was allowed.
 */
async function creditCodeOf(trx: Db, def: ResourceDef, record: Record<string, unknown>, before?: unknown) {
  const code = normalizeCreditCode(text(record.ExtCreditCode_SDK));
  if (!code || code === before) return code || null;
  if (!isValidCreditCode(code)) throw fieldError(def.name, 'ExtCreditCode_SDK', problem('creditCodeInvalid'));
  // In the words the unique index's refusal has (server/resources/write.ts), whoever holds it: a
  // refusal never tells whether the holder is in the writer's scope.
  if (await creditCodeTaken(trx, code, { customerId: String(record.ObjectID) }))
    throw fieldTaken(def.name, 'ExtCreditCode_SDK');
  return code;
}

/**
 * The province and city of the region master the record names, which become its scope columns (so
 * the staff of that province and city see it) and its names in Chinese, as every list shows them. The
 * place must lie within the writer's own scope: nobody moves an agent out of their reach.
 */
async function placeOf(trx: Db, def: ResourceDef, caller: Caller, record: Record<string, unknown>) {
  const { province, city } = await placeNamed(trx, record.ProvinceName, record.CityName);
  if (!province) throw fieldError(def.name, 'ProvinceName', problem('notAProvince'));
  if (!city) throw fieldError(def.name, 'CityName', 'server.problems.cityOfProvince');
  const seen = await sql<{
    n: number;
  }>`select count(*)::int as n from (select ${province.code}::text as province_code,
      ${city.code}::text as city_code, ${String(record.ObjectID)}::uuid as company_id) t
    where ${scopeCondition(caller)}`.execute(trx);
  if (!seen.rows[0]?.n) throw fieldError(def.name, 'ProvinceName', problem('provinceOutsideScope'));
  return { province, city };
}

/**
 * A CCP's supplying agent (供货上级): an active RSP of the CCP's province (./ccp-supplier.ts). It
 * becomes the CCP's parent, through which that RSP's staff read the CCP's records
 * (server/resources/scope.ts); an RSP of another province or a name no RSP has is refused alike,
 * naming nothing of other companies. The RSP's row is read for share, so a move or status change
 * of it saved at the same moment waits for this save, or this save sees it.
 */
async function supplierOf(trx: Db, def: ResourceDef, record: Record<string, unknown>, province: string) {
  if (record.ExtCustomerType_SDK !== CustomerType.ccp)
    throw fieldError(def.name, 'ExtSupplierName_SDK', problem('supplierOnlyCcp'));
  const name = text(record.ExtSupplierName_SDK);
  if (!name) return null;
  const found = await sql<{ id: string }>`select object_id::text as id from customer s
    where name = ${name} and ${isRspOf('s', province, NAMED_SUPPLIER_STATUSES)} limit 2 for share`.execute(
    trx,
  );
  if (found.rows.length !== 1) throw fieldError(def.name, 'ExtSupplierName_SDK', problem('supplierNotRsp'));
  return found.rows[0].id;
}

/**
 * An agent that CCPs name as their supplier does not leave them in another province: a CCP's supplier
 * is an RSP of its own province. By default the move waits until each of them has another supplier (a
 * conflict, naming the province and how many). A vendor administrator correcting agents entered in the
 * wrong province may instead carry them along: the save asks first, naming how many CCPs would move and
 * where, and goes through once saved again confirming that number (`Confirmed`), the CCPs moved in the
 * same transaction. The save already holds the agent's row, so a CCP naming it meanwhile either came
 * first and is counted (a confirmation of another number is asked again), or waits and then finds it
 * in the other province.
 */
async function moveFromCcps(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  id: string,
  place: Awaited<ReturnType<typeof placeOf>>,
  confirmed: Readonly<Record<string, string | number>> = {},
) {
  const count = await ccpsSuppliedBy(trx, id);
  if (!count) return;
  if (!mayCarryCcps(caller.roleCode))
    throw fieldConflict(def.name, 'ProvinceName', { key: problem('suppliesCcps'), params: { count } });
  const where = { province: place.province.nameZh, city: place.city.nameZh };
  if (confirmed[CARRY_CCPS] !== count)
    throw fieldConfirmation(
      def.name,
      'ProvinceName',
      { key: problem('carryCcps'), params: { count, ...where } },
      { name: CARRY_CCPS, value: count },
    );
  await carryCcpsAlong(
    trx,
    id,
    {
      provinceCode: place.province.code,
      cityCode: place.city.code,
      provinceName: where.province,
      cityName: where.city,
    },
    caller.lastName,
  );
}

/** The people an agent's record names: its channel manager (RSPs) and city manager (CCPs), by login. */
async function peopleOf(
  trx: Db,
  def: ResourceDef,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  out: Corrections,
) {
  const named = [
    ['ExtChannelManagerName_SDK', 'ExtChannelManagerCode_SDK', ROLE.channelManager],
    ['cityManagerName', 'cityManagerCode', ROLE.cityManager],
  ] as const;
  for (const [field, login, role] of named) {
    if (!changed.has(field)) continue;
    out.data[login] = text(record[field])
      ? await loginOfNamed(trx, role, record[field], (key) => fieldError(def.name, field, key))
      : null;
  }
}

/**
 * An agent's record as its forms save it (the GD form's create, the GD, RSP and CCP edits), in the
 * write's transaction: every reference the save touched is checked against its master and refused
 * naming its field, which undoes the write (docs/customer-workflows.md "Editing an agent's record").
 * The credit code is the agent's unique, valid code; province and city are the region master's and
 * set the record's scope; the channel and city managers are enabled employees of their roles; a CCP's
 * supplier is an active RSP of its province and becomes its parent, and an agent that CCPs name as
 * their supplier does not leave its province without them. A new agent is its own company.
 */
export async function afterAgentRecordWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  const id = String(record.ObjectID);
  const out: Corrections = { columns: {}, data: {} };
  if (!write?.before) out.columns.company_id = id;
  if (changed.has('ExtCreditCode_SDK'))
    out.columns.credit_code = await creditCodeOf(trx, def, record, write?.before?.ExtCreditCode_SDK);
  const stored = await sql<{ province: string | null }>`select province_code as province from customer
    where object_id = ${id}`.execute(trx);
  let province = stored.rows[0]?.province ?? '';
  const placed = changed.has('ProvinceName') || changed.has('CityName');
  if (placed) {
    const place = await placeOf(trx, def, caller, record);
    Object.assign(out.columns, { province_code: place.province.code, city_code: place.city.code });
    Object.assign(out.data, { ProvinceName: place.province.nameZh, CityName: place.city.nameZh });
    if (write?.before && place.province.code !== province)
      await moveFromCcps(trx, def, caller, id, place, write.confirmed);
    province = place.province.code;
  }
  await peopleOf(trx, def, record, changed, out);
  // A CCP moved to another province needs a supplier there too.
  const movedCcp =
    placed && province !== stored.rows[0]?.province && record.ExtCustomerType_SDK === CustomerType.ccp;
  if (changed.has('ExtSupplierName_SDK') || (movedCcp && text(record.ExtSupplierName_SDK)))
    out.columns.parent_id = await supplierOf(trx, def, record, province);
  await correct(trx, id, out);
  if (write?.before && changed.has('Name')) await followSupplierName(trx, id);
  if ('credit_code' in out.columns) record.ExtCreditCode_SDK = out.columns.credit_code;
  Object.assign(record, out.data);
}

/** Writes the corrections onto the row the save just wrote (its version already counts the save). */
async function correct(trx: Db, id: string, { columns, data }: Corrections) {
  const sets = [
    ...Object.entries(columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    ...(Object.keys(data).length ? [sql`data = data || ${JSON.stringify(data)}::jsonb`] : []),
  ];
  if (sets.length) await sql`update customer set ${sql.join(sets)} where object_id = ${id}`.execute(trx);
}
