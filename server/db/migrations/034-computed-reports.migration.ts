import { type Kysely, sql } from 'kysely';

/** Pages added with the computed reports, granted to every role that holds the page beside them. */
const NEW_PAGES = [['report.reconcileWarnings', 'report.monthlyShipmentReport']];

/** An agent sees its own reconciliation (server/reference/agent-menus.data.ts): a distributor both lists, an RSP its warnings. */
const AGENT_PAGES: [string, string][] = [
  ['JS004', 'report.monthlyShipmentReport'],
  ['JS004', 'report.reconcileWarnings'],
  ['JS002', 'report.reconcileWarnings'],
];

/** A whole number or an amount kept in a report line's `data`, or 0 when the line holds something else. */
const count = (field: string) =>
  sql.raw(`case when r.data->>'${field}' ~ '^-?[0-9]{1,9}$' then (r.data->>'${field}')::integer else 0 end`);
const money = (field: string) =>
  sql.raw(
    `case when r.data->>'${field}' ~ '^-?[0-9]{1,15}([.][0-9]{1,2})?$' then (r.data->>'${field}')::numeric else 0 end`,
  );

/**
 * Reports computed from the records they summarise (docs/reports.md): nothing here stores a figure.
 *
 * - `order_item_report`: one row per order line with what was shipped of it (shipments), and what of
 *   it is paid (confirmed allocations) and invoiced (invoiced applications), attributed to the
 *   order's lines in line order. Scope columns come from the order, whose indexes serve them.
 * - `report_reconciliation`: per buyer × period × model × supplier, what the supplier sent (the
 *   vendor's shipments, or a distributor's reported sales to the buyer) against the buyer's reported
 *   purchases, with the difference rate and the serial numbers found on one side only.
 *
 * The made-up monthly shipment rows of the generic demo filler go: that report is read from the view.
 */
export async function up(db: Kysely<unknown>) {
  // A day's report period; immutable, so a month filter is answered from an expression index.
  await sql`create function report_period(d date) returns text language sql immutable parallel safe
    as $$ select to_char(d, 'YYYY-MM') $$`.execute(db);
  // The serial numbers a report line lists: separated by commas, semicolons or white space.
  await sql`create function report_serials(t text) returns setof text language sql immutable parallel safe
    as $$ select s from regexp_split_to_table(coalesce(t, ''), '[[:space:],;]+') s where s <> '' $$`.execute(
    db,
  );

  // What of an order's total (paid or invoiced) falls on one line: the order's lines take it in line
  // order, each up to its amount; an order paid in full has every line paid, whatever rebate or cash
  // discount made its payable amount smaller than its lines.
  await sql`create function report_line_share(item uuid, total numeric) returns numeric(18, 2)
    language sql stable parallel safe as $$
    with line as (
      select order_id, coalesce(line_no, 0) as n, coalesce(line_amount, quantity * unit_price, 0) as amount
      from order_item where object_id = item),
    due as (
      select coalesce(nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount, 0) as due
      from sales_order o join line on o.object_id = line.order_id),
    lines as (
      select coalesce(sum(coalesce(j.line_amount, j.quantity * j.unit_price, 0)), 0) as whole,
        coalesce(sum(coalesce(j.line_amount, j.quantity * j.unit_price, 0))
          filter (where (coalesce(j.line_no, 0), j.object_id) < (line.n, item)), 0) as before
      from order_item j join line on j.order_id = line.order_id)
    select greatest(0, least(line.amount,
        (case when total > 0 and total >= due.due then lines.whole else least(total, lines.whole) end)
        - lines.before))::numeric(18, 2)
    from line, due, lines $$`.execute(db);

  await sql`create view order_item_report as
    select x.*, case when x.paid_amount <= 0 then '101'
        when x.paid_amount < x.line_amount then '111' else '121' end as item_payment_status
    from (select i.object_id, i.version, i.created_at, i.created_by_name, i.updated_at, i.updated_by_name,
      o.company_id, o.province_code, o.city_code, '{}'::jsonb as data,
      i.order_no, o.order_channel, o.order_date, o.agent_name, o.end_user_name,
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
    from order_item i join sales_order o on o.object_id = i.order_id) x`.execute(db);

  // The serial numbers of one buyer, period and model found on one side only: the vendor's shipments
  // against the purchase lines the buyer reported from the vendor. Nothing to compare (0) while the
  // buyer lists no serial number.
  await sql`create function report_serial_mismatch(buyer uuid, period text, model text) returns integer
    language sql stable parallel safe as $$
    with shipped as (
      select ss.serial_no as sn from shipment_serial ss join shipment s on s.object_id = ss.shipment_id
        left join product p on p.product_code = s.product_code
      where s.company_id = buyer and report_period(s.ship_date) = period
        and coalesce(p.data->>'ProductModel', s.product_code) = model),
    reported as (
      select report_serials(r.data->>'SerialNo') as sn from record r
      where r.resource = 'purchaseReport' and r.company_id = buyer and r.data->>'Period' = period
        and r.data->>'ProductModel' = model
        and not exists (select 1 from customer c where c.name = r.data->>'SupplierName'))
    select case when not exists (select 1 from reported) then 0 else (select count(*)::integer from (
      (select sn from shipped except select sn from reported)
      union all (select sn from reported except select sn from shipped)) d) end $$`.execute(db);

  await sql`create view report_reconciliation as
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
          end)::numeric(9, 2) as difference_rate,
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
          where s.company_id is not null
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

  // A month of the reconciliation reads its period's shipments and report lines from these, never
  // every shipment; the period filter matches from the start of the text, upper-cased.
  await sql`create index shipment_period_idx on shipment (upper(report_period(ship_date)) text_pattern_ops, company_id)`.execute(
    db,
  );
  await sql`create index record_report_line_period_idx on record (resource, upper(data->>'Period') text_pattern_ops, company_id)
    where resource in ('purchaseReport', 'salesReport', 'stockReport')`.execute(db);
  // A row's "reported at all" and serial checks read one buyer's purchase lines and shipments of a month.
  await sql`create index record_purchase_line_idx on record (company_id, (data->>'Period'), (data->>'ProductModel'))
    where resource = 'purchaseReport'`.execute(db);
  await sql`create index shipment_company_period_idx on shipment (company_id, report_period(ship_date))`.execute(
    db,
  );
  // The stock report's opening check reads an agent's previous closing of a model.
  await sql`create index record_stock_line_idx on record (company_id, (data->>'ProductModel'), (data->>'Period'))
    where resource = 'stockReport'`.execute(db);

  await sql`delete from record where resource = 'monthlyShipmentReport'`.execute(db);
  for (const [page, beside] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${beside}
      on conflict (role_code, menu_id) do nothing`.execute(db);
  // Only where the agent roles exist already (a database seeded before); a new one gets them from its seed.
  for (const [role, page] of AGENT_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select code, ${page}, ${page} from role where code = ${role}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
