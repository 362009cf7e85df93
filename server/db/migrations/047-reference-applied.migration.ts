import { type Kysely, sql } from 'kysely';

/**
 * What the reference step (server/reference/reconcile.ts) has given this database once and leaves to
 * the administrator after: the roles of the demo role model and the default bands. A database from
 * before the step already got all of these from its seed and the migrations before this one, so they
 * are listed as given here, whatever an administrator has done with them since; a fresh database has
 * no roles yet and gets them from the step.
 */
const GIVEN_BEFORE = [
  'role:JS001',
  'role:JS002',
  'role:JS003',
  'role:JS004',
  'role:JS010',
  'role:JS011',
  'role:JS012',
  'role:JS013',
  'role:JS014',
  'role:JS015',
  'role:JS016',
  'role:JS017',
  'role:JS018',
  'role:JS019',
  'loanBand:1',
  'loanBand:2',
  'loanBand:3',
  'priceBand:1',
  'priceBand:2',
  'priceBand:3',
  'priceBand:4',
];

export async function up(db: Kysely<unknown>) {
  await sql`create table reference_applied (
    item text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into reference_applied (item)
    select item from unnest(${GIVEN_BEFORE}::text[]) as given(item)
    where exists (select 1 from role)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table reference_applied`.execute(db);
}
