import { sql } from 'kysely';
import { wallTime } from '../../domain/business-clock';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { OrderFigures } from '../../domain/report-figures';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { scopeCondition } from '../resources/scope';

/** The order report page of each line: who holds it sees that line's figures on the dashboard. */
export const FIGURE_LINES = [
  { channel: OrderChannel.ownLine, pageId: 'ordersSetup.ownLineOrderReport' },
  { channel: OrderChannel.partnerLine, pageId: 'ordersSetup.partnerOrderReport' },
] as const;

/** The month asked for (`YYYY-MM`), else the business clock's current month; anything else is a 400. */
export function figurePeriod(asked: unknown, now = new Date()): string {
  if (asked === undefined || asked === null || asked === '') {
    const { year, month } = wallTime(now);
    return `${year}-${month}`;
  }
  if (typeof asked !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(asked))
    throw fieldError(undefined, 'OrderPeriod', 'imports.reasons.periodFormat');
  return asked;
}

/** The month `months - 1` before `period` (both `YYYY-MM`), so a range of `months` ends at `period`. */
export function firstPeriodOf(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number);
  const index = year * 12 + (month - 1) - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Each month's orders of one line within the caller's scope, from `months - 1` months before `period`
 * to `period`: the kept month figures (server/reports/order-month-figures.ts) of the scope's companies,
 * provinces or cities added up, so a load reads a few rows per month whatever the number of orders
 * (docs/reports.md "Dashboard order figures"). A month without orders answers zeros.
 */
export async function orderFiguresByMonth(
  db: Db,
  caller: Caller,
  channel: string,
  period: string,
  months = 1,
): Promise<Omit<OrderFigures, 'PageID'>[]> {
  const start = `${firstPeriodOf(period, months)}-01`;
  const end = `${period}-01`;
  const result = await sql<{
    period: string;
    n: number;
    amount: string;
    paid: string;
    invoiced: string;
    ordered: number;
    shipped: number;
  }>`select to_char(t.period, 'YYYY-MM') as period, sum(t.order_count)::int as n,
      sum(t.order_amount)::numeric(18, 2)::text as amount, sum(t.paid_amount)::numeric(18, 2)::text as paid,
      sum(t.invoiced_amount)::numeric(18, 2)::text as invoiced, sum(t.ordered_quantity)::int as ordered,
      sum(t.shipped_quantity)::int as shipped
    from order_month_figure t
    where t.order_channel = ${channel} and t.period between ${start}::date and ${end}::date
      and ${scopeCondition(caller)}
    group by t.period`.execute(db);
  const byPeriod = new Map(result.rows.map((row) => [row.period, row]));
  return Array.from({ length: months }, (_, i) => {
    const month = firstPeriodOf(period, months - i);
    const row = byPeriod.get(month);
    return {
      OrderChannel: channel,
      Period: month,
      OrderCount: row?.n ?? 0,
      OrderAmount: row?.amount ?? '0.00',
      PaidAmount: row?.paid ?? '0.00',
      InvoicedAmount: row?.invoiced ?? '0.00',
      OrderedQuantity: row?.ordered ?? 0,
      ShippedQuantity: row?.shipped ?? 0,
    };
  });
}

/** A month's figures of one line: the one-month range of orderFiguresByMonth. */
export async function orderFiguresOf(
  db: Db,
  caller: Caller,
  channel: string,
  period: string,
): Promise<Omit<OrderFigures, 'PageID'>> {
  const [figures] = await orderFiguresByMonth(db, caller, channel, period, 1);
  return figures;
}
