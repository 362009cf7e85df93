import { type Kysely, sql } from 'kysely';

/**
 * What several portal servers on one database must agree on (docs/deployment.md):
 * - `portal_secret`: secrets created once by whichever server starts first (the file links' signing
 *   key), so a link one server signs is accepted by every other;
 * - `portal_server`: each running server's heartbeat, with where it keeps its files, so a server can
 *   tell that another one is live and whether the two see the same files;
 * - `export_job.object_key`: with an S3 store a finished export goes to the bucket, so the server that
 *   serves its download need not be the one that wrote it.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_secret')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('portal_server')
    .addColumn('instance', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('draining', 'boolean', (c) => c.notNull().defaultTo(false))
    // 'local' or 's3'; for a local store, the folder and a token written into it (files-check.ts).
    .addColumn('file_store', 'text', (c) => c.notNull())
    .addColumn('files_dir', 'text')
    .addColumn('files_token', 'text')
    .execute();
  await db.schema.alterTable('export_job').addColumn('object_key', 'text').execute();
}
