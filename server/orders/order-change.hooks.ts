import { sql } from 'kysely';
import type { OrderChangeContext } from '../../machines/workflows/order-change.workflow';
import type { Db } from '../db/database';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { orderChainFor } from './order-approval-config';
import { checkChangeable, figuresOf, lockedOrder } from './order-change.service';
import { applyChange } from './order-change-apply';
import { changeFigures, planLines } from './order-change-lines';

const contextOf = (call: HookCall) => call.state.snapshot.context as OrderChangeContext;

/**
 * A submission is checked on the order as it stands (still effective and current, lines not below
 * what is shipped, amount not below what is invoiced) and carries the approval chain of the new
 * amount when the change needs approval — an amount up by more than 10 % or a unit price down —
 * else none, so the other side's confirmation applies it.
 */
async function submission(trx: Db, call: HookCall) {
  const { changeId, orderId } = contextOf(call);
  const order = await lockedOrder(trx, orderId);
  checkChangeable(order);
  const stored = await sql<{ lines: unknown[] }>`select lines from order_change
    where object_id = ${changeId}`.execute(trx);
  const { planned } = await planLines(trx, orderId, stored.rows[0].lines);
  const figures = await changeFigures(trx, figuresOf(order), planned);
  const chain = figures.needsApproval
    ? await orderChainFor(trx, order.order_type, Number(figures.afterFen))
    : [];
  return { chain };
}

/** Who confirmed or refused, when and with what words: the confirmation page's columns. */
async function stampConfirmation(trx: Db, call: HookCall) {
  const at = (call.clock?.at ?? new Date()).toISOString();
  const opinion = call.command === 'refuse' ? call.payload.reason : (call.payload.comment ?? null);
  const stamp = {
    ConfirmedByName: call.actor.name,
    ConfirmedByLogin: call.caller.username,
    ConfirmedOn: at,
    ConfirmOpinion: opinion ?? null,
  };
  await sql`update order_change set data = data || ${JSON.stringify(stamp)}::jsonb
    where object_id = ${contextOf(call).changeId}`.execute(trx);
}

/**
 * The server side of an order change: the submission's checks and chain, the other side's
 * confirmation stamped on the change, and the change applied — the order's next revision — in the
 * transaction of the decision that finishes it.
 */
export const orderChangeHooks: WorkflowHooks = {
  prepare: async (trx, call) => (call.command === 'submit' ? submission(trx, call) : undefined),
  after: async (trx, call) => {
    if (call.command === 'confirm' || call.command === 'refuse') await stampConfirmation(trx, call);
    if (call.next.value === 'applied')
      await applyChange(trx, contextOf(call).changeId, call.actor.name, call.clock);
  },
};
