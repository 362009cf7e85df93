import { type Kysely, sql } from 'kysely';

/**
 * A password set by a reset is temporary: it must be changed at the next login and stops working
 * after 72 hours. Accounts created with an initial password keep theirs until they first log in.
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table employee add column password_expires_at timestamptz`.execute(db);
}
