import { sql } from 'kysely';
import { PaymentConfirmStatus, PaymentStatus } from '../../domain/codes/payments.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { keepOrderFigures } from '../reports/order-month-figures';

/** The payment status of an order from what is confirmed paid on it and what it asks for, in fen. */
export function paymentStatusOf(paidFen: number, dueFen: number): string {
  if (paidFen <= 0) return PaymentStatus.unpaid;
  if (paidFen < dueFen) return PaymentStatus.partlyPaid;
  return paidFen === dueFen ? PaymentStatus.paid : PaymentStatus.overpaid;
}

/** A receipt's allocations count as paid only once finance confirmed it (dictionary PaymentConfirmStatus). */
export const CONFIRMED = PaymentConfirmStatus.confirmed;
/** A rejected receipt's allocations count for nothing, not even as pending. */
export const REJECTED = PaymentConfirmStatus.rejected;

/**
 * What an order asks to be paid: its payable amount (after rebate and cash discount) where the order
 * carries one, else its amount. Tax-inclusive, numeric(18, 2).
 */
export const dueAmountOf = (alias: string) =>
  sql`coalesce(nullif(${sql.ref(`${alias}.data`)}->>'PayableAmount', '')::numeric, ${sql.ref(`${alias}.order_amount`)}, 0)`;

const fenOf = (value: unknown) => yuanToFen(String(value ?? '0'));

/**
 * The confirmed payment of an order in fen: the sum of its allocations from receipts finance
 * confirmed (the prepayment check of order approval reads this: 先款后货 agents need it ≥ the amount).
 */
export async function confirmedPaymentOf(db: Db, orderId: string): Promise<number> {
  const result = await sql<{ paid: string }>`select coalesce(sum(a.amount), 0)::text as paid
    from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
    where a.order_id = ${orderId} and r.data->>'ConfirmStatus' = ${CONFIRMED}`.execute(db);
  return fenOf(result.rows[0]?.paid);
}

/**
 * An agent's prepayment balance in fen: what its confirmed receipts hold beyond their allocations
 * (notes §4.3 rule 2, "unallocated remainder = 预收款余额").
 */
export async function prepaymentBalanceOf(db: Db, agentId: string): Promise<number> {
  const result = await sql<{ open: string }>`select coalesce(sum(unallocated_amount), 0)::text as open
    from payment_receipt where agent_id = ${agentId} and data->>'ConfirmStatus' = ${CONFIRMED}`.execute(db);
  return fenOf(result.rows[0]?.open);
}

/**
 * Writes an order's payment status, paid and unpaid amounts from its confirmed allocations, and moves
 * the dashboard's month figures with them — in the transaction of the confirmation that changed them,
 * so neither the order nor the dashboard disagrees with its payments.
 */
export async function refreshOrderPayment(db: Db, orderId: string, by: string, at: Date) {
  const due = await sql<{ due: string }>`select ${dueAmountOf('o')}::text as due from sales_order o
    where o.object_id = ${orderId} for update`.execute(db);
  if (!due.rows[0]) return;
  const dueFen = fenOf(due.rows[0].due);
  const paidFen = await confirmedPaymentOf(db, orderId);
  const fields = {
    PaidAmount: fenToYuanString(paidFen),
    UnpaidAmount: fenToYuanString(Math.max(0, dueFen - paidFen)),
  };
  await sql`update sales_order set payment_status = ${paymentStatusOf(paidFen, dueFen)},
      data = data || ${JSON.stringify(fields)}::jsonb, version = version + 1,
      updated_at = ${at}, updated_by_name = ${by}
    where object_id = ${orderId}`.execute(db);
  await keepOrderFigures(db, [orderId]);
}
