import { sql } from 'kysely';
import { InvoicingApplicationStatus, InvoicingStatus } from '../../domain/codes/payments.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { baseOrderNoOf } from '../orders/order-base-no';
import { dueAmountOf } from '../payments/payment-status';
import { FLOW } from '../rebates/ledger.types';
import { keepOrderFigures } from '../reports/order-month-figures';

/** Dictionary InvoicingStatus of an order (notes §4.2): not, partly, fully invoiced. */
export const INVOICING_STATUS = {
  none: InvoicingStatus.notInvoiced,
  partly: InvoicingStatus.partlyInvoiced,
  invoiced: InvoicingStatus.invoiced,
} as const;

/** Application statuses (InvoicingApplicationStatus) whose amounts no longer count: rejected. */
export const REJECTED_APPLICATION = InvoicingApplicationStatus.rejected;
/** The status of an application finance invoiced. */
export const INVOICED_APPLICATION = InvoicingApplicationStatus.invoiced;

const fenOf = (value: unknown) => yuanToFen(String(value ?? '0'));

/** The invoicing status of an order from what is invoiced on it and what it asks to be paid, in fen. */
export function invoicingStatusOf(invoicedFen: number, dueFen: number): string {
  if (invoicedFen <= 0) return INVOICING_STATUS.none;
  return invoicedFen < dueFen ? INVOICING_STATUS.partly : INVOICING_STATUS.invoiced;
}

/**
 * What other applications of an order (not rejected) hold of it, in fen: the amount applied for and
 * the rebate discount already shown on them. A pending application counts, so two cannot both
 * invoice the same payment.
 */
export async function heldByApplications(db: Db, orderId: string, exceptApplication?: string) {
  const result = await sql<{ amount: string; discount: string }>`select
      coalesce(sum(l.amount), 0)::text as amount, coalesce(sum(l.discount_amount), 0)::text as discount
    from invoice_line l join invoice_application a on a.object_id = l.application_id
    where l.order_id = ${orderId} and coalesce(a.data->>'ApplicationStatus', '') <> ${REJECTED_APPLICATION}
      ${exceptApplication ? sql`and a.object_id <> ${exceptApplication}` : sql``}`.execute(db);
  return { amountFen: fenOf(result.rows[0]?.amount), discountFen: fenOf(result.rows[0]?.discount) };
}

/**
 * The rebate an order used (the ledger's `use` flows of that order), in fen. The flows name the order
 * by its base number, so a revision after a change still finds what it used before.
 */
export async function rebateUsedOn(db: Db, orderId: string): Promise<number> {
  const result = await sql<{ used: string }>`select coalesce(sum(f.amount), 0)::text as used
    from sales_order o join rebate_flow f on f.source_doc_no = ${baseOrderNoOf('o')}
    where o.object_id = ${orderId} and f.flow_type = ${FLOW.use} and f.source_doc_type = 'order'`.execute(db);
  return fenOf(result.rows[0]?.used);
}

/**
 * Writes an order's invoicing status and invoiced amount from its invoiced applications, and moves the
 * dashboard's month figures with them — in the transaction of finance's decision, so neither the order
 * nor the dashboard disagrees with its invoices.
 */
export async function refreshOrderInvoicing(db: Db, orderId: string, by: string, at: Date) {
  const due = await sql<{ due: string }>`select ${dueAmountOf('o')}::text as due from sales_order o
    where o.object_id = ${orderId} for update`.execute(db);
  if (!due.rows[0]) return;
  const invoiced = await sql<{ amount: string }>`select coalesce(sum(l.amount), 0)::text as amount
    from invoice_line l join invoice_application a on a.object_id = l.application_id
    where l.order_id = ${orderId} and a.data->>'ApplicationStatus' = ${INVOICED_APPLICATION}`.execute(db);
  const invoicedFen = fenOf(invoiced.rows[0]?.amount);
  const status = invoicingStatusOf(invoicedFen, fenOf(due.rows[0].due));
  await sql`update sales_order set invoicing_status = ${status},
      data = data || ${JSON.stringify({ InvoicedAmount: fenToYuanString(invoicedFen) })}::jsonb,
      version = version + 1, updated_at = ${at}, updated_by_name = ${by}
    where object_id = ${orderId}`.execute(db);
  await keepOrderFigures(db, [orderId]);
}
