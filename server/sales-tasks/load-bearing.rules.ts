import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { TaskApprovalStatus, TaskType } from '../../domain/codes/sales-tasks.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { RecordWrite } from '../resources/rules';
import { actorOf } from '../workflows/decisions';
import { keyOfCityManagerTask, refreshCityManagerAllocated } from './city-manager-allocated';
import { checkTargetPeriod, refuseLineOfLateTarget } from './plan-period.rules';
import { answerWhereMoved, reopenChangedAnswer, sendWhereUnasked } from './rsp-confirmation.rounds';
import { reopenTargetLeftWithoutLines } from './target-left-without-lines';
import { taskLabel } from './task-label';
import {
  keyLeft,
  keyOf,
  refuseSecondLine,
  refuseSecondTarget,
  standingTarget,
  TARGET_KEY_FIELDS,
  targetOfLine,
} from './task-package';
import { startTaskPackage } from './task-package.start';
import {
  checkCityManagerTaskReferences,
  checkLineReferences,
  checkTargetReferences,
} from './task-references.rules';
import { afterTaskSplitWrite } from './task-split.rules';

/**
 * Load bearing (承载, notes/domain.md §6.3) of the province target an RSP allocation belongs to (same
 * year, province, brand line and indicator): RspAllocated = Σ the RSPs' shares, LoadBearingRate =
 * RspAllocated ÷ annual target in percent, two decimals. Computed in numeric, never in floating point,
 * after every write of either side, so the figures shown are never stale.
 */
async function refreshLoadBearing(trx: Db, record: Record<string, unknown>) {
  const key = TARGET_KEY_FIELDS.map((f) => String(record[f] ?? ''));
  const sameKey = (alias: string) =>
    sql.join(
      TARGET_KEY_FIELDS.map((f, i) => sql`${sql.ref(`${alias}.data`)}->>${f} = ${key[i]}`),
      sql` and `,
    );
  const updated = await sql<{ object_id: string; allocated: string; rate: number | null }>`
    with allocated as (
      select coalesce(sum((a.data->>'LoadBearingAmount')::numeric), 0) as amount from record a
      where a.resource = 'rspTaskAllocation' and ${sameKey('a')}
    )
    update record p set data = p.data || jsonb_build_object(
        'RspAllocated', allocated.amount::numeric(18, 2)::text,
        'LoadBearingRate', round(allocated.amount * 100 / nullif((p.data->>'AnnualTask')::numeric, 0), 2))
    from allocated
    where p.resource = 'provinceTask' and ${sameKey('p')} and ${standingTarget('p')}
    returning p.object_id::text, p.data->>'RspAllocated' as allocated, (p.data->>'LoadBearingRate')::float8 as rate`.execute(
    trx,
  );
  return updated.rows;
}

/**
 * An allocation belongs to the RSP it names: the row takes that agent's company as its scope, so the
 * RSP's staff read it (and only their own) while the province keeps it through its province code.
 * It is an RSP task (TaskType 101) by what it is, as the approval list and its export (whose forced
 * parameter asks for RSP tasks) read it.
 */
async function assignToRsp(trx: Db, def: ResourceDef, record: Record<string, unknown>) {
  const agent = await sql<{ id: string }>`select object_id::text as id from customer
    where name = ${String(record.AgentName ?? '')} and customer_type = ${sql.lit(CustomerType.rsp)} limit 1`.execute(
    trx,
  );
  const id = agent.rows[0]?.id;
  if (!id) throw fieldError(def.name, 'AgentName', 'salesTasks.problems.notAnRsp');
  await sql`update record set company_id = ${id}, data = data || ${JSON.stringify({ TaskType: TaskType.rsp })}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
  record.TaskType = TaskType.rsp;
}

/**
 * A line added to (or moved onto) a province target in approval or approved would slip past its
 * lock: it is refused like an edit of the target itself; so is a line of a late target HQ has not
 * allowed.
 */
export async function refuseLineOfLockedTarget(
  trx: Db,
  resource: string,
  record: Record<string, unknown>,
  indicator?: string,
) {
  const target = await targetOfLine(trx, {
    Year: String(record.Year ?? ''),
    ProvinceName: String(record.ProvinceName ?? ''),
    Brand: String(record.Brand ?? ''),
    IndicatorType: indicator,
  });
  refuseLineOfLateTarget(resource, target);
  const { Year, ProvinceName, Brand } = record;
  const lockedTarget = taskLabel({ Year, ProvinceName, Brand, IndicatorType: indicator });
  if (target?.status === TaskApprovalStatus.inApproval)
    throw new PortalError(409, 'salesTasks.problems.lockedInApproval', { task: lockedTarget });
  if (target?.status === TaskApprovalStatus.approved)
    throw new PortalError(409, 'salesTasks.problems.lockedApproved', { task: lockedTarget });
  return target;
}

/**
 * An RSP allocation: one per RSP and target, its own quarter split, then its province target's load
 * bearing — and, when the edit moved it to another target, the load bearing of the one it left; an
 * answer the RSP gave for another figure, or under the target the line left, no longer stands, and a
 * round of the target it left waits for it no more (rsp-confirmation.rounds.ts).
 */
export async function afterAllocationWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  write?: RecordWrite,
) {
  await checkLineReferences(trx, def, caller, record, changed);
  const target = await refuseLineOfLockedTarget(trx, def.name, record, String(record.IndicatorType ?? ''));
  await refuseSecondLine(trx, def.name, record);
  await assignToRsp(trx, def, record);
  await afterTaskSplitWrite(trx, def, caller, record, changed);
  await refreshLoadBearing(trx, record);
  const left = keyLeft(write?.before, record, TARGET_KEY_FIELDS);
  if (left) await refreshLoadBearing(trx, left);
  const [sender, at] = [actorOf(caller), write?.clock?.at];
  if (left) {
    await answerWhereMoved(trx, record, target, sender, at);
    await reopenTargetLeftWithoutLines(trx, keyOf(left), write?.clock);
    return;
  }
  await reopenChangedAnswer(trx, record, target, sender, at);
  const sent = await sendWhereUnasked(trx, record, sender, at);
  if (sent && write && !write.before) await sentWithItsCreation(trx, record);
}

/**
 * A line created on a target out with the RSPs is sent in its creation: the creator sees it waiting
 * for its RSP, and it keeps the version it was created with, as its round is part of creating it.
 */
async function sentWithItsCreation(trx: Db, record: Record<string, unknown>) {
  const sent = await sql<{ status: string | null; deadline: string | null }>`update record
    set version = ${Number(record.Version ?? 1)} where object_id = ${String(record.ObjectID)}
    returning data->>'ConfirmStatus' as status, data->>'ConfirmDeadline' as deadline`.execute(trx);
  const [line] = sent.rows;
  if (line) Object.assign(record, { ConfirmStatus: line.status, ConfirmDeadline: line.deadline });
}

/**
 * RSP lines deleted: the load bearing of their targets without them; a target out with the RSPs that
 * has no line left goes back to allocation.
 */
export async function afterAllocationDelete(trx: Db, records: Record<string, unknown>[]) {
  for (const record of records) {
    await refreshLoadBearing(trx, record);
    await reopenTargetLeftWithoutLines(trx, keyOf(record));
  }
}

/**
 * A province target: set before its period (or late with a reason HQ is asked to allow), one of its
 * year, province, brand line and indicator, its split, then its load bearing and its city managers'
 * share against the allocations and tasks already made (a city manager's task may come first).
 */
export async function afterProvinceTaskWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  write?: RecordWrite,
) {
  const clock = write?.clock;
  await checkTargetReferences(trx, def, caller, record, changed, clock);
  const lateReason = await checkTargetPeriod(trx, def, record, changed, clock);
  await refuseSecondTarget(trx, def.name, record);
  await afterTaskSplitWrite(trx, def, caller, record, changed);
  const own = (await refreshLoadBearing(trx, record)).find((row) => row.object_id === record.ObjectID);
  if (own) Object.assign(record, { RspAllocated: own.allocated, LoadBearingRate: own.rate });
  const toCityManagers = await refreshCityManagerAllocated(trx, keyOf(record));
  if (toCityManagers !== undefined) record.CityManagerAllocated = toCityManagers;
  Object.assign(record, await startTaskPackage(trx, def, caller, record, clock, lateReason));
}

/**
 * A city manager's task: refused on a locked province target, split like any target, and summed into
 * the target's CityManagerAllocated — and into the one it left, when the edit moved it to another
 * year, province, brand line or task type.
 */
export async function afterCityManagerTaskWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  write?: RecordWrite,
) {
  await checkCityManagerTaskReferences(trx, def, caller, record, changed);
  const key = keyOfCityManagerTask(record);
  await refuseLineOfLockedTarget(trx, def.name, record, key.IndicatorType);
  await afterTaskSplitWrite(trx, def, caller, record, changed);
  await refreshCityManagerAllocated(trx, key);
  const left = keyLeft(write?.before, record, ['Year', 'ProvinceName', 'Brand', 'TaskType']);
  if (left) await refreshCityManagerAllocated(trx, keyOfCityManagerTask(left));
}

/** A task (任务管理): its references and the writer's duty, then its split like any target. */
export async function afterSalesTaskWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed?: ReadonlySet<string>,
  write?: RecordWrite,
) {
  await checkTargetReferences(trx, def, caller, record, changed, write?.clock);
  await afterTaskSplitWrite(trx, def, caller, record, changed);
}
