import { type Kysely, sql } from 'kysely';

/** A whole number or an amount kept in a report line's `data`, or 0 when the line holds something else. */
const count = (field: string) =>
  sql.raw(`case when r.data->>'${field}' ~ '^-?[0-9]{1,9}$' then (r.data->>'${field}')::integer else 0 end`);
const money = (field: string) =>
  sql.raw(
    `case when r.data->>'${field}' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$' then (r.data->>'${field}')::numeric else 0 end`,
  );

/**
 * The monthly shipment reconciliation (`report_reconciliation`, migration 034) compares the vendor's
 * own line only: a shipment of a partner-line order (channel 111, pulled from the partner's shipping
 * feed) carries the partner's goods, which the buyer reports buying from the partner, not from the
 * vendor. Counted as the vendor's, each showed as goods nobody reported buying (a 100 % difference),
 * and its serial numbers as found on one side only. Shipments keep their order's channel
 * (`shipment.order_channel`), so the view and its serial check read the own line's (101) rows; the
 * columns and everything else stay as they were (the rate unbounded, as migration 066 left it).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function report_serial_mismatch(buyer uuid, period text, model text) returns integer
    language sql stable parallel safe as $$
    with shipped as (
      select ss.serial_no as sn from shipment_serial ss join shipment s on s.object_id = ss.shipment_id
        left join product p on p.product_code = s.product_code
      where s.company_id = buyer and report_period(s.ship_date) = period and s.order_channel = '101'
        and coalesce(p.data->>'ProductModel', s.product_code) = model),
    reported as (
      select report_serials(r.data->>'SerialNo') as sn from record r
      where r.resource = 'purchaseReport' and r.company_id = buyer and r.data->>'Period' = period
        and r.data->>'ProductModel' = model
        and not exists (select 1 from customer c where c.name = r.data->>'SupplierName'))
    select case when not exists (select 1 from reported) then 0 else (select count(*)::integer from (
      (select sn from shipped except select sn from reported)
      union all (select sn from reported except select sn from shipped)) d) end $$`.execute(db);

  await sql`create or replace view report_reconciliation as
    select y.*, case when not y.reported then '101'
        when y.difference_rate > 2 or y.serial_mismatch > 0 then '121' else '111' end as reconcile_status
    from (select md5(g.company_id::text || '|' || g.period || '|' || g.product_model || '|'
          || coalesce(g.supplier_id::text, '-'))::uuid as object_id,
        1 as version, g.last_at as created_at, null::text as created_by_name, g.last_at as updated_at,
        null::text as updated_by_name, g.company_id, b.province_code, b.city_code, '{}'::jsonb as data,
        g.period, b.name as agent_name,
        (select v.name_zh from region v where v.code = b.province_code) as province_name,
        g.supplier_id is null as vendor_supplied, s.name as supplier_name, g.product_model,
        g.supplied_quantity, g.supplied_amount, g.purchased_quantity, g.purchased_amount,
        g.purchased_quantity - g.supplied_quantity as difference_quantity,
        (case when g.supplied_quantity = 0 then case when g.purchased_quantity = 0 then 0 else 100 end
          else round(abs(g.purchased_quantity - g.supplied_quantity) * 100.0 / g.supplied_quantity, 2)
          end)::numeric as difference_rate,
        case when g.supplier_id is null then report_serial_mismatch(g.company_id, g.period, g.product_model)
          else 0 end as serial_mismatch,
        exists (select 1 from record q where q.resource = 'purchaseReport' and q.company_id = g.company_id
          and q.data->>'Period' = g.period) as reported
      from (select company_id, period, product_model, supplier_id,
          sum(supplied_quantity)::integer as supplied_quantity,
          sum(supplied_amount)::numeric(18, 2) as supplied_amount,
          sum(purchased_quantity)::integer as purchased_quantity,
          sum(purchased_amount)::numeric(18, 2) as purchased_amount, max(at) as last_at
        from (
          select s.company_id, report_period(s.ship_date) as period,
            coalesce(p.data->>'ProductModel', s.product_code) as product_model, null::uuid as supplier_id,
            s.quantity as supplied_quantity, s.quantity * coalesce(i.unit_price, 0) as supplied_amount,
            0 as purchased_quantity, 0 as purchased_amount, s.created_at as at
          from shipment s join order_item i on i.object_id = s.order_item_id
            left join product p on p.product_code = s.product_code
          where s.company_id is not null and s.order_channel = '101'
          union all
          select b.object_id, r.data->>'Period', r.data->>'ProductModel', r.company_id,
            ${count('Quantity')}, ${money('Amount')}, 0, 0, r.created_at
          from record r join customer b on b.credit_code = r.data->>'CreditCode'
          where r.resource = 'salesReport' and r.company_id is not null and b.object_id <> r.company_id
          union all
          select r.company_id, r.data->>'Period', r.data->>'ProductModel',
            (select c.object_id from customer c where c.name = r.data->>'SupplierName'
              and c.object_id <> r.company_id limit 1),
            0, 0, ${count('Quantity')}, ${money('Amount')}, r.created_at
          from record r where r.resource = 'purchaseReport' and r.company_id is not null
        ) lines
        where period is not null and product_model is not null
        group by company_id, period, product_model, supplier_id) g
      join customer b on b.object_id = g.company_id
      left join customer s on s.object_id = g.supplier_id) y`.execute(db);
}
