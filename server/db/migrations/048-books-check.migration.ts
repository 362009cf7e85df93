import { type Kysely, sql } from 'kysely';

/**
 * The runs of the books check (docs/books.md): when, by what (the nightly job, run now, the command
 * line) and what each invariant found, kept as the report so 系统管理 › 账务核对 shows the last one.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table books_check (
    object_id uuid primary key default gen_random_uuid(),
    started_at timestamptz not null,
    finished_at timestamptz not null,
    trigger text not null,
    run_by_name text,
    violation_count integer not null,
    checks jsonb not null
  )`.execute(db);
  await sql`create index books_check_started_idx on books_check (started_at desc)`.execute(db);
}
