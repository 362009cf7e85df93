import { type Kysely, sql } from 'kysely';

/**
 * How each lent unit came back (docs/loans.md "Serial numbers"): a return or a conversion names the
 * serials it settles, and the unit's row keeps whether it was returned or converted and under which
 * number (the return's GH…, the loan-to-sale order's DD…). A unit without either is still out. Units
 * settled before serials were named keep neither; their lines were settled by count alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on any schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table loan_serial add column settled_as text, add column settled_no text,
    add constraint loan_serial_settled check (
      (settled_as is null and settled_no is null)
      or (settled_as in ('returned', 'converted') and settled_no is not null))`.execute(db);
}
