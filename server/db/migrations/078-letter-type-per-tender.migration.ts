import { type Kysely, sql } from 'kysely';

/**
 * A tender usually asks for a set of letters of different types (project authorisation, after-sales
 * service commitment, ...), so "one active letter" is per letter type, tender number and brand
 * (docs/commitment-letters.md): the partial unique index of migration 030 gains the type.
 */
export async function up(db: Kysely<unknown>) {
  await sql`drop index if exists commitment_letter_active_uq`.execute(db);
  await sql`create unique index commitment_letter_active_uq on commitment_letter (letter_type, tender_no, brand)
    where active`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index if exists commitment_letter_active_uq`.execute(db);
  await sql`create unique index commitment_letter_active_uq on commitment_letter (tender_no, brand)
    where active`.execute(db);
}
