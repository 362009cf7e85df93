import { type Kysely, sql } from 'kysely';

/** The months p_from..p_to of p_year as a date range on a date column (as migration 052). */
const inMonths = (column: string) =>
  sql.raw(`${column} >= make_date(p_year, p_from, 1)
    and ${column} < (make_date(p_year, p_to, 1) + interval '1 month')::date`);

/** A city manager's sell-out, as migration 052 measures it: the shipment reports into its province and city. */
const REPORTED_SELL_OUT = sql.raw(`(case when p_brand = '101' then (select coalesce(sum(case
      when s.data->>'Amount' ~ '^-?\\d+(\\.\\d+)?$' then (s.data->>'Amount')::numeric else 0 end), 0) from record s
    where s.resource = 'rspShipmentReport' and s.data->>'ReportStatus' in ('121', '131')
      and s.data->>'ProvinceName' = p_province and s.data->>'CityName' = p_city
      and left(s.data->>'ShipmentDate', 7) between to_char(make_date(p_year, p_from, 1), 'YYYY-MM')
        and to_char(make_date(p_year, p_to, 1), 'YYYY-MM')) else 0 end)`);

/**
 * A city manager's task is a task of one city (docs/sales-tasks.md "Figures computed from records"),
 * and what it achieved is what happened in that city: sell-in, key products and collections count the
 * orders of the task's city manager whose city (the ordering agent's, kept on the order as its
 * `city_code`) is the task's city of the task's province, as sell-out already counted the shipments
 * into that province and city. Until now they counted every order naming the manager, so a manager
 * holding tasks of two cities had each task credited with the orders of both.
 *
 * The function keeps its arguments, so the views that call it (`sti_task`, `sti2_report`) read the new
 * rule as they stand. The (city manager, channel, date) index of migration 052 gives way to one that
 * also holds the city, so a task's orders are still read from the index alone.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_city_manager_city_channel_date_idx
    on sales_order (city_manager_name, city_code, order_channel, order_date)
    include (order_amount, approval_status)`.execute(db);
  await sql`drop index sales_order_city_manager_channel_date_idx`.execute(db);

  await sql`create or replace function city_manager_achieved(p_name text, p_province text, p_city text,
      p_brand text, p_indicator text, p_year int, p_from int, p_to int) returns numeric language sql stable as $$
    with task_city as (
      select c.code from region c join region p on p.code = c.parent_code
      where c.level = 'city' and c.name_zh = p_city and p.level = 'province' and p.name_zh = p_province
    )
    select case
      when p_indicator = '121' then (select coalesce(sum(a.amount), 0) from payment_allocation a
        join payment_receipt r on r.object_id = a.receipt_id join sales_order o on o.object_id = a.order_id
        where o.city_manager_name = p_name and o.city_code in (select code from task_city)
          and o.order_channel = p_brand and r.data->>'ConfirmStatus' = '121' and ${inMonths('r.payment_date')})
      when p_indicator = '111' then ${REPORTED_SELL_OUT}
      else (select coalesce(sum(o.order_amount), 0) from sales_order o
        where o.city_manager_name = p_name and o.city_code in (select code from task_city)
          and o.order_channel = p_brand and o.approval_status in ('121', '151') and ${inMonths('o.order_date')})
    end $$`.execute(db);
}
