import { type Kysely, sql } from 'kysely';

// OrderApprovalStatus as it stood when this ran: the orders in force, as migration 060 chose them.
const EFFECTIVE = '121';
const BEING_CHANGED = '151';

/**
 * The order report's number is its order's (`o.order_no`), which every line repeats: a number filter
 * then starts from the order index of the line of business and the number (migration 129), a month's
 * orders and their lines, where from the lines' own number index the planner joined a month's 80,000
 * lines to every order in force of the line (0.6 s for the page; bench/RESULTS.md). The view is
 * migration 060's with that one column taken from the order.
 */
export async function up(db: Kysely<unknown>) {
  await reportView(db, sql.raw('o.order_no'));
}

export async function down(db: Kysely<unknown>) {
  await reportView(db, sql.raw('i.order_no'));
}

function reportView(db: Kysely<unknown>, orderNo: ReturnType<typeof sql.raw>) {
  return sql`create or replace view order_item_report as
    select x.*, case when x.paid_amount <= 0 then '101'
        when x.paid_amount < x.line_amount then '111' else '121' end as item_payment_status
    from (select i.object_id, i.version, i.created_at, i.created_by_name, i.updated_at, i.updated_by_name,
      o.company_id, o.province_code, o.city_code, '{}'::jsonb as data,
      ${orderNo} as order_no, o.order_channel, o.order_date, o.approval_status, o.agent_name, o.end_user_name,
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
