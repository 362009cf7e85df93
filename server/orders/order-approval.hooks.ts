import { sql } from 'kysely';
import {
  DeliveryStatus,
  OrderApprovalStatus,
  OrderChannel,
  OrderType,
} from '../../domain/codes/orders.codes';
import { yuanToFen } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import type { OrderApprovalContext } from '../../machines/workflows/order-approval.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { giveBackConversions, refuseLettingGoWrittenOffSale } from '../loans/loan-conversion-release';
import { orderRebateStep } from '../rebates/order-rebate';
import { keepOrderFigures } from '../reports/order-month-figures';
import type { BeginCall, HookCall, WorkflowHooks } from '../workflows/hooks';
import { checkCredit, orderCreditFacts } from './credit-check';
import { orderApprovalChains, orderChainFor } from './order-approval-config';
import { giveBackDraws } from './pricing-execution-orders';

/** Dictionary OrderChannel: partner-line orders are synced, not approved here. */
const PARTNER_LINE = OrderChannel.partnerLine;
/** Dictionary DeliveryStatus: nothing shipped yet. */
const NOT_SHIPPED = DeliveryStatus.notShipped;

const orderIdOf = (call: HookCall | BeginCall) => String(call.subject.ObjectID);

/**
 * Who puts an order forward: the agent's own staff (the scope keeps them to their company) and the
 * sales operations desk that enters orders for agents; managers who merely see the order do not.
 */
const maySubmit = (caller: Caller) =>
  caller.dataScope === 'company' ||
  caller.roleCode === ROLE.salesOperations ||
  caller.roleCode === ROLE.systemAdmin;

/**
 * An own-line draft's approval begins with its first command (submitted, or cancelled as a draft),
 * from one who may put it forward: they are its applicant. The chain is read at the submission.
 */
async function beginApproval(_db: Db, call: BeginCall) {
  if (!maySubmit(call.caller)) throw new PortalError(403, 'orderApproval.refusals.notApplicant');
  if (call.subject.OrderChannel === PARTNER_LINE)
    throw new PortalError(409, 'orderApproval.refusals.partnerLine');
  if (call.subject.ApprovalStatus !== OrderApprovalStatus.draft)
    throw new PortalError(409, 'orderApproval.refusals.notDraft');
  return { orderId: orderIdOf(call), applicant: call.actor, chain: [] };
}
const stateOf = (call: HookCall) => String(call.state.snapshot.value);
/** The final states an order leaves the approval in without taking effect: its draw goes back. */
const LET_GO = new Set(['cancelled', 'rejected']);

/**
 * The chain an order is decided by, read at its submission from the band of its type and amount,
 * and the credit it may use then (server/orders/credit-check.ts).
 */
async function submission(trx: Db, call: HookCall) {
  const orderId = orderIdOf(call);
  if (call.subject.OrderChannel === PARTNER_LINE)
    throw new PortalError(409, 'orderApproval.refusals.partnerLine');
  const facts = await orderCreditFacts(trx, orderId);
  const chain = await orderChainFor(trx, facts.orderType, facts.amountFen);
  await checkCredit(trx, orderId, 'submit', call.clock?.at ?? new Date());
  return { chain };
}

/** An effective order is cancelled only while nothing was paid or shipped on it. */
async function checkCancellable(trx: Db, orderId: string) {
  const found = await sql<{ paid: string; delivery: string | null }>`select
      coalesce(nullif(data->>'PaidAmount', ''), '0') as paid, delivery_status as delivery
    from sales_order where object_id = ${orderId}`.execute(trx);
  const row = found.rows[0];
  if (row && (yuanToFen(row.paid) !== 0 || (row.delivery ?? NOT_SHIPPED) !== NOT_SHIPPED))
    throw new PortalError(409, 'orderApproval.refusals.cancelAfterPayment', { paid: row.paid });
}

/** When the order was last submitted and when it took effect, for the approval query's columns. */
async function stamp(trx: Db, call: HookCall, next: string) {
  const at = (call.clock?.at ?? new Date()).toISOString();
  const fields =
    call.command === 'submit'
      ? { SubmittedOn: at, ApprovedOn: null }
      : next === 'approved' || next === 'rejected'
        ? { ApprovedOn: at }
        : null;
  if (!fields) return;
  await sql`update sales_order set data = data || ${JSON.stringify(fields)}::jsonb
    where object_id = ${orderIdOf(call)}`.execute(trx);
}

/** The hardware orders a service order may follow into effect: in force. */
const HARDWARE_IN_FORCE: string[] = [OrderApprovalStatus.effective, OrderApprovalStatus.beingChanged];

/**
 * A service order takes effect only behind its hardware order: released while the hardware order it
 * serves (RelatedOrderNo) is effective, never while that one is a draft, in approval, returned,
 * rejected or cancelled.
 */
async function checkHardwareInForce(trx: Db, orderId: string) {
  const found = await sql<{ related: string | null; status: string | null }>`
    select o.data->>'RelatedOrderNo' as related, h.approval_status as status
    from sales_order o left join sales_order h on h.order_no = o.data->>'RelatedOrderNo'
      and h.company_id = o.company_id
    where o.object_id = ${orderId} and o.order_type = ${sql.lit(OrderType.service)}`.execute(trx);
  const row = found.rows[0];
  if (row?.related && !HARDWARE_IN_FORCE.includes(row.status ?? ''))
    throw new PortalError(409, 'orderApproval.refusals.hardwareNotInForce', { no: row.related });
}

/**
 * The server side of an order's approval: the submission carries the chain of the order's band and
 * is refused over the credit rules; the last agreement (the release) checks credit again — for a
 * prepay agent, confirmed payment covering the order; an effective order is cancelled only before
 * anything was paid or shipped.
 */
export const orderApprovalHooks: WorkflowHooks = {
  chains: orderApprovalChains,
  begin: beginApproval,
  explain: (call) => {
    const context = call.state.snapshot.context as OrderApprovalContext;
    const decided = stateOf(call) === 'inApproval' && context.decisions > 0;
    return call.command === 'withdraw' && decided && context.applicant.id === call.actor.id
      ? new PortalError(409, 'orderApproval.refusals.alreadyDecided')
      : undefined;
  },
  prepare: async (trx, call) => {
    const context = call.state.snapshot.context as OrderApprovalContext;
    const state = stateOf(call);
    if (call.command === 'submit') return submission(trx, call);
    if (call.command === 'agree' && state === 'inApproval' && context.node >= context.chain.length - 1) {
      await checkCredit(trx, orderIdOf(call), 'release', call.clock?.at ?? new Date());
      await checkHardwareInForce(trx, orderIdOf(call));
    }
    if (call.command === 'cancel' && state === 'approved') {
      await checkCancellable(trx, orderIdOf(call));
      await refuseLettingGoWrittenOffSale(trx, orderIdOf(call));
    }
    return undefined;
  },
  after: async (trx, call) => {
    await stamp(trx, call, String(call.next.value));
    // Frozen on submit, used on taking effect, released or reversed otherwise (server/rebates/order-rebate.ts).
    await orderRebateStep(trx, call);
    // Taking effect or cancelled after it moves the dashboard's month figures (order-month-figures.ts).
    await keepOrderFigures(trx, [orderIdOf(call)]);
    // Final states are entered once, so the units a cancelled or rejected order drew go back once,
    // and a loan-to-sale order's units go back to its loan, out again (server/loans/loan-conversion-release.ts).
    if (LET_GO.has(String(call.next.value))) {
      await giveBackDraws(trx, [orderIdOf(call)], call.clock?.at);
      await giveBackConversions(trx, orderIdOf(call), call.clock?.at);
    }
  },
};
