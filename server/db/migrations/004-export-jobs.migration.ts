import { type Kysely, sql } from 'kysely';

/**
 * Export jobs (SPEC §7 Export, §3 export log row): one row per export a person started, with its
 * progress, its file and the random key its download link carries. Status codes are the ExportStatus
 * dictionary: 101 exporting, 111 completed, 121 failed.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('export_job')
    .addColumn('object_id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('config_code', 'text', (c) => c.notNull())
    .addColumn('page_id', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('101'))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_path', 'text')
    .addColumn('file_name', 'text')
    .addColumn('download_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  // The export log lists a person's own jobs, newest first.
  await sql`create index export_job_owner_created_idx on export_job (created_by, created_at desc)`.execute(
    db,
  );
}
