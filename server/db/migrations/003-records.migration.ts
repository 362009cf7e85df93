import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * The resource engine's storage. Every record — in a typed table of its own or in the shared `record`
 * table — has the same base columns: identity, optimistic version, who and when, the data scope
 * (company, province, city) and `data`, the fields that have no column of their own.
 */
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

export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema.createTable('record').addColumn('resource', 'text', (c) => c.notNull()),
  ).execute();
  await sql`create index record_resource_created_idx on record (resource, created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index record_resource_company_idx on record (resource, company_id)`.execute(db);
  await sql`create index record_resource_province_idx on record (resource, province_code)`.execute(db);

  await db.schema
    .createTable('number_sequence')
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('number_sequence_pk', ['prefix', 'day'])
    .execute();

  await db.schema
    .createTable('region')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('parent_code', 'text')
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('region_parent_idx').on('region').columns(['parent_code', 'code']).execute();

  await baseColumns(
    db.schema
      .createTable('customer')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('credit_code', 'text')
      .addColumn('customer_type', 'text', (c) => c.notNull())
      .addColumn('channel_type', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'uuid'),
  ).execute();
  await sql`create unique index customer_account_uq on customer (account_id)`.execute(db);
  await sql`create unique index customer_credit_code_uq on customer (credit_code) where credit_code is not null`.execute(
    db,
  );
  await sql`create index customer_type_created_idx on customer (customer_type, created_at desc)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('product')
      .addColumn('product_code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('category', 'text')
      .addColumn('standard_price', 'numeric(18, 2)'),
  ).execute();
  await sql`create unique index product_code_uq on product (product_code)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('sales_order')
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('order_channel', 'text', (c) => c.notNull())
      .addColumn('order_type', 'text')
      .addColumn('agent_name', 'text')
      .addColumn('end_user_name', 'text')
      .addColumn('contract_no', 'text')
      .addColumn('order_date', 'date')
      .addColumn('order_amount', 'numeric(18, 2)')
      .addColumn('approval_status', 'text')
      .addColumn('payment_status', 'text')
      .addColumn('delivery_status', 'text')
      .addColumn('invoicing_status', 'text')
      .addColumn('synch_state', 'text')
      .addColumn('city_manager_name', 'text'),
  ).execute();
  await sql`create unique index sales_order_no_uq on sales_order (order_no)`.execute(db);
  // The list pages of one line sort by creation; scope and status filters narrow within a line.
  await sql`create index sales_order_channel_created_idx on sales_order (order_channel, created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index sales_order_company_created_idx on sales_order (company_id, created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index sales_order_province_created_idx on sales_order (province_code, created_at desc, object_id desc)`.execute(
    db,
  );
  await sql`create index sales_order_date_idx on sales_order (order_channel, order_date desc)`.execute(db);
  // Contains-searches on numbers and names ('%DD2025%') use trigram indexes instead of reading every row.
  await sql`create extension if not exists pg_trgm schema public`.execute(db);
  await sql`create index sales_order_no_trgm on sales_order using gin (order_no gin_trgm_ops)`.execute(db);
  await sql`create index sales_order_agent_trgm on sales_order using gin (agent_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index customer_name_trgm on customer using gin (name gin_trgm_ops)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('order_item')
      .addColumn('order_id', 'uuid', (c) =>
        c.notNull().references('sales_order.object_id').onDelete('cascade'),
      )
      .addColumn('order_no', 'text', (c) => c.notNull())
      .addColumn('product_code', 'text')
      .addColumn('quantity', 'integer')
      .addColumn('unit_price', 'numeric(18, 2)'),
  ).execute();
  await sql`create index order_item_order_idx on order_item (order_id)`.execute(db);
  await sql`create index order_item_created_idx on order_item (created_at desc, object_id desc)`.execute(db);

  await sql`alter table employee add column city_code text`.execute(db);
}
