import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import type { Invariant } from '../books/invariant';
import { CONFIRMED, dueAmountOf } from '../payments/payment-status';
import { INVOICED_APPLICATION, INVOICING_STATUS, REJECTED_APPLICATION } from './invoice-amounts';

/** The invoicing status invoicingStatusOf (./invoice-amounts.ts) gives an order's figures, in SQL. */
const invoicingStatusSql = sql<string>`case when o.lines <= 0 then ${sql.lit(INVOICING_STATUS.none)}
    when o.lines < o.due then ${sql.lit(INVOICING_STATUS.partly)} else ${sql.lit(INVOICING_STATUS.invoiced)} end`;

/** Invoices follow payment (先款后票, docs/invoices.md, docs/books.md). */
export const invoiceInvariants = {
  // A pending application counts as the service counts it: two cannot both invoice the same payment.
  invoicedWithinPaid: {
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
  // A superseded revision's copy keeps the figures it had; invoices stay with the order itself. The
  // invoiced lines are summed per order in one pass, not looked up order by order.
  invoicingFollowsApplications: {
    page: 'ordersSetup.ownLineOrderDetail',
    query: sql`select o.object_id, o.order_no as label, o.invoiced::text as invoiced, o.lines::text as lines,
        o.due::text as due
      from (select t.object_id, t.order_no, t.invoicing_status, ${dueAmountOf('t')} as due,
              coalesce(nullif(t.data->>'InvoicedAmount', '')::numeric, 0) as invoiced,
              coalesce(l.lines, 0) as lines
            from sales_order t
            left join (select l.order_id, sum(l.amount) as lines from invoice_line l
                join invoice_application a on a.object_id = l.application_id
                where a.data->>'ApplicationStatus' = ${sql.lit(INVOICED_APPLICATION)} group by l.order_id) l
              on l.order_id = t.object_id
            where t.approval_status is distinct from ${sql.lit(OrderApprovalStatus.superseded)}) o
      where o.invoiced <> o.lines
        or coalesce(o.invoicing_status, ${sql.lit(INVOICING_STATUS.none)}) <> ${invoicingStatusSql}`,
  },
} satisfies Record<string, Invariant>;
