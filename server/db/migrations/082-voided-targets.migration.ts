import { type Kysely, sql } from 'kysely';

/** TaskPackageStatus of a voided target, as it stood when this ran. */
const VOIDED = '211';

/** The columns every resource row has, taken from the row a view is about (as migration 066). */
const base = (t: string) =>
  sql.raw(`${t}.version, ${t}.created_at, ${t}.created_by_name, ${t}.updated_at, ${t}.updated_by_name,
    ${t}.company_id, ${t}.province_code, ${t}.city_code, '{}'::jsonb as data`);
const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`);
const year = (t: string) =>
  sql.raw(`(case when ${t}.data->>'Year' ~ '^\\d{4}$' then (${t}.data->>'Year')::int end)`);

/**
 * A province target entered in error is voided through its workflow (docs/sales-tasks.md): it keeps
 * its record and history but no longer holds its year, province, brand line and indicator, so the
 * target that should have been entered can take them — the one-target-per-key constraint of
 * migration 052 holds standing targets only — and the provincial task report (migration 066) leaves
 * it out.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table record drop constraint province_task_key_uq`.execute(db);
  await sql`alter table record add constraint province_task_key_uq exclude using btree (
      (data->>'Year') with =, (data->>'ProvinceName') with =, (data->>'Brand') with =,
      (data->>'IndicatorType') with =)
    where (resource = 'provinceTask' and coalesce(data->>'TaskPackageStatus', '') <> ${sql.lit(VOIDED)})
    deferrable initially deferred`.execute(db);

  await sql`drop view provincial_task_report`.execute(db);
  await sql`create view provincial_task_report as
    select p.object_id, ${base('p')}, p.data->>'ProvinceName' as province_name, p.data->>'Year' as year,
      p.data->>'Brand' as brand, p.data->>'IndicatorType' as indicator_type,
      x.annual::numeric(18, 2) as annual_task,
      round(x.rate, 2) as load_bearing_rate,
      l.n as rsp_count, l.done::numeric(18, 2) as completed_amount,
      case when x.annual > 0 then round(l.done * 100 / x.annual, 2) end as completion_rate,
      greatest(x.annual - l.done, 0)::numeric(18, 2) as gap_amount,
      x.rate not between 100 and 130 as load_bearing_outside_window
    from record p
    cross join lateral (select ${num("p.data->>'AnnualTask'")} as annual,
      ${num("p.data->>'LoadBearingRate'")} as rate) x
    cross join lateral (select count(*)::int as n, coalesce(sum(sales_task_achieved(a.company_id,
        a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType', ${year('a')}, 1, 12)), 0) as done
      from record a where a.resource = 'rspTaskAllocation' and a.data->>'Year' = p.data->>'Year'
        and a.data->>'ProvinceName' = p.data->>'ProvinceName' and a.data->>'Brand' = p.data->>'Brand'
        and a.data->>'IndicatorType' = p.data->>'IndicatorType') l
    where p.resource = 'provinceTask' and coalesce(p.data->>'TaskPackageStatus', '') <> ${sql.lit(VOIDED)}`.execute(
    db,
  );
}
