import { type RawBuilder, sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { PaymentStatus } from '../../domain/codes/payments.codes';
import type { Invariant } from '../books/invariant';
import { CONFIRMED, dueAmountOf } from './payment-status';

/** The payment status paymentStatusOf (./payment-status.ts) gives a confirmed and a due amount, in SQL. */
const paymentStatusSql = (paid: RawBuilder<unknown>, due: RawBuilder<unknown>) =>
  sql<string>`case when ${paid} <= 0 then ${sql.lit(PaymentStatus.unpaid)}
    when ${paid} < ${due} then ${sql.lit(PaymentStatus.partlyPaid)}
    when ${paid} = ${due} then ${sql.lit(PaymentStatus.paid)} else ${sql.lit(PaymentStatus.overpaid)} end`;

/** Each receipt with the sum of its allocations. */
const receiptsWithAllocations = sql`select r.object_id, r.payment_no, r.payment_amount, r.allocated_amount,
    r.unallocated_amount, coalesce(a.total, 0) as allocations
  from payment_receipt r
  left join (select receipt_id, sum(amount) as total from payment_allocation group by 1) a
    on a.receipt_id = r.object_id`;

/** Each order (a superseded revision's copy keeps the figures it had) with what finance confirmed paid on it. */
const ordersWithConfirmedPayment = sql`select o.object_id, o.order_no, o.payment_status,
    coalesce(nullif(o.data->>'PaidAmount', '')::numeric, 0) as paid,
    nullif(o.data->>'UnpaidAmount', '')::numeric as unpaid, ${dueAmountOf('o')} as due,
    coalesce(p.confirmed, 0) as confirmed
  from sales_order o
  left join (select a.order_id, sum(a.amount) as confirmed from payment_allocation a
             join payment_receipt r on r.object_id = a.receipt_id
             where r.data->>'ConfirmStatus' = ${CONFIRMED} group by 1) p on p.order_id = o.object_id
  where o.approval_status is distinct from ${sql.lit(OrderApprovalStatus.superseded)}`;

/** Receipts and the orders they pay (docs/payments.md, docs/books.md). */
export const paymentInvariants = {
  allocationsWithinReceipt: {
    page: 'ordersSetup.paymentDetail',
    query: sql`select r.object_id, r.payment_no as label, r.payment_amount::text as amount,
        r.allocations::text as allocations
      from (${receiptsWithAllocations}) r where r.allocations > r.payment_amount`,
  },
  receiptFollowsAllocations: {
    page: 'ordersSetup.paymentDetail',
    query: sql`select r.object_id, r.payment_no as label, r.payment_amount::text as amount,
        r.allocated_amount::text as allocated, r.unallocated_amount::text as unallocated,
        r.allocations::text as allocations
      from (${receiptsWithAllocations}) r
      where r.allocated_amount <> r.allocations or r.unallocated_amount <> r.payment_amount - r.allocations`,
  },
  // An order without an unpaid figure stored is read as owing what is due less what is paid.
  paidFollowsConfirmedAllocations: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, o.paid::text as paid,
        coalesce(o.unpaid, greatest(o.due - o.paid, 0))::text as unpaid, o.due::text as due,
        o.confirmed::text as confirmed
      from (${ordersWithConfirmedPayment}) o
      where o.paid <> o.confirmed
        or coalesce(o.unpaid, greatest(o.due - o.paid, 0)) <> greatest(o.due - o.confirmed, 0)
        or o.payment_status is distinct from ${paymentStatusSql(sql`o.confirmed`, sql`o.due`)}`,
  },
} satisfies Record<string, Invariant>;
