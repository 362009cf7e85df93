import { sql } from 'kysely';
import { CustomerStatus } from '../../domain/codes/customers.codes';
import type { Db } from '../../server/db/database';
import { rebuildOrderFigures } from '../../server/reports/order-month-figures';
import {
  approvalEventsStatement,
  approvalStreamsStatement,
  awaitingOrdersStatement,
  awaitingReceiptsStatement,
} from './scale-approvals';
import { itemsStatement, ordersStatement } from './scale-orders';
import { invoicesStatement, receiptsStatement } from './scale-payments';
import { shipmentsStatement } from './scale-shipments';

/** number_sequence row counting the scale orders made so far, so a second run continues after the first. */
const COUNTER = { prefix: 'SCALE', day: 'orders' };
/**
 * number_sequence row naming the shape of the scale orders: 2 since they carry their receipts,
 * invoices, shipments and approval streams, 3 since they record the entry form they were entered on.
 * Orders of an older shape lack some of those.
 */
const SHAPE = { prefix: 'SCALE', day: 'shape' };
export const SCALE_SHAPE = 3;

/** The tables a scale batch writes: their secondary indexes are built again after a big load. */
const TABLES = [
  'sales_order',
  'order_item',
  'payment_receipt',
  'payment_allocation',
  'invoice_application',
  'invoice_line',
  'shipment',
  'workflow_event',
  'workflow_stream',
];

export interface ScaleOptions {
  batchSize?: number;
  log?: (line: string) => void;
  /** Refresh the planner statistics at the end (default true). */
  analyze?: boolean;
  /** From this many orders on, the secondary indexes are dropped and built again after loading. */
  rebuildIndexesFrom?: number;
}

/** How many scale orders a database holds and the shape they were made in (0: none, or made before shapes). */
export async function scaleStateOf(db: Db): Promise<{ orders: number; shape: number }> {
  const rows = await sql<{ day: string; last: number }>`select day, last from number_sequence
    where prefix = ${COUNTER.prefix} and day in (${COUNTER.day}, ${SHAPE.day})`.execute(db);
  const of = (day: string) => Number(rows.rows.find((r) => r.day === day)?.last ?? 0);
  return { orders: of(COUNTER.day), shape: of(SHAPE.day) };
}

/**
 * Adds `count` orders (2–4 lines each, 3 on average) for benchmarks, generated inside the database
 * in batches: every value is a hash of the order's index, so the same run gives the same data.
 * Agents and products are drawn from the existing customers and products (seed the demo first).
 * Each order comes with the documents the services would have made of it: its approval stream,
 * receipts and allocations, invoice application, shipments (scale-*.ts).
 */
export async function scaleOrders(db: Db, count: number, options: ScaleOptions = {}) {
  const batchSize = options.batchSize ?? 100_000;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const ready = await sql<{ agents: number; products: number }>`select
      (select count(*)::int from customer
        where status in (${sql.lit(CustomerStatus.active)}, ${sql.lit(CustomerStatus.renewalDue)})) as agents,
      (select count(*)::int from product) as products`.execute(db);
  if (!ready.rows[0].agents || !ready.rows[0].products)
    throw new Error('Scaling needs customers and products: seed the demo data first.');
  const state = await scaleStateOf(db);
  if (state.orders > 0 && state.shape !== SCALE_SHAPE)
    throw new Error('The scale orders here are of an older shape: start from a fresh database.');
  const first = state.orders;
  let items = 0;
  const batch = async (trx: Db, done: number) => {
    const to = first + Math.min(count, done + batchSize);
    items += await insertBatch(trx, first + done, to);
    for (const [row, last] of [
      [COUNTER, to],
      [SHAPE, SCALE_SHAPE],
    ] as const)
      await sql`insert into number_sequence (prefix, day, last) values (${row.prefix}, ${row.day}, ${last})
        on conflict (prefix, day) do update set last = excluded.last`.execute(trx);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`${Math.min(count, done + batchSize)} / ${count} orders, ${items} items, ${seconds} s`);
  };
  if (count >= (options.rebuildIndexesFrom ?? 200_000)) {
    // One transaction: drop the secondary indexes, load, build each index again in one pass (faster than
    // keeping it up to date row by row). The order tables are locked meanwhile; a failure changes nothing.
    await db.transaction().execute(async (trx) => {
      await tune(trx);
      const indexes = await dropSecondaryIndexes(trx);
      for (let done = 0; done < count; done += batchSize) await batch(trx, done);
      log(`rebuilding ${indexes.length} indexes…`);
      for (const definition of indexes) await sql.raw(definition).execute(trx);
    });
  } else {
    for (let done = 0; done < count; done += batchSize)
      await db.transaction().execute(async (trx) => {
        await tune(trx);
        await batch(trx, done);
      });
  }
  if (options.analyze !== false)
    for (const table of TABLES) await sql`analyze ${sql.table(table)}`.execute(db);
  // The dashboard's month figures count the new orders, as the services would have kept them.
  const counted = await db.transaction().execute((trx) => rebuildOrderFigures(trx));
  log(`month figures kept for ${counted} effective orders`);
  return { orders: count, items, first, ms: Math.round(performance.now() - started) };
}

async function tune(trx: Db) {
  // The statements are large but run once: compiling them (JIT, on a PostgreSQL server) costs more than it saves.
  await sql`set local jit = off`.execute(trx);
  // Rows go in sorted by creation, so the indexes on it fill page by page; sorts stay in memory.
  await sql`set local work_mem = '256MB'`.execute(trx);
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
}

/** Drops the indexes of the scale's tables that back no constraint; answers their definitions. */
async function dropSecondaryIndexes(trx: Db): Promise<string[]> {
  const found = await sql<{ name: string; definition: string }>`
    select x.indexrelid::regclass::text as name, pg_get_indexdef(x.indexrelid) as definition
    from pg_index x join pg_class t on t.oid = x.indrelid
    where t.relname in (${sql.join(TABLES)}) and t.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by 1`.execute(trx);
  for (const { name } of found.rows) await sql`drop index ${sql.raw(name)}`.execute(trx);
  return found.rows.map((r) => r.definition);
}

/**
 * One batch: the orders [from, to) and their items, then the documents made of them (approval
 * streams, receipts with allocations, invoices, shipments); answers the items inserted.
 */
async function insertBatch(db: Db, from: number, to: number): Promise<number> {
  await ordersStatement(from, to).execute(db);
  const items = await itemsStatement(from, to).execute(db);
  for (const statement of [
    approvalEventsStatement,
    approvalStreamsStatement,
    receiptsStatement,
    invoicesStatement,
    shipmentsStatement,
    awaitingOrdersStatement,
    awaitingReceiptsStatement,
  ])
    await statement(from, to).execute(db);
  return Number(items.numAffectedRows ?? 0);
}
