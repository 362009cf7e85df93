import { type Kysely, sql } from 'kysely';

/**
 * The approval queues filter a line's orders by approval status and show the newest first: an index
 * in that order serves both the page and its bounded count without reading the whole line.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_channel_approval_idx
    on sales_order (order_channel, approval_status, created_at desc, object_id desc)`.execute(db);
}
