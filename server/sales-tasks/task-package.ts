import { type RawBuilder, sql } from 'kysely';
import { TaskPackageStatus } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { fenOf, yuanOf } from './task-split';

/**
 * A province target and its lines (notes §6.2): the RSP allocations and the city managers' tasks of
 * the same year, province and brand line — RSP lines of the same indicator, city manager lines of the
 * task type that measures it. Two views of one target; both lock with it.
 */
export interface TargetKey {
  Year: string;
  ProvinceName: string;
  Brand: string;
  IndicatorType: string;
}

/**
 * A target that stands: not voided. A voided target keeps its record and history but holds no key —
 * its lines were removed with it, and the target entered in its place takes the key (migration 082).
 */
export const standingTarget = (alias: string): RawBuilder<boolean> =>
  sql<boolean>`coalesce(${sql.ref(`${alias}.data`)}->>'TaskPackageStatus', '') <> ${TaskPackageStatus.voided}`;

export const keyOf = (record: Record<string, unknown>): TargetKey => ({
  Year: String(record.Year ?? ''),
  ProvinceName: String(record.ProvinceName ?? ''),
  Brand: String(record.Brand ?? ''),
  IndicatorType: String(record.IndicatorType ?? ''),
});

/** The fields that place a line, a task or a target under a key: an RSP line's and a target's. */
export const TARGET_KEY_FIELDS = ['Year', 'ProvinceName', 'Brand', 'IndicatorType'] as const;

/**
 * The record as it was before an update that moved it to another key (one of `fields` changed), so
 * the figures of the key it left are given back what it carried; none on a create or a write in place.
 */
export const keyLeft = (
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  fields: readonly string[],
) => (before && fields.some((f) => String(before[f] ?? '') !== String(after[f] ?? '')) ? before : undefined);

/** How far a city manager task type's code (dictionary TaskType) is from its indicator's (TaskIndicatorType). */
const TASK_TYPE_OFFSET = 10;
/** The city manager task type (dictionary TaskType) that measures an indicator (TaskIndicatorType). */
export const taskTypeOf = (indicator: string) => String(Number(indicator) + TASK_TYPE_OFFSET);
/** The indicator (TaskIndicatorType) a city manager task type measures: the inverse of taskTypeOf. */
export const indicatorOfTaskType = (taskType: unknown) => String(Number(taskType ?? 0) - TASK_TYPE_OFFSET);
/** indicatorOfTaskType of a task type's text in SQL: null where the text is not a task type's number. */
export const indicatorOfTaskTypeSql = (taskType: RawBuilder<unknown>) =>
  sql<string>`case when ${taskType} ~ '^[0-9]{1,6}$'
    then ((${taskType})::int - ${sql.lit(TASK_TYPE_OFFSET)})::text end`;

const sameTarget = (key: Omit<TargetKey, 'IndicatorType'>) =>
  sql`data->>'Year' = ${key.Year} and data->>'ProvinceName' = ${key.ProvinceName}
    and data->>'Brand' = ${key.Brand}`;

export interface RspLine {
  id: string;
  agent: string;
  amount: string;
}

export async function rspLinesOf(db: Db, key: TargetKey): Promise<RspLine[]> {
  const rows = await sql<RspLine>`select object_id::text as id, coalesce(data->>'AgentName', '') as agent,
      coalesce(data->>'LoadBearingAmount', '0') as amount
    from record where resource = 'rspTaskAllocation' and ${sameTarget(key)}
      and data->>'IndicatorType' = ${key.IndicatorType}
    order by data->>'AgentName', object_id`.execute(db);
  return rows.rows;
}

export async function cityManagerLinesOf(db: Db, key: TargetKey): Promise<string[]> {
  const rows = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'cityManagerTask' and ${sameTarget(key)}
      and data->>'TaskType' = ${taskTypeOf(key.IndicatorType)}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** The province target a line counts towards, if there is one. */
export async function targetOfLine(
  db: Db,
  key: Omit<TargetKey, 'IndicatorType'> & { IndicatorType?: string },
) {
  const rows = await sql<{
    id: string;
    status: string | null;
    packageStatus: string | null;
    annual: string | null;
  }>`
    select object_id::text as id, data->>'TaskApprovalStatus' as status,
      data->>'TaskPackageStatus' as "packageStatus", data->>'AnnualTask' as annual
    from record t where resource = 'provinceTask' and ${sameTarget({ IndicatorType: '', ...key })}
      and ${standingTarget('t')}
      and ${key.IndicatorType === undefined ? sql`true` : sql`data->>'IndicatorType' = ${key.IndicatorType}`}
    order by created_at limit 1`.execute(db);
  return rows.rows[0];
}

/**
 * One target per year, province, brand line and indicator (notes §6.2): a second one would take the
 * first one's RSP lines as its own and move them with its package. Refused naming the indicator, the
 * part of the key a second target of a province's brand line most often repeats by mistake; the
 * database holds the same rule (migration 052).
 */
export async function refuseSecondTarget(db: Db, resource: string, record: Record<string, unknown>) {
  const key = keyOf(record);
  const other = await sql<{ id: string }>`select object_id::text as id from record t
    where resource = 'provinceTask' and ${sameTarget(key)} and data->>'IndicatorType' = ${key.IndicatorType}
      and ${standingTarget('t')} and object_id <> ${String(record.ObjectID)} limit 1`.execute(db);
  if (other.rows.length) throw fieldError(resource, 'IndicatorType', 'salesTasks.problems.duplicateTarget');
}

/** An RSP carries its share of a target on one line: a second line would count it twice. */
export async function refuseSecondLine(db: Db, resource: string, record: Record<string, unknown>) {
  const key = keyOf(record);
  const other = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'rspTaskAllocation' and ${sameTarget(key)} and data->>'IndicatorType' = ${key.IndicatorType}
      and data->>'AgentName' = ${String(record.AgentName ?? '')} and object_id <> ${String(record.ObjectID)}
    limit 1`.execute(db);
  if (other.rows.length) throw fieldError(resource, 'AgentName', 'salesTasks.problems.duplicateLine');
}

/** Writes a package's approval status onto all its lines: 111 and 121 lock them with it (SPEC §4). */
export async function stampLines(db: Db, key: TargetKey, status: string) {
  const stamp = JSON.stringify({ TaskApprovalStatus: status });
  await sql`update record set data = data || ${stamp}::jsonb
    where ((resource = 'rspTaskAllocation' and data->>'IndicatorType' = ${key.IndicatorType})
        or (resource = 'cityManagerTask' and data->>'TaskType' = ${taskTypeOf(key.IndicatorType)}))
      and ${sameTarget(key)}`.execute(db);
}

/** Load bearing bounds (notes §6.3): the RSPs carry at least the whole target and at most 130% of it. */
export const LOAD_BEARING_MIN = 100n;
export const LOAD_BEARING_MAX = 130n;

/**
 * Σ RSP shares ÷ target in percent, two decimals, from fen (no floating point), cut down; `up` rounds
 * the other way, so a rate just above the window never reads as its bound (130.004 % shows 130.01 %).
 */
export function loadBearingRate(allocatedFen: bigint, annualFen: bigint, rounding: 'down' | 'up' = 'down') {
  if (annualFen === 0n) return null;
  const scaled = allocatedFen * 10_000n;
  return yuanOf(rounding === 'up' ? (scaled + annualFen - 1n) / annualFen : scaled / annualFen);
}

/** Whether the load bearing lets a package be submitted and approved: 100% ≤ rate ≤ 130%, exactly. */
export const carried = (allocatedFen: bigint, annualFen: bigint) =>
  annualFen > 0n &&
  allocatedFen * 100n >= annualFen * LOAD_BEARING_MIN &&
  allocatedFen * 100n <= annualFen * LOAD_BEARING_MAX;

/** Refuses a package whose RSP lines carry less than 100% or more than 130% of its target. */
export async function refuseOutsideLoadBearing(db: Db, target: Record<string, unknown>) {
  const lines = await rspLinesOf(db, keyOf(target));
  const allocated = lines.reduce((total, line) => total + fenOf(line.amount), 0n);
  const annual = fenOf(String(target.AnnualTask ?? '0'));
  if (carried(allocated, annual)) return;
  throw new PortalError(409, 'salesTasks.problems.loadBearingOutside', {
    rate:
      loadBearingRate(allocated, annual, allocated * 100n > annual * LOAD_BEARING_MAX ? 'up' : 'down') ??
      '0.00',
    allocated: yuanOf(allocated),
    annual: yuanOf(annual),
  });
}
