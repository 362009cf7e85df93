import { type Kysely, sql } from 'kysely';

/** The columns every resource row has, taken from the row a view is about (as migration 052). */
const base = (t: string) =>
  sql.raw(`${t}.version, ${t}.created_at, ${t}.created_by_name, ${t}.updated_at, ${t}.updated_by_name,
    ${t}.company_id, ${t}.province_code, ${t}.city_code, '{}'::jsonb as data`);

const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`);
const year = (t: string) =>
  sql.raw(`(case when ${t}.data->>'Year' ~ '^\\d{4}$' then (${t}.data->>'Year')::int end)`);

/**
 * A rate in a report is a plain number: a view that cast it to numeric(9, 2) failed as a whole (a 500
 * for every reader) as soon as one stored figure made a rate pass 10,000,000 %, e.g. a target typed in
 * ten-thousands. Every view of the schema that still casts to numeric(9, 2) is re-created with the
 * unbounded type, from its own stored definition, so this step does not copy (and freeze) the views it
 * mends; the dependants of a view are re-created after it.
 *
 * The provincial task report also flags a load-bearing rate outside the approval window (100–130 %):
 * such a target cannot be approved as it stands, and a rate far outside it is usually a typing error.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select c.relname as name, pg_get_viewdef(c.oid) as definition
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'v' and n.nspname = current_schema() and pg_get_viewdef(c.oid) like '%numeric(9,2)%'
      and c.relname <> 'provincial_task_report'`.execute(db);
  const names = rows.map((r) => r.name);
  // Dependants first when dropping, in the reverse order when creating.
  const dependants = await sql<{ view: string; needs: string }>`
    select distinct d.relname as view, v.relname as needs
    from pg_depend x join pg_rewrite r on r.oid = x.objid join pg_class d on d.oid = r.ev_class
      join pg_class v on v.oid = x.refobjid
    where v.relname = any(${names}) and d.relname = any(${names}) and d.relname <> v.relname`.execute(db);
  const order = creationOrder(names, dependants.rows);
  for (const name of [...order].reverse()) await sql`drop view ${sql.ref(name)}`.execute(db);
  for (const name of order) {
    const definition = rows.find((r) => r.name === name)?.definition ?? '';
    await sql`create view ${sql.ref(name)} as ${sql.raw(definition.replaceAll('numeric(9,2)', 'numeric').replace(/;\s*$/, ''))}`.execute(
      db,
    );
  }

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
    where p.resource = 'provinceTask'`.execute(db);
}

/** The views in an order where each comes after the views it reads. */
function creationOrder(names: string[], edges: { view: string; needs: string }[]): string[] {
  const done: string[] = [];
  const visit = (name: string) => {
    if (done.includes(name)) return;
    for (const e of edges) if (e.view === name) visit(e.needs);
    done.push(name);
  };
  for (const name of names) visit(name);
  return done;
}
