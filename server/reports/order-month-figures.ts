import { type RawBuilder, sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { InvoicingApplicationStatus, PaymentConfirmStatus } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';
import {
  keepCollectionFigures,
  rebuildCollectionFigures,
  withdrawCollectionFigures,
} from './collection-month-figures';

/**
 * The orders the month figures count: the current revision of an effective order (an order being
 * changed stays in force until its change applies). Drafts, orders in approval, rejected and cancelled
 * orders and the superseded copies of changed orders count for nothing.
 */
export const COUNTED_STATUSES = [OrderApprovalStatus.effective, OrderApprovalStatus.beingChanged];

/**
 * The month an order counts in: its order date; an order entered without one (a service order) counts
 * on the business day it was entered.
 */
export const orderMonthOf = (alias: string) =>
  sql`date_trunc('month', coalesce(${sql.ref(`${alias}.order_date`)},
    (${sql.ref(`${alias}.created_at`)} at time zone ${businessTimeZone()})::date))::date`;

/** The documents an order's figures sum: per figure, its rows, the order they name and the value. */
const SOURCES = [
  {
    figure: 'paid_amount',
    type: sql.raw('numeric(18, 2)'),
    rows: sql`payment_allocation d join payment_receipt r on r.object_id = d.receipt_id
      where r.data->>'ConfirmStatus' = ${sql.lit(PaymentConfirmStatus.confirmed)}`,
    value: sql.raw('d.amount'),
  },
  {
    figure: 'invoiced_amount',
    type: sql.raw('numeric(18, 2)'),
    rows: sql`invoice_line d join invoice_application p on p.object_id = d.application_id
      where p.data->>'ApplicationStatus' = ${sql.lit(InvoicingApplicationStatus.invoiced)}`,
    value: sql.raw('d.amount'),
  },
  {
    figure: 'ordered_quantity',
    type: sql.raw('bigint'),
    rows: sql`order_item d where true`,
    value: sql.raw('d.quantity'),
  },
  {
    figure: 'shipped_quantity',
    type: sql.raw('bigint'),
    rows: sql`shipment d where true`,
    value: sql.raw('d.quantity'),
  },
];

/**
 * What each counted order adds to the figures of its month, line and scope: its amount, its confirmed
 * payments, invoiced applications, ordered and shipped units — read from the documents themselves.
 * `few` orders read their documents order by order; `all` of them (a rebuild, the books check) read
 * each kind of document once, summed per order, which at a million orders is many times faster.
 */
export const orderContributions = (where: RawBuilder<boolean>, orders: 'few' | 'all' = 'few') =>
  sql`select o.object_id as order_id, ${orderMonthOf('o')} as period, o.order_channel, o.company_id,
      o.province_code, o.city_code, coalesce(o.order_amount, 0)::numeric(18, 2) as order_amount,
      ${sql.join(
        SOURCES.map((d) =>
          orders === 'few'
            ? sql`(select coalesce(sum(${d.value}), 0) from ${d.rows} and d.order_id = o.object_id)::${d.type} as ${sql.ref(d.figure)}`
            : sql`coalesce(${sql.ref(`${d.figure}.total`)}, 0)::${d.type} as ${sql.ref(d.figure)}`,
        ),
      )}
    from sales_order o
    ${
      orders === 'few'
        ? sql``
        : sql.join(
            SOURCES.map(
              (
                d,
              ) => sql`left join (select d.order_id, sum(${d.value}) as total from ${d.rows} group by d.order_id)
                ${sql.ref(d.figure)} on ${sql.ref(`${d.figure}.order_id`)} = o.object_id`,
            ),
            sql` `,
          )
    }
    where o.approval_status in (${sql.join(COUNTED_STATUSES.map((s) => sql.lit(s)))}) and ${where}`;

/** The columns of a month figure's key: month, order line and the scope columns the callers filter by. */
const KEY = sql.raw('period, order_channel, company_id, province_code, city_code');

/**
 * Moves the month figures by what these orders add now against what they added before (kept per order
 * in `order_figure`), in the caller's transaction: each service that moves a figure — an order taking
 * effect, changed, cancelled, deleted, a payment confirmed, an invoice, a shipment — calls it for its
 * orders after its own writes, so the dashboard never disagrees with the documents. Calling it again
 * changes nothing. The sales tasks' collections (`collection_month_figure`) move with them.
 */
export async function keepOrderFigures(trx: Db, orderIds: string[]) {
  if (!orderIds.length) return;
  await moveFigures(trx, orderIds, orderContributions(sql`o.object_id in (${sql.join(orderIds)})`));
  await keepCollectionFigures(trx, orderIds);
}

/** Takes orders out of the month figures and the collections before they are deleted. */
export async function withdrawOrderFigures(trx: Db, orderIds: string[]) {
  if (!orderIds.length) return;
  await moveFigures(trx, orderIds, orderContributions(sql<boolean>`false`));
  await withdrawCollectionFigures(trx, orderIds);
}

async function moveFigures(trx: Db, orderIds: string[], now: RawBuilder<unknown>) {
  // Taken out first, in a statement of its own: one statement may not delete and insert the same key.
  const before = await sql<Record<string, unknown>>`delete from order_figure
    where order_id in (${sql.join(orderIds)}) returning *`.execute(trx);
  const moved = await sql<{ period: string }>`with
      before as (select * from jsonb_populate_recordset(null::order_figure, ${JSON.stringify(before.rows)}::jsonb)),
      after as (insert into order_figure select * from (${now}) n returning *),
      delta as (
        select ${KEY}, sum(n)::int as n, sum(order_amount) as order_amount, sum(paid_amount) as paid_amount,
          sum(invoiced_amount) as invoiced_amount, sum(ordered_quantity) as ordered_quantity,
          sum(shipped_quantity) as shipped_quantity
        from (select 1 as n, * from after
              union all
              select -1, order_id, period, order_channel, company_id, province_code, city_code, -order_amount,
                -paid_amount, -invoiced_amount, -ordered_quantity, -shipped_quantity from before) c
        group by ${KEY})
    insert into order_month_figure (${KEY}, order_count, order_amount, paid_amount, invoiced_amount,
        ordered_quantity, shipped_quantity)
      select * from delta
      on conflict (${KEY}) do update set order_count = order_month_figure.order_count + excluded.order_count,
        order_amount = order_month_figure.order_amount + excluded.order_amount,
        paid_amount = order_month_figure.paid_amount + excluded.paid_amount,
        invoiced_amount = order_month_figure.invoiced_amount + excluded.invoiced_amount,
        ordered_quantity = order_month_figure.ordered_quantity + excluded.ordered_quantity,
        shipped_quantity = order_month_figure.shipped_quantity + excluded.shipped_quantity
      returning period::text as period`.execute(trx);
  // A month and scope with no order left holds nothing: its row goes rather than staying at zero.
  const periods = [...new Set(moved.rows.map((r) => r.period))];
  if (periods.length)
    await sql`delete from order_month_figure
      where order_count = 0 and period in (${sql.join(periods.map((p) => sql`${p}::date`))})`.execute(trx);
}

/**
 * `npm run rebuild`: the month figures and the collections again from the orders and their documents
 * alone, in the caller's transaction. Answers how many orders the month figures count.
 */
export async function rebuildOrderFigures(trx: Db): Promise<number> {
  await sql`delete from order_month_figure`.execute(trx);
  await sql`delete from order_figure`.execute(trx);
  const counted =
    await sql`insert into order_figure ${orderContributions(sql<boolean>`true`, 'all')}`.execute(trx);
  await sql`insert into order_month_figure (${KEY}, order_count, order_amount, paid_amount, invoiced_amount,
      ordered_quantity, shipped_quantity)
    select ${KEY}, count(*), sum(order_amount), sum(paid_amount), sum(invoiced_amount), sum(ordered_quantity),
      sum(shipped_quantity)
    from order_figure group by ${KEY}`.execute(trx);
  await rebuildCollectionFigures(trx);
  return Number(counted.numAffectedRows ?? 0);
}
