import { type Kysely, sql } from 'kysely';

/**
 * The occasions a notice was given for (docs/notices.md): a reminder the scheduled job sends (a
 * protection ending on a given day) is given once per record and occasion, however often the job runs.
 * The primary key decides: of two runs at once, one inserts the occasion and tells, the other does not.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create table notice_occasion (
    kind text not null,
    record_id uuid not null,
    occasion text not null,
    created_at timestamptz not null default now(),
    primary key (kind, record_id, occasion)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table notice_occasion`.execute(db);
}
