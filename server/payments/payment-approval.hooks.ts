import { sql } from 'kysely';
import type { PaymentApprovalContext } from '../../machines/workflows/payment-approval.workflow';
import { fixedChain } from '../workflows/configured-chains';
import type { WorkflowHooks } from '../workflows/hooks';
import { refreshOrderPayment } from './payment-status';
import { FINANCE_CHAIN } from './receipt.service';

/**
 * The server side of payment approval: finance's confirmation stamps the receipt (who, when) and moves
 * the payment status of every order it is allocated to, in the transaction of the confirmation.
 */
export const paymentApprovalHooks: WorkflowHooks = {
  chains: fixedChain(FINANCE_CHAIN),
  after: async (trx, call) => {
    if (call.next.value !== 'approved') return;
    const { receiptId } = call.state.snapshot.context as PaymentApprovalContext;
    const at = call.clock?.at ?? new Date();
    const stamp = { ConfirmedByName: call.actor.name, ConfirmedOn: at.toISOString() };
    await sql`update payment_receipt set data = data || ${JSON.stringify(stamp)}::jsonb
      where object_id = ${receiptId}`.execute(trx);
    const orders = await sql<{ id: string }>`select order_id::text as id from payment_allocation
      where receipt_id = ${receiptId} order by order_id`.execute(trx);
    for (const order of orders.rows) await refreshOrderPayment(trx, order.id, call.actor.name, at);
  },
};
