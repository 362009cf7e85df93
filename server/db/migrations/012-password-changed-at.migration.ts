import { type Kysely, sql } from 'kysely';

/**
 * When an account's password was last set — at creation, by the employee, or by a reset — so the
 * reset-password page can show which accounts still run on an old password. Existing accounts
 * start from their last update, the best this database knows.
 */
export async function up(db: Kysely<unknown>) {
  // New accounts (the seed's too) get their creation time; existing ones are set just below.
  await db.schema
    .alterTable('employee')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.defaultTo(sql`now()`))
    .execute();
  await (db as Kysely<{ employee: { password_changed_at: unknown; updated_at: unknown } }>)
    .updateTable('employee')
    .set((eb) => ({ password_changed_at: eb.ref('updated_at') }))
    .execute();
}
