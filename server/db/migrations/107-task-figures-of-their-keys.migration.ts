import { type Kysely, sql } from 'kysely';

/** TaskPackageStatus of a voided target, as it stood when this ran (migration 082). */
const VOIDED = '211';
/** How far a city manager task type's code is from its indicator's, as it stood when this ran. */
const TASK_TYPE_OFFSET = 10;

/** A jsonb text as a number, null when it is not one (a figure is never made of a broken field). */
const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric end)`);

/** The same year, province, brand line and indicator as the row `m`. */
const sameKey = (alias: string) =>
  sql.raw(
    ['Year', 'ProvinceName', 'Brand', 'IndicatorType']
      .map((f) => `${alias}.data->>'${f}' = m.data->>'${f}'`)
      .join(' and '),
  );

/**
 * The figures a task, a line or a target carries for its key are written again from the records
 * (docs/sales-tasks.md): until now an RSP line or a city manager task moved to another key left the
 * figures of the key it left as they were, and a target entered after its city manager tasks never
 * counted them. From now on every write refreshes both keys (server/sales-tasks/load-bearing.rules.ts)
 * and the books check them (`allocatedIsLinesOfKey`, `cityManagerAllocatedIsTasks`); this brings the
 * figures already stored into line, by the rule of this version:
 *
 * - a task's AllocatedAmount = Σ the RSP lines of its key, UnallocatedAmount = what of its annual task
 *   they do not carry (never below zero), TaskPackageStatus its standing target's (as migration 064);
 * - a standing target's RspAllocated and LoadBearingRate from its RSP lines, and its
 *   CityManagerAllocated = Σ the annual tasks of the city manager tasks of the task type measuring it.
 */
export async function up(db: Kysely<unknown>) {
  await sql`with figures as (
      select m.object_id,
        (select coalesce(sum(${num("a.data->>'LoadBearingAmount'")}), 0) from record a
          where a.resource = 'rspTaskAllocation' and ${sameKey('a')}) as allocated,
        (select p.data->>'TaskPackageStatus' from record p where p.resource = 'provinceTask' and ${sameKey('p')}
          order by coalesce(p.data->>'TaskPackageStatus', '') <> ${VOIDED} desc, p.created_at limit 1) as status
      from record m where m.resource = 'salesTask'
    )
    update record m set data = m.data || jsonb_build_object(
        'AllocatedAmount', f.allocated::numeric(18, 2)::text,
        'UnallocatedAmount',
          greatest(coalesce(${num("m.data->>'AnnualTask'")}, 0) - f.allocated, 0)::numeric(18, 2)::text,
        'TaskPackageStatus', f.status)
    from figures f where m.object_id = f.object_id`.execute(db);

  await sql`with figures as (
      select m.object_id,
        (select coalesce(sum(${num("a.data->>'LoadBearingAmount'")}), 0) from record a
          where a.resource = 'rspTaskAllocation' and ${sameKey('a')}) as allocated,
        (select coalesce(sum(${num("c.data->>'AnnualTask'")}), 0) from record c
          where c.resource = 'cityManagerTask' and c.data->>'Year' = m.data->>'Year'
            and c.data->>'ProvinceName' = m.data->>'ProvinceName' and c.data->>'Brand' = m.data->>'Brand'
            and c.data->>'TaskType' = case when m.data->>'IndicatorType' ~ '^[0-9]{1,6}$'
              then ((m.data->>'IndicatorType')::int + ${sql.lit(TASK_TYPE_OFFSET)})::text end) as to_city_managers
      from record m where m.resource = 'provinceTask'
        and coalesce(m.data->>'TaskPackageStatus', '') <> ${VOIDED}
    )
    update record m set data = m.data || jsonb_build_object(
        'RspAllocated', f.allocated::numeric(18, 2)::text,
        'LoadBearingRate', round(f.allocated * 100 / nullif(${num("m.data->>'AnnualTask'")}, 0), 2),
        'CityManagerAllocated', f.to_city_managers::numeric(18, 2)::text)
    from figures f where m.object_id = f.object_id`.execute(db);
}
