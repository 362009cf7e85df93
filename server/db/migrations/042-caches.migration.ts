import { type Kysely, sql } from 'kysely';

/** The tables the server's caches hold rows of (server/cache/portal-caches.ts), and their settings. */
const CACHED_TABLES = ['dictionary_entry', 'role_menu', 'product', 'cache_setting'];

/**
 * The server's caches (docs/cache.md): the administrator's settings per cache, and a notification on
 * every write of a cached table, so every server process empties what the write made stale. The
 * notification goes out when the write commits (none for a rolled-back one), once per statement.
 * The cache configuration rows earlier demo seeds invented go: the page lists the server's caches.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('cache_setting')
    .addColumn('cache_key', 'text', (c) => c.primaryKey())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull().check(sql`ttl_seconds between 10 and 86400`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('remark', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by_name', 'text')
    .execute();

  await sql`create function portal_cache_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('portal_cache', tg_table_schema || ':table:' || tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of CACHED_TABLES)
    await sql`create trigger ${sql.raw(`${table}_cache_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function portal_cache_changed()`.execute(db);

  await sql`delete from record where resource = 'cacheConfig'`.execute(db);
  // Only the system administrator opens the page (catalogue adminOnly); other roles' menus drop it.
  await sql`delete from role_menu where path = 'baseManage.cacheConfig' and role_code <> 'JS001'`.execute(db);
}
