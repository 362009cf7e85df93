import { type Kysely, sql } from 'kysely';

/**
 * Every request reads its session (session_caller), so the server keeps what it read in its cache
 * `session` (docs/cache.md), which must hear of every write that could change the answer, as the
 * other caches do (migration 042):
 * - a session's own row (a login, a logout, an idle revocation, the minute's touch) names its token,
 *   so only that entry goes, however many sessions are in use;
 * - an employee's or a role's write, and emptying the sessions table, empty the whole cache.
 * Like migration 042's, the notification goes out when the write commits (none for a rolled-back one).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create function portal_cache_session_changed() returns trigger language plpgsql as $$
    declare
      changed_hash text := case when tg_op = 'DELETE' then old.token_hash else new.token_hash end;
    begin
      perform pg_notify('portal_cache', tg_table_schema || ':entry:' || tg_table_name || ':' || changed_hash);
      return null;
    end $$`.execute(db);
  await sql`create trigger session_token_cache_entry_changed
    after insert or update or delete on session_token
    for each row execute function portal_cache_session_changed()`.execute(db);
  await sql`create trigger session_token_cache_changed after truncate on session_token
    for each statement execute function portal_cache_changed()`.execute(db);
  for (const table of ['employee', 'role'])
    await sql`create trigger ${sql.raw(`${table}_cache_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function portal_cache_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  for (const table of ['employee', 'role'])
    await sql`drop trigger ${sql.raw(`${table}_cache_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger session_token_cache_changed on session_token`.execute(db);
  await sql`drop trigger session_token_cache_entry_changed on session_token`.execute(db);
  await sql`drop function portal_cache_session_changed()`.execute(db);
}
