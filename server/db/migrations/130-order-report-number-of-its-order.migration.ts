import { type Kysely, sql } from 'kysely';

/**
 * The order report's number is its order's (`o.order_no`), which every line repeats: a number filter
 * then starts from the order index of the line of business and the number (migration 129), a month's
 * orders and their lines, where from the lines' own number index the planner joined a month's 80,000
 * lines to every order in force of the line (0.6 s for the page; bench/RESULTS.md). The view is
 * re-created from its own stored definition with that one column taken from the order, as migration
 * 066 mends views, so this step does not copy (and freeze) the report.
 */
export async function up(db: Kysely<unknown>) {
  await numberFrom(db, 'i', 'o');
}

export async function down(db: Kysely<unknown>) {
  await numberFrom(db, 'o', 'i');
}

async function numberFrom(db: Kysely<unknown>, from: 'i' | 'o', to: 'i' | 'o') {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_viewdef('order_item_report'::regclass) as definition`.execute(db);
  const column = new RegExp(`\\b${from}\\.order_no\\b`, 'g');
  const definition = rows[0].definition.replace(/;\s*$/, '');
  const found = definition.match(column)?.length ?? 0;
  if (found !== 1) throw new Error(`order_item_report names ${from}.order_no ${found} times, not once`);
  await sql`create or replace view order_item_report as ${sql.raw(definition.replace(column, `${to}.order_no`))}`.execute(
    db,
  );
}
