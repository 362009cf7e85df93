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

/** A row the partner sent that could not be taken, kept verbatim (malformed JSON cannot be jsonb) with its reason. */
function errorColumns(table: CreateTableBuilder<string, string>) {
  return baseColumns(table)
    .addColumn('partner_order_no', 'text')
    .addColumn('batch_no', 'text', (c) => c.notNull())
    .addColumn('error_type', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text', (c) => c.notNull())
    .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('synch_state', 'text', (c) => c.notNull())
    .addColumn('raw_payload', 'text', (c) => c.notNull());
}

/**
 * The partner line's pull (server/partner): every run with its counts, duration and outcome; the raw
 * payload of every partner order taken (one row per partner order number, so a rerun finds it); and
 * the rows refused, on the order and shipping-instruction error logs. The runs, originals and errors
 * earlier demo seeds invented as generic records go: the logs list only pulls that happened.
 */
export async function up(db: Kysely<unknown>) {
  await baseColumns(
    db.schema
      .createTable('partner_pull_run')
      .addColumn('batch_no', 'text', (c) => c.notNull().unique())
      .addColumn('pull_time', 'timestamptz', (c) => c.notNull())
      .addColumn('query_start', 'timestamptz')
      .addColumn('query_end', 'timestamptz', (c) => c.notNull())
      .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('synch_state', 'text', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('message', 'text'),
  ).execute();
  await sql`create index partner_pull_run_time_idx on partner_pull_run (pull_time desc)`.execute(db);

  await baseColumns(
    db.schema
      .createTable('partner_original_order')
      .addColumn('partner_order_no', 'text', (c) => c.notNull().unique())
      .addColumn('batch_no', 'text', (c) => c.notNull())
      .addColumn('pull_time', 'timestamptz', (c) => c.notNull())
      .addColumn('order_id', 'uuid')
      .addColumn('synch_state', 'text', (c) => c.notNull())
      .addColumn('error_message', 'text')
      .addColumn('raw_payload', 'text', (c) => c.notNull()),
  ).execute();
  await sql`create index partner_original_order_time_idx on partner_original_order (pull_time desc)`.execute(
    db,
  );

  await errorColumns(db.schema.createTable('partner_order_error')).execute();
  await sql`create index partner_order_error_no_idx on partner_order_error (partner_order_no)`.execute(db);
  await errorColumns(
    db.schema.createTable('partner_shipping_error').addColumn('shipping_instruction_no', 'text'),
  ).execute();

  await sql`delete from record where resource in
    ('orderPullLog', 'partnerOrderError', 'partnerShippingError', 'partnerOriginalOrder')`.execute(db);
  // The pull's scheduled job is reference data: the reference step adds it.
}
