import { sql } from 'kysely';
import { wallTime } from '../../domain/business-clock';
import { CustomerType } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { loginOfNamed } from '../identity/person-named';
import { ROLE, TASK_OFFICE } from '../identity/roles';
import type { ResourceDef } from '../resources/registry';
import { regionProvinces } from '../resources/scope';
import type { Clock } from '../workflows/clock';
import { targetOfLine } from './task-package';
import { fenOf } from './task-split';

/**
 * What a province target, a task, an RSP line and a city manager's task name must be real
 * (docs/decisions.md "Sales tasks: who does what"): a province of the region master within the
 * writer's scope, a city of that province, an RSP of that province, an enabled city manager, a year of
 * the plan's window and an annual target above zero. Each is refused naming its field, so the form shows
 * it there; the write is undone with it.
 */

/** The years a plan may name: the business year before, this one and the next (Asia/Shanghai). */
export function planYears(at: Date = new Date()) {
  const year = Number(wallTime(at).year);
  return { min: year - 1, max: year + 1 };
}

/** The province office sets targets, allocates them to RSPs and city managers (TASK_OFFICE). */
export const TASK_SETTERS: readonly string[] = TASK_OFFICE;

/** Fields of an RSP line its RSP writes when it objects; every other field is the province office's. */
const RSP_ANSWER_FIELDS = new Set(['ObjectionAmount', 'ObjectionReason']);

/** Refuses a write by a role whose duty it is not: targets and allocations are the province office's. */
export function refuseOutsideDuty(caller: Caller, changed?: ReadonlySet<string>) {
  if (TASK_SETTERS.includes(caller.roleCode)) return;
  if (changed && [...changed].every((field) => RSP_ANSWER_FIELDS.has(field))) return;
  throw new PortalError(403, 'salesTasks.problems.notTaskOffice');
}

const touches = (changed: ReadonlySet<string> | undefined, fields: string[]) =>
  !changed || fields.some((f) => changed.has(f));

/** The year of a plan: a whole year inside the plan's window. */
function checkYear(def: ResourceDef, record: Record<string, unknown>, clock?: Clock) {
  const year = Number(record.Year);
  const { min, max } = planYears(clock?.at);
  if (!Number.isInteger(year) || year < min || year > max)
    throw fieldError(def.name, 'Year', { key: 'salesTasks.problems.yearOutsidePlan', params: { min, max } });
}

/** A target above zero: a target of nothing splits into nothing and carries no load bearing. */
function checkPositive(def: ResourceDef, record: Record<string, unknown>, field: string) {
  const value = record[field];
  if (value === undefined || value === null || value === '') return;
  if (fenOf(String(value)) <= 0n) throw fieldError(def.name, field, 'salesTasks.problems.notPositive');
}

/**
 * A province picked in English is kept by its Chinese name, as every target, line and figure names it:
 * 'Jiangsu' and '江苏省' are one key, never two targets of one province.
 */
async function keepChineseName(trx: Db, record: Record<string, unknown>, code: string) {
  const zh = await sql<{ name: string }>`select name_zh as name from region where code = ${code}`.execute(
    trx,
  );
  const name = zh.rows[0]?.name;
  if (!name || record.ProvinceName === name) return;
  record.ProvinceName = name;
  await sql`update record set data = data || ${JSON.stringify({ ProvinceName: name })}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
}

/**
 * The province a record names: a province of the region master (no city, no district, nothing
 * invented), and one the writer works in — its own for province and city staff, its sales region's for
 * a region manager, any for staff who see everything. Answers its code.
 */
async function checkProvince(trx: Db, def: ResourceDef, caller: Caller, record: Record<string, unknown>) {
  const name = String(record.ProvinceName ?? '');
  const found = await sql<{ code: string }>`select code from region
    where level = 'province' and (name_zh = ${name} or name_en = ${name}) limit 1`.execute(trx);
  const code = found.rows[0]?.code;
  if (!code) throw fieldError(def.name, 'ProvinceName', 'salesTasks.problems.notAProvince');
  await keepChineseName(trx, record, code);
  if (caller.dataScope === 'all') return code;
  if (caller.dataScope === 'region' && caller.provinceCode) {
    const mine = await sql<{
      code: string;
    }>`${regionProvinces(caller.provinceCode)} and p.code = ${code}`.execute(trx);
    if (mine.rows.length) return code;
  } else if (caller.provinceCode === code) return code;
  throw fieldError(def.name, 'ProvinceName', 'salesTasks.problems.provinceOutsideScope');
}

/** A province target or a task (salesTask): its year, its province in the writer's scope, its target. */
export async function checkTargetReferences(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  clock?: Clock,
) {
  refuseOutsideDuty(caller);
  if (touches(changed, ['Year'])) checkYear(def, record, clock);
  if (touches(changed, ['ProvinceName'])) await checkProvince(trx, def, caller, record);
  if (touches(changed, ['AnnualTask'])) checkPositive(def, record, 'AnnualTask');
}

/**
 * An RSP line: the province office's, for a live province target of the same key (its year, province,
 * brand line and indicator), and an RSP of that province.
 */
export async function checkLineReferences(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string> | undefined,
) {
  refuseOutsideDuty(caller, changed);
  const key = ['Year', 'ProvinceName', 'Brand', 'IndicatorType', 'AgentName'];
  if (!touches(changed, key)) return;
  const province = await checkProvince(trx, def, caller, record);
  const agent = await sql<{ province: string | null }>`select province_code as province from customer
    where name = ${String(record.AgentName ?? '')} and customer_type = ${sql.lit(CustomerType.rsp)} limit 1`.execute(
    trx,
  );
  if (!agent.rows.length) throw fieldError(def.name, 'AgentName', 'salesTasks.problems.notAnRsp');
  if (agent.rows[0].province !== province)
    throw fieldError(def.name, 'AgentName', 'salesTasks.problems.rspOfOtherProvince');
  const target = await targetOfLine(trx, {
    Year: String(record.Year ?? ''),
    ProvinceName: String(record.ProvinceName ?? ''),
    Brand: String(record.Brand ?? ''),
    IndicatorType: String(record.IndicatorType ?? ''),
  });
  if (!target) throw fieldError(def.name, 'IndicatorType', 'salesTasks.problems.noTarget');
}

/**
 * A city manager's task: the province office's, its year and target, its province in the writer's
 * scope, a city of that province, and an enabled employee holding the city manager role (its login
 * becomes the task's cityManagerCode). The task takes its city's region columns, as a city manager
 * configuration row does: whoever entered it, the city managers of that city read it.
 */
export async function checkCityManagerTaskReferences(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
) {
  refuseOutsideDuty(caller);
  if (touches(changed, ['Year'])) checkYear(def, record);
  if (touches(changed, ['AnnualTask'])) checkPositive(def, record, 'AnnualTask');
  if (!touches(changed, ['ProvinceName', 'CityName', 'cityManagerName'])) return;
  const province = await checkProvince(trx, def, caller, record);
  const city = await sql<{ code: string }>`select code from region
    where level = 'city' and parent_code = ${province} and name_zh = ${String(record.CityName ?? '')}`.execute(
    trx,
  );
  if (city.rows.length !== 1) throw fieldError(def.name, 'CityName', 'server.problems.cityOfProvince');
  await sql`update record set province_code = ${province}, city_code = ${city.rows[0].code}
    where object_id = ${String(record.ObjectID)}
      and (province_code is distinct from ${province} or city_code is distinct from ${city.rows[0].code})`.execute(
    trx,
  );
  const code = await loginOfNamed(trx, ROLE.cityManager, record.cityManagerName, (problem) =>
    fieldError(def.name, 'cityManagerName', problem),
  );
  if (record.cityManagerCode === code) return;
  record.cityManagerCode = code;
  await sql`update record set data = data || ${JSON.stringify({ cityManagerCode: code })}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
}

/**
 * Nobody approves their own target: the executive who created a province target (or adjusted its
 * package's request) is refused its approval, so a second person always looks at it.
 */
export async function refuseOwnApproval(trx: Db, caller: Caller, targetId: string) {
  const owner = await sql<{ created_by: string | null }>`select created_by::text as created_by from record
    where object_id = ${targetId}`.execute(trx);
  if (owner.rows[0]?.created_by && owner.rows[0].created_by === caller.employeeId)
    throw new PortalError(403, 'salesTasks.problems.ownTarget');
}
