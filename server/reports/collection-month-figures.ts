import { type RawBuilder, sql } from 'kysely';
import { PaymentConfirmStatus } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';

/**
 * What each order adds to the collections a sales task measures (indicator 121 回款额): its allocations
 * from receipts finance confirmed, per month of the receipt's payment date and the receipt's agent, on
 * the order's channel — the order's approval status does not matter, a payment is a payment. `all`
 * (a rebuild, the books check) reads every allocation once instead of naming orders.
 */
export const collectionContributions = (where: RawBuilder<boolean>) =>
  sql`select a.order_id, date_trunc('month', r.payment_date)::date as period, r.agent_id, o.order_channel,
      count(*)::int as allocation_count, sum(a.amount)::numeric(18, 2) as paid_amount
    from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
    join sales_order o on o.object_id = a.order_id
    where r.data->>'ConfirmStatus' = ${sql.lit(PaymentConfirmStatus.confirmed)} and ${where}
    group by a.order_id, date_trunc('month', r.payment_date), r.agent_id, o.order_channel`;

/** The key of a month's collections: the agent and channel a task names, then the month. */
const KEY = sql.raw('agent_id, order_channel, period');

/**
 * Moves the collections of these orders' months by what the orders add now against what they added
 * before (kept per order in `order_collection_figure`), in the caller's transaction. `keepOrderFigures`
 * calls it, so every change that moves an order's confirmed payments — a receipt confirmed, an applied
 * order change — moves the collections with it. Calling it again changes nothing.
 */
export async function keepCollectionFigures(trx: Db, orderIds: string[]) {
  await moveCollections(trx, orderIds, collectionContributions(sql`a.order_id in (${sql.join(orderIds)})`));
}

/** Takes orders out of the collections before they are deleted. */
export async function withdrawCollectionFigures(trx: Db, orderIds: string[]) {
  await moveCollections(trx, orderIds, collectionContributions(sql<boolean>`false`));
}

async function moveCollections(trx: Db, orderIds: string[], now: RawBuilder<unknown>) {
  // Taken out first, in a statement of its own: one statement may not delete and insert the same key.
  const before = await sql<Record<string, unknown>>`delete from order_collection_figure
    where order_id in (${sql.join(orderIds)}) returning *`.execute(trx);
  const moved = await sql<{
    agent_id: string;
    order_channel: string | null;
    period: string;
    allocation_count: number;
  }>`with
      before as (select * from jsonb_populate_recordset(null::order_collection_figure,
        ${JSON.stringify(before.rows)}::jsonb)),
      after as (insert into order_collection_figure select * from (${now}) n returning *),
      delta as (
        select ${KEY}, sum(allocation_count)::int as allocation_count, sum(paid_amount) as paid_amount
        from (select ${KEY}, allocation_count, paid_amount from after
              union all
              select ${KEY}, -allocation_count, -paid_amount from before) c
        group by ${KEY})
    insert into collection_month_figure (${KEY}, allocation_count, paid_amount)
      select * from delta
      on conflict (${KEY}) do update
        set allocation_count = collection_month_figure.allocation_count + excluded.allocation_count,
          paid_amount = collection_month_figure.paid_amount + excluded.paid_amount
      returning agent_id::text as agent_id, order_channel, period::text as period, allocation_count`.execute(
    trx,
  );
  // A month with no allocation left holds nothing: its row goes rather than staying at zero. The rows
  // are named by their key, so the delete reads them from the key's index, not the whole table.
  for (const row of moved.rows.filter((r) => r.allocation_count === 0))
    await sql`delete from collection_month_figure where agent_id = ${row.agent_id}
      and order_channel is not distinct from ${row.order_channel} and period = ${row.period}::date`.execute(
      trx,
    );
}

/** The collections again from the confirmed receipts and their allocations alone (`npm run rebuild`). */
export async function rebuildCollectionFigures(trx: Db) {
  await sql`delete from collection_month_figure`.execute(trx);
  await sql`delete from order_collection_figure`.execute(trx);
  await sql`insert into order_collection_figure ${collectionContributions(sql<boolean>`true`)}`.execute(trx);
  await sql`insert into collection_month_figure (${KEY}, allocation_count, paid_amount)
    select ${KEY}, sum(allocation_count), sum(paid_amount) from order_collection_figure
    group by ${KEY}`.execute(trx);
}
