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

/** Pages added with the payment module, granted to every role that already works with payments. */
const NEW_PAGES = ['ordersSetup.paymentAllocations', 'ordersSetup.payerAgreements'];

/**
 * Payments (DOMAIN.md Orders, notes §4.3): a receipt (回款) registered by finance, its allocations to
 * orders of the same agent, and the third-party payment agreements that let someone else pay for an
 * agent. The database keeps the sums honest too: a receipt's allocated total never exceeds its
 * amount, whatever the code above it does. Agent and order are referenced like an order references its
 * agent (by id, without a foreign key), so the record screens' deletes answer as they always do.
 */
export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema
      .createTable('payment_receipt')
      .addColumn('payment_no', 'text', (c) => c.notNull())
      .addColumn('agent_id', 'uuid', (c) => c.notNull())
      .addColumn('agent_name', 'text', (c) => c.notNull())
      .addColumn('payer_name', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text')
      .addColumn('payment_amount', 'numeric(18, 2)', (c) => c.notNull())
      .addColumn('allocated_amount', 'numeric(18, 2)', (c) => c.notNull().defaultTo(0))
      .addColumn('unallocated_amount', 'numeric(18, 2)', (c) =>
        c.generatedAlwaysAs(sql`payment_amount - allocated_amount`).stored(),
      )
      .addColumn('payment_date', 'date', (c) => c.notNull())
      .addColumn('arrival_date', 'date')
      .addColumn('bank_serial_no', 'text')
      .addColumn('third_party', 'boolean', (c) => c.notNull().defaultTo(false))
      .addCheckConstraint('payment_receipt_amount_positive', sql`payment_amount > 0`)
      .addCheckConstraint(
        'payment_receipt_allocated_within',
        sql`allocated_amount >= 0 and allocated_amount <= payment_amount`,
      ),
  ).execute();
  await sql`create unique index payment_receipt_no_uq on payment_receipt (payment_no)`.execute(db);
  await sql`create index payment_receipt_created_idx on payment_receipt (created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index payment_receipt_agent_idx on payment_receipt (agent_id)`.execute(db);
  await sql`create index payment_receipt_company_idx on payment_receipt (company_id)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('payment_allocation')
      .addColumn('receipt_id', 'uuid', (c) =>
        c.notNull().references('payment_receipt.object_id').onDelete('cascade'),
      )
      .addColumn('payment_no', 'text', (c) => c.notNull())
      .addColumn('order_id', 'uuid', (c) => c.notNull())
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('agent_name', 'text', (c) => c.notNull())
      .addColumn('amount', 'numeric(18, 2)', (c) => c.notNull())
      .addCheckConstraint('payment_allocation_amount_positive', sql`amount > 0`),
  ).execute();
  await sql`create unique index payment_allocation_pair_uq on payment_allocation (receipt_id, order_id)`.execute(
    db,
  );
  await sql`create index payment_allocation_order_idx on payment_allocation (order_id)`.execute(db);
  await sql`create index payment_allocation_created_idx on payment_allocation (created_at desc, object_id desc)`.execute(
    db,
  );

  // The multi-line payment flow: every receipt by order line (partner, own), summed from its
  // allocations; a receipt nothing is allocated to yet shows once with its whole amount open.
  await sql`create view payment_flow as
    select md5(r.object_id::text || ':' || coalesce(o.order_channel, '-'))::uuid as object_id,
      r.version, r.created_at, r.created_by_name, r.updated_at, r.updated_by_name,
      r.company_id, r.province_code, r.city_code, '{}'::jsonb as data,
      r.payment_no, r.agent_name, p.name_zh as province_name, o.order_channel,
      string_agg(a.order_no, ', ' order by a.order_no) as order_nos,
      r.payment_method, r.payment_amount,
      coalesce(sum(a.amount), 0)::numeric(18, 2) as allocated_amount,
      r.unallocated_amount, r.payment_date,
      (r.data->>'ConfirmedOn')::timestamptz as confirmed_on,
      r.data->>'ConfirmStatus' as confirm_status
    from payment_receipt r
      left join payment_allocation a on a.receipt_id = r.object_id
      left join sales_order o on o.object_id = a.order_id
      left join region p on p.code = r.province_code
    group by r.object_id, o.order_channel, p.name_zh`.execute(db);

  // The generic filler kept made-up payments in the shared table; payments now live in their own.
  await sql`delete from record where resource = 'payment'`.execute(db);
  for (const page of NEW_PAGES)
    await sql`insert into role_menu (role_code, menu_id, path)
      select role_code, ${page}, ${page} from role_menu where path = 'ordersSetup.paymentConfirm'
      on conflict (role_code, menu_id) do nothing`.execute(db);
}
