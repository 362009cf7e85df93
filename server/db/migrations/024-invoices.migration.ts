import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** The base columns every record of the resource engine has (migration 003), so lists and scope work alike. */
function baseColumns(table: CreateTableBuilder<string, string>) {
  return table
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid')
    .addColumn('created_by_name', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by_name', 'text')
    .addColumn('company_id', 'uuid')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`));
}

/** Record pages added with invoicing, granted to every role that holds the list they open from. */
const NEW_PAGES: [page: string, parent: string][] = [
  ['ordersSetup.invoiceEdit', 'ordersSetup.invoiceApply'],
  ['ordersSetup.invoiceReview', 'ordersSetup.invoiceApproval'],
];

/**
 * Invoicing (DOMAIN.md Orders, notes §4.4): an invoice application (KP) of one agent with its header
 * taken from the agent master, and one line per order it invoices — the amount invoiced on that order
 * and the rebate used on it as the discount line. The invoice details list is a view over the lines,
 * so the invoice numbers per order are never stored twice.
 */
export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema
      .createTable('invoice_application')
      .addColumn('invoice_apply_no', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'uuid', (c) => c.notNull())
      .addColumn('agent_name', 'text', (c) => c.notNull())
      .addColumn('invoice_type', 'text', (c) => c.notNull())
      .addColumn('invoice_title', 'text', (c) => c.notNull())
      .addColumn('taxpayer_id', 'text')
      .addColumn('bank_name', 'text')
      .addColumn('bank_account', 'text')
      .addColumn('registered_address', 'text')
      .addColumn('registered_phone', 'text')
      .addColumn('order_nos', 'text', (c) => c.notNull())
      .addColumn('invoice_amount', 'numeric(18, 2)', (c) => c.notNull())
      .addColumn('discount_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('invoice_number', 'text')
      .addColumn('invoice_date', 'date')
      .addColumn('applied_on', 'date', (c) => c.notNull())
      .addCheckConstraint('invoice_application_amount_positive', sql`invoice_amount > 0`)
      .addCheckConstraint('invoice_application_discount_sane', sql`discount_amount >= 0`),
  ).execute();
  await sql`create unique index invoice_application_no_uq on invoice_application (invoice_apply_no)`.execute(
    db,
  );
  await sql`create index invoice_application_created_idx on invoice_application (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index invoice_application_company_idx on invoice_application (company_id)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('invoice_line')
      .addColumn('application_id', 'uuid', (c) =>
        c.notNull().references('invoice_application.object_id').onDelete('cascade'),
      )
      .addColumn('order_id', 'uuid', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull())
      .addColumn('discount_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
      .addCheckConstraint('invoice_line_amount_positive', sql`amount > 0`)
      .addCheckConstraint('invoice_line_discount_sane', sql`discount_amount >= 0`),
  ).execute();
  await sql`create unique index invoice_line_pair_uq on invoice_line (application_id, order_id)`.execute(db);
  await sql`create index invoice_line_order_idx on invoice_line (order_id)`.execute(db);

  // The invoice details list: one row per order of an application, with the invoice number finance entered and
  // the tax included in the amount (13 %: tax = amount - amount / 1.13, rounded to the fen).
  await sql`create view invoice_detail as
    select l.object_id, a.version, l.created_at, a.created_by_name, a.updated_at, a.updated_by_name,
      a.company_id, a.province_code, a.city_code, '{}'::jsonb as data,
      a.invoice_number, a.invoice_apply_no, l.order_no, a.agent_name, a.invoice_type,
      l.amount as invoice_amount, l.discount_amount,
      round(l.amount - l.amount / 1.13, 2)::numeric(18, 2) as tax_amount,
      a.invoice_date, a.data->>'TrackingNo' as tracking_no,
      a.data->>'ApplicationStatus' as application_status
    from invoice_line l join invoice_application a on a.object_id = l.application_id`.execute(db);

  // The generic filler kept made-up applications in the shared table; they now live in their own.
  await sql`delete from record where resource = 'invoice'`.execute(db);
  for (const [page, parent] of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = ${parent}
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
