import { type Kysely, sql } from 'kysely';

// OrderApprovalStatus as it stood when this ran: the orders in force, as the dashboard counts them.
const EFFECTIVE = '121';
const BEING_CHANGED = '151';
// The business clock's zone, as migration 053 dated the month figures of the same orders.
const BUSINESS_ZONE = 'Asia/Shanghai';

/**
 * The order reports of both lines count what the dashboard counts (docs/reports.md "Order reports"):
 * - only orders in force — effective, or being changed while their change is in approval — each once:
 *   drafts, orders in approval, rejected and cancelled orders and the superseded copy of every changed
 *   order are no longer lines of the report;
 * - the order's approval status is a column, so a reader sees what a line stands for;
 * - every order has an order date: an order entered without one (a service order) takes the business
 *   day it was entered, the day the month figures already counted it on.
 */
export async function up(db: Kysely<unknown>) {
  await sql`update sales_order set order_date = (created_at at time zone ${BUSINESS_ZONE})::date
    where order_date is null`.execute(db);
  await sql`drop view order_item_report`.execute(db);
  await sql`create view order_item_report as
    select x.*, case when x.paid_amount <= 0 then '101'
        when x.paid_amount < x.line_amount then '111' else '121' end as item_payment_status
    from (select i.object_id, i.version, i.created_at, i.created_by_name, i.updated_at, i.updated_by_name,
      o.company_id, o.province_code, o.city_code, '{}'::jsonb as data,
      i.order_no, o.order_channel, o.order_date, o.approval_status, o.agent_name, o.end_user_name,
      (select g.name_zh from region g where g.code = o.province_code) as province_name,
      i.line_no, i.product_code,
      coalesce(i.data->>'ProductModel', (select p.data->>'ProductModel' from product p
        where p.product_code = i.product_code)) as product_model,
      i.quantity, i.unit_price,
      coalesce(i.line_amount, i.quantity * i.unit_price, 0)::numeric(18, 2) as line_amount,
      (select coalesce(sum(s.quantity), 0) from shipment s where s.order_item_id = i.object_id)::integer
        as shipped_quantity,
      report_line_share(i.object_id, (select coalesce(sum(a.amount), 0)
        from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
        where a.order_id = i.order_id and r.data->>'ConfirmStatus' = '121')) as paid_amount,
      report_line_share(i.object_id, (select coalesce(sum(l.amount), 0)
        from invoice_line l join invoice_application a on a.object_id = l.application_id
        where l.order_id = i.order_id and a.data->>'ApplicationStatus' = '131')) as invoiced_amount
    from order_item i join sales_order o on o.object_id = i.order_id
    where o.approval_status in (${sql.lit(EFFECTIVE)}, ${sql.lit(BEING_CHANGED)})) x`.execute(db);
}
