import { type Kysely, sql } from 'kysely';

/** Dictionary ConfirmStatus: a receipt finance confirmed (its allocations are what an order has paid). */
const CONFIRMED_RECEIPT = '121';
/** Dictionary InvoicingApplicationStatus: an application finance invoiced. */
const INVOICED_APPLICATION = '131';

/**
 * `npm run verify-books` reads every order's documents: its lines, shipments, confirmed payments and
 * invoiced applications (docs/books.md). At a million orders those reads fetched the wide rows of
 * order_item and shipment (their `data` included) one by one in order key order, and parsed each
 * receipt's and application's `data` for its status; the month figures (and every report by month)
 * called `report_period` once per shipment as a function the planner could not see into.
 *
 * - The order's lines and shipments indexes carry the figures the checks and the month figures sum,
 *   so those sums are read from the indexes alone; same keys, so every lookup they served still works.
 * - Confirmed receipts and invoiced applications are listed by small partial indexes, and the planner
 *   is told how many there are (a status read from `data` was guessed at 0.5 %, which chose a lookup
 *   per row for what is nearly every receipt).
 * - `report_period` gives the same text from the date's year and month — `to_char` depends on the
 *   session's settings, so a function declared immutable around it was run, not inlined, for each row.
 *   The expression indexes on it are built again.
 */
export async function up(db: Kysely<unknown>) {
  await sql`drop index order_item_order_line_idx`.execute(db);
  await sql`create index order_item_order_line_idx on order_item (order_id, line_no)
    include (object_id, quantity, unit_price, line_amount)`.execute(db);
  await sql`drop index shipment_order_idx`.execute(db);
  await sql`create index shipment_order_idx on shipment (order_id)
    include (order_item_id, quantity, shipment_status, order_channel, company_id, ship_date, product_code,
      created_at)`.execute(db);

  await sql`create index payment_receipt_confirmed_idx on payment_receipt (object_id)
    where data->>'ConfirmStatus' = ${sql.lit(CONFIRMED_RECEIPT)}`.execute(db);
  await sql`create statistics payment_receipt_confirm_status on (data->>'ConfirmStatus') from payment_receipt`.execute(
    db,
  );
  await sql`create index invoice_application_invoiced_idx on invoice_application (object_id)
    where data->>'ApplicationStatus' = ${sql.lit(INVOICED_APPLICATION)}`.execute(db);
  await sql`create statistics invoice_application_status on (data->>'ApplicationStatus')
    from invoice_application`.execute(db);

  // 'YYYY-MM' as to_char writes it: at least four digits of the year (of a date before Christ, without
  // its era), the month in two; an infinite date has no month (null).
  await sql`create or replace function report_period(d date) returns text language sql immutable parallel safe
    as $$ select case when isfinite(d) then
        lpad(abs(date_part('year', d))::integer::text, greatest(4, length(abs(date_part('year', d))::integer::text)), '0')
        || '-' || lpad(date_part('month', d)::integer::text, 2, '0')
      end $$`.execute(db);
  await sql`reindex index shipment_company_period_idx`.execute(db);
  await sql`reindex index shipment_period_idx`.execute(db);
  await sql`analyze payment_receipt`.execute(db);
  await sql`analyze invoice_application`.execute(db);
}
