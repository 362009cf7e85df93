import { type Kysely, sql } from 'kysely';

/** The columns every resource row has, taken from the row a view is about (as migration 032). */
const base = (t: string) =>
  sql.raw(`${t}.version, ${t}.created_at, ${t}.created_by_name, ${t}.updated_at, ${t}.updated_by_name,
    ${t}.company_id, ${t}.province_code, ${t}.city_code, '{}'::jsonb as data`);

/** A jsonb text as a number, 0 when it is not one (a view never fails on one odd row). */
const numText = (expr: string) =>
  `(case when ${expr} ~ '^-?\\d+(\\.\\d+)?$' then (${expr})::numeric else 0 end)`;
const num = (expr: string) => sql.raw(numText(expr));
const year = (t: string) =>
  sql.raw(`(case when ${t}.data->>'Year' ~ '^\\d{4}$' then (${t}.data->>'Year')::int end)`);

/** The months p_from..p_to of p_year as a date range on a date column. */
const inMonths = (column: string) =>
  sql.raw(`${column} >= make_date(p_year, p_from, 1)
    and ${column} < (make_date(p_year, p_to, 1) + interval '1 month')::date`);

/**
 * An agent's sell-out is what it reported shipping (RSP shipment reports submitted or approved). The
 * reports are of the vendor's own line: the partner line's sell-out never reaches the portal, so a
 * partner-brand sell-out task has nothing measured against it.
 */
const reportedSellOut = (where: string) =>
  sql.raw(`(case when p_brand = '101' then (select coalesce(sum(${numText("s.data->>'Amount'")}), 0) from record s
    where s.resource = 'rspShipmentReport' and s.data->>'ReportStatus' in ('121', '131') and ${where}
      and left(s.data->>'ShipmentDate', 7) between to_char(make_date(p_year, p_from, 1), 'YYYY-MM')
        and to_char(make_date(p_year, p_to, 1), 'YYYY-MM')) else 0 end)`);

/**
 * A province target is one year × province × brand line × indicator: a second one would count the
 * same RSP lines again and move the first one's package. The rule is checked when the target is saved
 * (server/sales-tasks/task-package.ts, a 400 naming the indicator); the constraint, checked at
 * commit so that check answers first, holds it against any other writer.
 *
 * What a task achieved counts only the brand line its task names (Brand 101/111 = the order channel
 * 101/111) and measures its indicator where it happens: sell-in (and key products) from effective
 * orders of that channel, sell-out from the agents' shipment reports, collections from confirmed
 * receipts allocated to orders of that channel. The functions take the brand; the views pass it.
 *
 * An RSP's answer now stands for a figure (ConfirmedAmount, written when it answers): lines answered
 * before keep the figure they carry.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table record add constraint province_task_key_uq exclude using btree (
      (data->>'Year') with =, (data->>'ProvinceName') with =, (data->>'Brand') with =,
      (data->>'IndicatorType') with =)
    where (resource = 'provinceTask') deferrable initially deferred`.execute(db);

  await sql`create index sales_order_company_channel_date_idx on sales_order (company_id, order_channel, order_date)
    include (order_amount, approval_status)`.execute(db);
  await sql`create index sales_order_city_manager_channel_date_idx
    on sales_order (city_manager_name, order_channel, order_date) include (order_amount, approval_status)`.execute(
    db,
  );

  await sql`create function sales_task_achieved(p_company uuid, p_agent text, p_brand text, p_indicator text,
      p_year int, p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(a.amount), 0) from payment_receipt r
        join payment_allocation a on a.receipt_id = r.object_id
        join sales_order o on o.object_id = a.order_id and o.order_channel = p_brand
        where r.agent_id = p_company and r.data->>'ConfirmStatus' = '121' and ${inMonths('r.payment_date')})
      when p_indicator = '111' then ${reportedSellOut("s.data->>'AgentName' = p_agent")}
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.company_id = p_company and o.order_channel = p_brand and o.approval_status in ('121', '151')
          and ${inMonths('o.order_date')})
    end $$`.execute(db);

  await sql`create function city_manager_achieved(p_name text, p_province text, p_city text, p_brand text,
      p_indicator text, p_year int, p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(a.amount), 0) from payment_allocation a
        join payment_receipt r on r.object_id = a.receipt_id join sales_order o on o.object_id = a.order_id
        where o.city_manager_name = p_name and o.order_channel = p_brand
          and r.data->>'ConfirmStatus' = '121' and ${inMonths('r.payment_date')})
      when p_indicator = '111' then ${reportedSellOut("s.data->>'ProvinceName' = p_province and s.data->>'CityName' = p_city")}
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.city_manager_name = p_name and o.order_channel = p_brand and o.approval_status in ('121', '151')
          and ${inMonths('o.order_date')})
    end $$`.execute(db);

  await sql`create or replace view rsp_load_bearing as
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
      sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType',
        ${year('a')}, 1, 12) as done,
      sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType',
        ${year('a')} - 1, 1, 12) as last_year) x
    where a.resource = 'rspTaskAllocation'`.execute(db);

  await sql`create or replace view provincial_task_report as
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
        a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType', ${year('a')}, 1, 12)), 0) as done
      from record a where a.resource = 'rspTaskAllocation' and a.data->>'Year' = p.data->>'Year'
        and a.data->>'ProvinceName' = p.data->>'ProvinceName' and a.data->>'Brand' = p.data->>'Brand'
        and a.data->>'IndicatorType' = p.data->>'IndicatorType') l
    where p.resource = 'provinceTask'`.execute(db);

  await sql`create or replace view sti_task as
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
      round(city_manager_achieved(t.data->>'cityManagerName', t.data->>'ProvinceName', t.data->>'CityName',
        t.data->>'Brand', (${num("t.data->>'TaskType'")} - 10)::int::text, ${year('t')}, q.n * 3 - 2, q.n * 3)
        * 100)::bigint as done_fen) f
    cross join lateral (select b.bp, f.task_fen * 100 / 10000 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when f.task_fen > 0 and f.done_fen > 0 then f.done_fen * 10000 / f.task_fen else 0 end
        as bp) b) s
    where t.resource = 'cityManagerTask'`.execute(db);

  // The STI_2 reports (migration 033) read what an agent achieved the same way, by its line's brand.
  await sql`create or replace view sti2_report as
    select r.object_id, r.version, r.created_at, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data, r.report_kind, r.agent_name,
      r.agent_code, r.province_name, r.city_name, r.city_manager_name, r.city_manager_code, r.year, r.quarter,
      (r.task_fen / 100.0)::numeric(18, 2) as target_amount, (r.done_fen / 100.0)::numeric(18, 2) as achieved_amount,
      (s.bp / 100.0)::numeric(9, 2) as achievement_rate,
      case when s.bp < 8000 then '101' when s.bp <= 10000 then '111' when s.share < 15000 then '121'
        else '131' end as sti_level,
      (s.base_fen / 100.0)::numeric(18, 2) as sti_base,
      ((s.base_fen * s.share / 10000) / 100.0)::numeric(18, 2) as sti_amount,
      case when r.year ~ '^[0-9]{4}$'
        and make_date(r.year::int, r.quarter::int * 3, 1) + interval '1 month' <= current_date
        then '111' else '101' end as sti_status
    from (
      select md5(a.object_id::text || ':sti2:' || q.n)::uuid as object_id, a.version, a.created_at,
        a.created_by_name, a.updated_at, a.updated_by_name, a.company_id, a.province_code, a.city_code,
        'agent'::text as report_kind, a.data->>'AgentName' as agent_name, c.account_id as agent_code,
        a.data->>'ProvinceName' as province_name, null::text as city_name, null::text as city_manager_name,
        null::text as city_manager_code, a.data->>'Year' as year, q.n::text as quarter,
        f.task_fen, f.done_fen
      from record a left join customer c on c.object_id = a.company_id
      cross join (values (1, 20), (2, 25), (3, 25), (4, 30)) q(n, weight)
      cross join lateral (select
        round((case when a.data->>'LoadBearingAmount' ~ '^[0-9]{1,15}([.][0-9]{1,2})?$'
          then (a.data->>'LoadBearingAmount')::numeric else 0 end) * q.weight)::bigint as task_fen,
        round(sales_task_achieved(a.company_id, a.data->>'AgentName', a.data->>'Brand', a.data->>'IndicatorType',
          case when a.data->>'Year' ~ '^[0-9]{4}$' then (a.data->>'Year')::int end, q.n * 3 - 2, q.n * 3)
          * 100)::bigint as done_fen) f
      where a.resource = 'rspTaskAllocation'
      union all
      select t.object_id, t.version, t.created_at, t.created_by_name, t.updated_at, t.updated_by_name,
        t.company_id, t.province_code, t.city_code, 'city', null, null, t.province_name, t.city_name,
        t.city_manager_name, t.city_manager_code, t.year, substr(t.quarter, 2),
        round(t.task_amount * 100)::bigint, round(t.achieved_amount * 100)::bigint
      from sti_task t where t.sti_kind = '2'
    ) r
    cross join lateral (select b.bp, r.task_fen / 100 as base_fen,
      case when b.bp < 8000 then 0 when b.bp <= 10000 then 5000 + (b.bp - 8000) * 5 / 2
        else least(10000 + (b.bp - 10000) * 3 / 2, 15000) end as share
      from (select case when r.task_fen > 0 and r.done_fen > 0 then r.done_fen * 10000 / r.task_fen else 0 end
        as bp) b) s`.execute(db);

  // Nothing reads the brand-blind figures any more.
  await sql`drop function sales_task_achieved(uuid, text, text, int, int, int)`.execute(db);
  await sql`drop function city_manager_achieved(text, text, int, int, int)`.execute(db);

  await sql`update record set data = data || jsonb_build_object('ConfirmedAmount', data->'LoadBearingAmount')
    where resource = 'rspTaskAllocation' and data->>'ConfirmStatus' in ('111', '131', '141')
      and not data ? 'ConfirmedAmount'`.execute(db);
}
