import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AfterDelete } from '../resources/rules';
import { indicatorOfTaskType, standingTarget, type TargetKey, taskTypeOf } from './task-package';

/** The target key a city manager's task counts towards: its year, province, brand line and the indicator its type measures. */
export const keyOfCityManagerTask = (task: Record<string, unknown>): TargetKey => ({
  Year: String(task.Year ?? ''),
  ProvinceName: String(task.ProvinceName ?? ''),
  Brand: String(task.Brand ?? ''),
  IndicatorType: indicatorOfTaskType(task.TaskType),
});

/**
 * A province target's CityManagerAllocated (已分配城市经理任务, the staff view of the target, notes §6.2
 * step 3) = Σ the annual tasks of the city manager tasks of its year, province, brand line and the task
 * type measuring its indicator. Written on the standing target of the key whenever a target of it is
 * saved and whenever a task is saved onto it, moved off it or deleted, so the figure is never the one
 * of a task set before the target or of a task gone elsewhere. Answers the figure written, if any.
 */
export async function refreshCityManagerAllocated(trx: Db, key: TargetKey) {
  const updated = await sql<{ allocated: string }>`with allocated as (
      select coalesce(sum((c.data->>'AnnualTask')::numeric), 0) as amount from record c
      where c.resource = 'cityManagerTask' and c.data->>'Year' = ${key.Year}
        and c.data->>'ProvinceName' = ${key.ProvinceName} and c.data->>'Brand' = ${key.Brand}
        and c.data->>'TaskType' = ${taskTypeOf(key.IndicatorType)}
    )
    update record p set data = p.data || jsonb_build_object('CityManagerAllocated', allocated.amount::numeric(18, 2)::text)
    from allocated
    where p.resource = 'provinceTask' and ${standingTarget('p')} and p.data->>'Year' = ${key.Year}
      and p.data->>'ProvinceName' = ${key.ProvinceName} and p.data->>'Brand' = ${key.Brand}
      and p.data->>'IndicatorType' = ${key.IndicatorType}
    returning p.data->>'CityManagerAllocated' as allocated`.execute(trx);
  return updated.rows[0]?.allocated;
}

/** City manager tasks deleted: their targets' CityManagerAllocated without them. */
export const afterCityManagerTaskDelete: AfterDelete = async (trx, _def, _caller, records) => {
  for (const record of records) await refreshCityManagerAllocated(trx, keyOfCityManagerTask(record));
};
