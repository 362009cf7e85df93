import { type Kysely, sql } from 'kysely';

/**
 * The product files' pull (server/partner/product-pull.service.ts): one row per run, written only by
 * the pull; the product pull log page reads it. The rows earlier demo seeds invented as generic
 * records go: the log lists only pulls that happened. Its scheduled job is reference data: the
 * reference step adds it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('product_pull_run')
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
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('batch_no', 'text', (c) => c.notNull().unique())
    .addColumn('pull_time', 'timestamptz', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('synch_state', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .execute();
  await sql`create index product_pull_run_time_idx on product_pull_run (pull_time desc)`.execute(db);
  await sql`delete from record where resource = 'productPullLog'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from scheduled_job where code = 'productPull'`.execute(db);
  await db.schema.dropTable('product_pull_run').execute();
}
