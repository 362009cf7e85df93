import { sql } from 'kysely';
import { wallTime } from '../../domain/business-clock';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { InvoicingApplicationStatus, PaymentConfirmStatus } from '../../domain/codes/payments.codes';
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

/** Orders that count: every approval status but draft, rejected and cancelled (dictionary OrderApprovalStatus). */
const NOT_COUNTED: string[] = [
  OrderApprovalStatus.draft,
  OrderApprovalStatus.rejected,
  OrderApprovalStatus.cancelled,
];

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
 * to `period`, summed from the orders, their confirmed payments, invoiced applications, lines and
 * shipments (docs/reports.md): the months' orders are read by the line-and-date index, each one's
 * payments, invoices and shipments by its own id. A month without orders answers zeros.
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
  }>`select to_char(t.order_date, 'YYYY-MM') as period, count(*)::int as n,
      coalesce(sum(t.order_amount), 0)::numeric(18, 2)::text as amount,
      coalesce(sum((select sum(a.amount) from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
        where a.order_id = t.object_id and r.data->>'ConfirmStatus' = ${sql.lit(PaymentConfirmStatus.confirmed)})), 0)::numeric(18, 2)::text as paid,
      coalesce(sum((select sum(l.amount) from invoice_line l join invoice_application p on p.object_id = l.application_id
        where l.order_id = t.object_id and p.data->>'ApplicationStatus' = ${sql.lit(InvoicingApplicationStatus.invoiced)})), 0)::numeric(18, 2)::text as invoiced,
      coalesce(sum((select sum(i.quantity) from order_item i where i.order_id = t.object_id)), 0)::int as ordered,
      coalesce(sum((select sum(s.quantity) from shipment s where s.order_id = t.object_id)), 0)::int as shipped
    from sales_order t
    where t.order_channel = ${channel} and t.order_date >= ${start}::date
      and t.order_date < (${end}::date + interval '1 month')::date
      and coalesce(t.approval_status, '') not in (${sql.join(NOT_COUNTED)}) and ${scopeCondition(caller)}
    group by 1`.execute(db);
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
