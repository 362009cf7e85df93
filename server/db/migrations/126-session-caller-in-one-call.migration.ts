import { type Kysely, sql } from 'kysely';

/**
 * Every request checks its session in the database (docs/cache.md: a logout counts on the very next
 * request), so that statement is the portal's most frequent. Planned afresh each time, its three-table
 * join cost more than most list pages' own SQL (bench/RESULTS.md). A plpgsql function keeps its plan for
 * the connection's life; the view is the one place that says what a caller is made of, read by the
 * session check and by loading a caller by id alike.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create view caller_employee as
    select e.object_id, e.username, e.last_name, e.role_code, e.province_code, e.city_code, e.company_id,
      e.enabled, e.first_time, r.data_scope
    from employee e join role r on r.code = e.role_code`.execute(db);
  await sql`create function session_caller(presented_hash text)
    returns table (object_id uuid, username text, last_name text, role_code text, province_code text,
      city_code text, company_id uuid, enabled boolean, first_time boolean, data_scope text,
      last_seen_at timestamptz, revoked_at timestamptz)
    language plpgsql stable as $$
    #variable_conflict use_column
    begin
      return query select c.object_id, c.username, c.last_name, c.role_code, c.province_code, c.city_code,
          c.company_id, c.enabled, c.first_time, c.data_scope, s.last_seen_at, s.revoked_at
        from session_token s join caller_employee c on c.object_id = s.employee_id
        where s.token_hash = presented_hash;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop function session_caller(text)`.execute(db);
  await sql`drop view caller_employee`.execute(db);
}
