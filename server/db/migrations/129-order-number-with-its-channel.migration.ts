import { type Kysely, sql } from 'kysely';

/**
 * Every order list that filters by number fixes its line of business (`OrderChannel`), so the number
 * index begins with the channel: a month's numbers on one line are one range of it, where before the
 * planner ANDed the number index with the line's 700,000 entries of another index. It carries the
 * number itself and the newest-first sort's keys, so a search reads a month's matches and sorts them
 * from the index alone (an index on `upper(order_no)` cannot give back `order_no`, which the filter
 * needs), and the count counts them there too (bench/RESULTS.md, "Order-number search").
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_channel_no_prefix_idx on sales_order
    (order_channel, upper(order_no) text_pattern_ops) include (order_no, created_at, object_id)`.execute(db);
  await sql`drop index sales_order_no_prefix_idx`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`create index sales_order_no_prefix_idx on sales_order (upper(order_no) text_pattern_ops)`.execute(
    db,
  );
  await sql`drop index sales_order_channel_no_prefix_idx`.execute(db);
}
