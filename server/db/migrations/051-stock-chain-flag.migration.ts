import { type Kysely, sql } from 'kysely';

/**
 * A stock report whose opening no longer meets the closing before it — a later month after an
 * earlier one was corrected — is flagged until it is corrected (docs/reports.md "Stock reports").
 */
export async function up(db: Kysely<unknown>) {
  await sql`alter table agent_report add column opening_mismatch boolean not null default false`.execute(db);
}
