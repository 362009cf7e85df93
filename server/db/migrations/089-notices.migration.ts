import { type Kysely, sql } from 'kysely';

/**
 * A person's notices (docs/notices.md): what happened to a record of theirs that someone else did —
 * an opportunity moved to or away from their company. One row per person told, read or not, kept on
 * the server so the navbar's bell shows the same on every browser.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table notice (
    object_id uuid primary key default gen_random_uuid(),
    employee_id uuid not null references employee (object_id) on delete cascade,
    kind text not null,
    params jsonb not null default '{}'::jsonb,
    page_id text,
    record_id uuid,
    created_at timestamptz not null default now(),
    read_at timestamptz
  )`.execute(db);
  await sql`create index notice_employee_idx on notice (employee_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table notice`.execute(db);
}
