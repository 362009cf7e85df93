import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { CONFIRMED } from '../payments/payment-status';
import { REJECTED_APPLICATION } from './invoice-amounts';

/** Invoices follow payment (先款后票, docs/invoices.md, docs/books.md). */
export const invoiceInvariants = {
  // A pending application counts as the service counts it: two cannot both invoice the same payment.
  invoicedWithinPaid: {
    title: {
      zh: '订单的开票金额不超过已确认回款',
      en: "An order's invoiced amount stays within its confirmed payment",
    },
    message: {
      zh: '订单 {label}：开票 {invoiced}（含审核中），已确认回款 {paid}',
      en: 'Order {label}: invoiced {invoiced} (pending applications included), confirmed paid {paid}',
    },
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, i.invoiced::text as invoiced,
        coalesce(p.paid, 0)::text as paid
      from sales_order o
      join (select l.order_id, sum(l.amount) as invoiced from invoice_line l
            join invoice_application a on a.object_id = l.application_id
            where coalesce(a.data->>'ApplicationStatus', '') <> ${REJECTED_APPLICATION} group by 1) i
        on i.order_id = o.object_id
      left join (select a.order_id, sum(a.amount) as paid from payment_allocation a
                 join payment_receipt r on r.object_id = a.receipt_id
                 where r.data->>'ConfirmStatus' = ${CONFIRMED} group by 1) p on p.order_id = o.object_id
      where i.invoiced > coalesce(p.paid, 0)`,
  },
} satisfies Record<string, Invariant>;
