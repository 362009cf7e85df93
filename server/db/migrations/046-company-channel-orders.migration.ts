import { type Kysely, sql } from 'kysely';

/**
 * An agent's order lists are always of one channel (the page's fixed lens) within its company: with
 * the channel in the index, the page is read newest first and the count from the index alone, instead
 * of fetching every order of the company to check its channel (`npm run bench`: the company-scope list
 * at 1,000,000 orders, about 5,500 own-line orders of the demo RSP).
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_company_channel_created_idx
    on sales_order (company_id, order_channel, created_at desc, object_id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop index sales_order_company_channel_created_idx`.execute(db);
}
