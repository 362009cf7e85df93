import { type Kysely, sql } from 'kysely';

/** The columns every resource row has, taken from the row a view is about. */
const base = (t: string) =>
  sql.raw(`${t}.version, ${t}.created_at, ${t}.created_by_name, ${t}.updated_at, ${t}.updated_by_name,
    ${t}.company_id, ${t}.province_code, ${t}.city_code, '{}'::jsonb as data`);

/** A jsonb text as a number, 0 when it is not one (a view never fails on one odd row). */
const num = (expr: string) =>
  sql.raw(`(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`);
const year = (t: string) =>
  sql.raw(`(case when ${t}.data->>'Year' ~ '^\\d{4}$' then (${t}.data->>'Year')::int end)`);

/**
 * Sales task figures computed from records, never stored (notes §6.3–6.5): what an RSP or a city
 * manager achieved — sell-in from effective orders, sell-out from the RSP's shipment reports,
 * collections from confirmed receipts — and on top of it the RSP load bearing, the provincial task
 * report and the city managers' STI per quarter (server/sales-tasks/sti.ts, the same integer rule).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create function sales_task_achieved(p_company uuid, p_agent text, p_indicator text, p_year int,
      p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(r.payment_amount), 0) from payment_receipt r
        where r.agent_id = p_company and r.data->>'ConfirmStatus' = '121'
          and extract(year from r.payment_date) = p_year
          and extract(month from r.payment_date) between p_from and p_to)
      when p_indicator = '111' then (select coalesce(sum(${num("s.data->>'Amount'")}), 0) from record s
        where s.resource = 'rspShipmentReport' and s.data->>'AgentName' = p_agent
          and left(s.data->>'ShipmentDate', 7) between to_char(make_date(p_year, p_from, 1), 'YYYY-MM')
            and to_char(make_date(p_year, p_to, 1), 'YYYY-MM'))
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.company_id = p_company and o.approval_status in ('121', '151')
          and extract(year from o.order_date) = p_year
          and extract(month from o.order_date) between p_from and p_to)
    end $$`.execute(db);

  await sql`create function city_manager_achieved(p_name text, p_indicator text, p_year int, p_from int, p_to int)
      returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(a.amount), 0) from payment_allocation a
        join payment_receipt r on r.object_id = a.receipt_id join sales_order o on o.object_id = a.order_id
        where o.city_manager_name = p_name and r.data->>'ConfirmStatus' = '121'
          and extract(year from r.payment_date) = p_year
          and extract(month from r.payment_date) between p_from and p_to)
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.city_manager_name = p_name and o.approval_status in ('121', '151')
          and extract(year from o.order_date) = p_year
          and extract(month from o.order_date) between p_from and p_to)
    end $$`.execute(db);

  await sql`create view rsp_load_bearing as
    select a.object_id, ${base('a')}, a.data->>'AgentName' as agent_name, c.account_id as agent_code,
      a.data->>'ProvinceName' as province_name, a.data->>'Year' as year, a.data->>'Brand' as brand,
      x.last_year::numeric(18, 2) as last_year_actual, x.amount::numeric(18, 2) as load_bearing_amount,
      case when x.last_year > 0 then round((x.amount - x.last_year) * 100 / x.last_year, 2) end as yoy_growth,
      x.done::numeric(18, 2) as completed_amount,
      case when x.amount > 0 then round(x.done * 100 / x.amount, 2) end as completion_rate,
      greatest(x.amount - x.done, 0)::numeric(18, 2) as remaining_amount,
      x.amount > x.last_year * 1.5 as capacity_warning
    from record a left join customer c on c.object_id = a.company_id
    cross join lateral (select ${num("a.data->>'LoadBearingAmount'")} as amount,
      sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'IndicatorType', ${year('a')}, 1, 12) as done,
      sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'IndicatorType', ${year('a')} - 1, 1, 12)
        as last_year) x
    where a.resource = 'rspTaskAllocation'`.execute(db);

  await sql`create view provincial_task_report as
    select p.object_id, ${base('p')}, p.data->>'ProvinceName' as province_name, p.data->>'Year' as year,
      p.data->>'Brand' as brand, p.data->>'IndicatorType' as indicator_type,
      x.annual::numeric(18, 2) as annual_task,
      ${num("p.data->>'LoadBearingRate'")}::numeric(9, 2) as load_bearing_rate,
      l.n as rsp_count, l.done::numeric(18, 2) as completed_amount,
      case when x.annual > 0 then round(l.done * 100 / x.annual, 2) end as completion_rate,
      greatest(x.annual - l.done, 0)::numeric(18, 2) as gap_amount
    from record p
    cross join lateral (select ${num("p.data->>'AnnualTask'")} as annual) x
    cross join lateral (select count(*)::int as n, coalesce(sum(sales_task_achieved(a.company_id,
        a.data->>'AgentName', a.data->>'IndicatorType', ${year('a')}, 1, 12)), 0) as done
      from record a where a.resource = 'rspTaskAllocation' and a.data->>'Year' = p.data->>'Year'
        and a.data->>'ProvinceName' = p.data->>'ProvinceName' and a.data->>'Brand' = p.data->>'Brand'
        and a.data->>'IndicatorType' = p.data->>'IndicatorType') l
    where p.resource = 'provinceTask'`.execute(db);

  await sql`create view sti_task as
    select md5(t.object_id::text || ':' || q.n)::uuid as object_id, ${base('t')},
      t.data->>'cityManagerName' as city_manager_name, t.data->>'cityManagerCode' as city_manager_code,
      t.data->>'ProvinceName' as province_name, t.data->>'CityName' as city_name, t.data->>'Year' as year,
      'Q' || q.n as quarter, case when t.data->>'TaskType' = '111' then '1' else '2' end as sti_kind,
      (f.task_fen / 100.0)::numeric(18, 2) as task_amount, (f.done_fen / 100.0)::numeric(18, 2) as achieved_amount,
      (s.bp / 100.0)::numeric(9, 2) as achievement_rate,
      case when s.bp < 8000 then '101' when s.bp <= 10000 then '111' when s.share < 15000 then '121'
        else '131' end as sti_level,
      (s.base_fen / 100.0)::numeric(18, 2) as sti_base,
      ((s.base_fen * s.share / 10000) / 100.0)::numeric(18, 2) as sti_amount,
      case when make_date(coalesce(${year('t')}, 1), q.n * 3, 1) + interval '1 month' <= current_date
        then '111' else '101' end as sti_status
    from record t cross join (values (1), (2), (3), (4)) q(n)
    cross join lateral (select
      round(${num("t.data->>('Q' || q.n || 'Task')")} * 100)::bigint as task_fen,
      round(city_manager_achieved(t.data->>'cityManagerName', (${num("t.data->>'TaskType'")} - 10)::int::text,
        ${year('t')}, q.n * 3 - 2, q.n * 3) * 100)::bigint as done_fen) f
    cross join lateral (select b.bp, f.task_fen * 100 / 10000 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when f.task_fen > 0 and f.done_fen > 0 then f.done_fen * 10000 / f.task_fen else 0 end
        as bp) b) s
    where t.resource = 'cityManagerTask'`.execute(db);

  // These pages held made-up rows of the generic filler; their figures are computed now.
  await sql`delete from record where resource in ('stiTask', 'loadBearing', 'provincialTaskReport')`.execute(
    db,
  );
  // The tasks' auto-confirm job is reference data: the reference step adds it.
}
