import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's order figures of a month are kept, not summed from every order on each load
 * (docs/reports.md "Dashboard order figures"): `order_figure` holds what each counted order adds — its
 * month, line and scope columns, amount, confirmed payments, invoiced amount, ordered and shipped units —
 * and `order_month_figure` their sums per month × line × company × province × city, moved by the
 * services in the transaction of each change and rebuilt by `npm run rebuild`.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table order_figure (
    order_id uuid primary key,
    period date not null,
    order_channel text,
    company_id uuid,
    province_code text,
    city_code text,
    order_amount numeric(18, 2) not null,
    paid_amount numeric(18, 2) not null,
    invoiced_amount numeric(18, 2) not null,
    ordered_quantity bigint not null,
    shipped_quantity bigint not null
  )`.execute(db);
  await sql`create table order_month_figure (
    period date not null,
    order_channel text,
    company_id uuid,
    province_code text,
    city_code text,
    order_count integer not null,
    order_amount numeric(18, 2) not null,
    paid_amount numeric(18, 2) not null,
    invoiced_amount numeric(18, 2) not null,
    ordered_quantity bigint not null,
    shipped_quantity bigint not null,
    unique nulls not distinct (period, order_channel, company_id, province_code, city_code)
  )`.execute(db);

  // The figures of the orders already here, by the rule of this version: the current revision of
  // effective orders (121, or 151 while a change is under way), by order date, else the day entered.
  await sql`insert into order_figure
    select o.object_id, date_trunc('month', coalesce(o.order_date,
        (o.created_at at time zone 'Asia/Shanghai')::date))::date,
      o.order_channel, o.company_id, o.province_code, o.city_code, coalesce(o.order_amount, 0),
      coalesce(p.paid, 0), coalesce(v.invoiced, 0), coalesce(i.ordered, 0), coalesce(s.shipped, 0)
    from sales_order o
    left join (select a.order_id, sum(a.amount) as paid from payment_allocation a
      join payment_receipt r on r.object_id = a.receipt_id where r.data->>'ConfirmStatus' = '121'
      group by a.order_id) p on p.order_id = o.object_id
    left join (select l.order_id, sum(l.amount) as invoiced from invoice_line l
      join invoice_application a on a.object_id = l.application_id where a.data->>'ApplicationStatus' = '131'
      group by l.order_id) v on v.order_id = o.object_id
    left join (select order_id, sum(quantity) as ordered from order_item group by order_id) i
      on i.order_id = o.object_id
    left join (select order_id, sum(quantity) as shipped from shipment group by order_id) s
      on s.order_id = o.object_id
    where o.approval_status in ('121', '151')`.execute(db);
  await sql`insert into order_month_figure
    select period, order_channel, company_id, province_code, city_code, count(*), sum(order_amount),
      sum(paid_amount), sum(invoiced_amount), sum(ordered_quantity), sum(shipped_quantity)
    from order_figure group by period, order_channel, company_id, province_code, city_code`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table order_month_figure`.execute(db);
  await sql`drop table order_figure`.execute(db);
}
