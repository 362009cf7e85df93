import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { Invariant } from '../books/invariant';
import { orderContributions } from './order-month-figures';

const FIGURES = [
  'order_count',
  'order_amount',
  'paid_amount',
  'invoiced_amount',
  'ordered_quantity',
  'shipped_quantity',
];
const KEY = sql.raw('period, order_channel, company_id, province_code, city_code');

/** One line's kept figures and its documents' sums side by side, one row per month × scope. */
const keptBesideSources = (channel: string) => sql`select ${KEY},
    ${sql.join(FIGURES.map((f) => sql`sum(${sql.ref(`kept_${f}`)}) as ${sql.ref(`kept_${f}`)}, sum(${sql.ref(f)}) as ${sql.ref(f)}`))}
  from (
    select ${KEY}, ${sql.join(FIGURES.map((f) => sql`${sql.ref(f)} as ${sql.ref(`kept_${f}`)}, 0 as ${sql.ref(f)}`))}
    from order_month_figure where order_channel = ${channel}
    union all
    select ${KEY}, ${sql.join(FIGURES.map((f) => sql`0, ${f === 'order_count' ? sql`1` : sql.ref(f)}`))}
    from (${orderContributions(sql<boolean>`o.order_channel = ${channel}`, 'all')}) c
  ) s
  group by ${KEY}
  having ${sql.join(
    FIGURES.map((f) => sql`sum(${sql.ref(`kept_${f}`)}) <> sum(${sql.ref(f)})`),
    sql` or `,
  )}`;

/** The month figures of one order line, checked against the orders and documents they sum. */
function monthFiguresOf(channel: string): Invariant {
  return {
    query: sql`select concat_ws(':', x.period, x.order_channel, x.company_id, x.province_code, x.city_code)
        as object_id,
      concat_ws(' ', to_char(x.period, 'YYYY-MM'), coalesce(c.name, r.name_zh, x.province_code)) as label,
      x.kept_order_count as "keptCount", x.kept_order_amount::text as "keptAmount",
      x.kept_paid_amount::text as "keptPaid", x.kept_invoiced_amount::text as "keptInvoiced",
      x.kept_ordered_quantity as "keptOrdered", x.kept_shipped_quantity as "keptShipped",
      x.order_count as count, x.order_amount::text as amount, x.paid_amount::text as paid,
      x.invoiced_amount::text as invoiced, x.ordered_quantity as ordered, x.shipped_quantity as shipped
      from (${keptBesideSources(channel)}) x
      left join customer c on c.object_id = x.company_id
      left join region r on r.code = x.province_code
      order by x.period desc, label`,
  };
}

/**
 * The dashboard's and the reports' month figures of each order line (server/reports/order-month-figures.ts)
 * against the effective orders, confirmed payments, invoices, lines and shipments they sum.
 */
export const orderFigureInvariants = {
  ownLineMonthFigures: monthFiguresOf(OrderChannel.ownLine),
  partnerLineMonthFigures: monthFiguresOf(OrderChannel.partnerLine),
} satisfies Record<string, Invariant>;
