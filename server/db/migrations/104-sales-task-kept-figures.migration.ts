import { type Kysely, sql } from 'kysely';

/** The months p_from..p_to of p_year as a range on a kept month column (the first of each month). */
const IN_MONTHS = sql.raw(`f.period >= make_date(p_year, p_from, 1)
  and f.period < (make_date(p_year, p_to, 1) + interval '1 month')::date`);

/** An RSP's sell-out, as migration 052 measures it: its shipment reports, of the vendor's own line. */
const REPORTED_SELL_OUT = sql.raw(`(case when p_brand = '101' then (select coalesce(sum(case
      when s.data->>'Amount' ~ '^-?\\d+(\\.\\d+)?$' then (s.data->>'Amount')::numeric else 0 end), 0) from record s
    where s.resource = 'rspShipmentReport' and s.data->>'ReportStatus' in ('121', '131')
      and s.data->>'AgentName' = p_agent
      and left(s.data->>'ShipmentDate', 7) between to_char(make_date(p_year, p_from, 1), 'YYYY-MM')
        and to_char(make_date(p_year, p_to, 1), 'YYYY-MM')) else 0 end)`);

/**
 * What a sales task achieved is read from kept month figures, a few rows a call, instead of summed from
 * the documents on each read (docs/sales-tasks.md "Figures computed from records"). The provincial task
 * report calls `sales_task_achieved` once per RSP line; at a million orders the collections joined a
 * year of an RSP's allocations to their orders (150–480 ms a call) and sell-in summed tens of thousands
 * of index rows, 393–655 ms for the report against a budget of 200.
 *
 * - Collections (121): `order_collection_figure` keeps what each order's confirmed allocations add per
 *   month of the receipt's payment date and the receipt's agent, on the order's channel, and
 *   `collection_month_figure` their sums per agent × channel × month, moved with the dashboard's
 *   month figures in the transaction of each change (server/reports/collection-month-figures.ts).
 * - Sell-in and key products (101, 131): the dashboard's `order_month_figure` already holds the
 *   effective orders' amounts per month × channel × company; an index by company and channel reads an
 *   RSP's year from it. It counts the orders the function counted (approval 121/151, by order date:
 *   every order has one since migration 060).
 * - Sell-out (111) is read as before.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table order_collection_figure (
    order_id uuid not null,
    period date not null,
    agent_id uuid not null,
    order_channel text,
    allocation_count integer not null,
    paid_amount numeric(18, 2) not null,
    primary key (order_id, period, agent_id)
  )`.execute(db);
  await sql`create table collection_month_figure (
    agent_id uuid not null,
    order_channel text,
    period date not null,
    allocation_count integer not null,
    paid_amount numeric(18, 2) not null,
    unique nulls not distinct (agent_id, order_channel, period)
  )`.execute(db);

  // The collections already here, by the rule of this version: allocations of receipts finance confirmed.
  await sql`insert into order_collection_figure
    select a.order_id, date_trunc('month', r.payment_date)::date, r.agent_id, o.order_channel, count(*),
      sum(a.amount)
    from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
    join sales_order o on o.object_id = a.order_id
    where r.data->>'ConfirmStatus' = '121'
    group by a.order_id, date_trunc('month', r.payment_date), r.agent_id, o.order_channel`.execute(db);
  await sql`insert into collection_month_figure
    select agent_id, order_channel, period, sum(allocation_count), sum(paid_amount)
    from order_collection_figure group by agent_id, order_channel, period`.execute(db);

  await sql`create index order_month_figure_company_channel_idx
    on order_month_figure (company_id, order_channel, period) include (order_amount)`.execute(db);

  await sql`create or replace function sales_task_achieved(p_company uuid, p_agent text, p_brand text,
      p_indicator text, p_year int, p_from int, p_to int) returns numeric language sql stable as $$
    select case
      when p_indicator = '121' then (select coalesce(sum(f.paid_amount), 0) from collection_month_figure f
        where f.agent_id = p_company and f.order_channel = p_brand and ${IN_MONTHS})
      when p_indicator = '111' then ${REPORTED_SELL_OUT}
      else (select coalesce(sum(f.order_amount), 0) from order_month_figure f
        where f.company_id = p_company and f.order_channel = p_brand and ${IN_MONTHS})
    end $$`.execute(db);
}
