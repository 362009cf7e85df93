import type { Kysely } from 'kysely';

/** Dictionary lookups (SPEC §3 "Dictionary lookups"): options keyed by code, in zh and en. */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('dictionary_entry')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('content_zh', 'text', (c) => c.notNull())
    .addColumn('content_en', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dictionary_entry_pk', ['code', 'keyword'])
    .execute();
}
