import { type Kysely, sql } from 'kysely';

/**
 * Number filters match from the number's start, whatever the case (`upper(order_no) like 'DD2025%'`).
 * A btree on upper(order_no) with text_pattern_ops answers that as a range scan under any collation; the
 * trigram index a contains-search used reads too many rows at a million orders (bench/RESULTS.md).
 * Order items are searched by their order's number the same way.
 */
export async function up(db: Kysely<unknown>) {
  await sql`create index sales_order_no_prefix_idx on sales_order (upper(order_no) text_pattern_ops)`.execute(
    db,
  );
  await sql`create index order_item_no_prefix_idx on order_item (upper(order_no) text_pattern_ops)`.execute(
    db,
  );
}
