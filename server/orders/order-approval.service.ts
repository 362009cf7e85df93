import { sql } from 'kysely';
import { OrderApprovalStatus, OrderChannel } from '../../domain/codes/orders.codes';
import { fenToYuanString } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import { orderApprovalDeclaration } from '../../machines/workflows/order-approval.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf, decide, streamView, subjectStreamId } from '../workflows/decisions';
import { loadStream, startStream } from '../workflows/engine';
import { checkCredit, creditFigures, orderCreditFacts } from './credit-check';
import { PAYMENT_TERMS } from './credit-terms';
import { orderChainFor } from './order-approval-config';
import { linesOfOrder } from './order-lines';

export const WORKFLOW = orderApprovalDeclaration.name;
const DRAFT = OrderApprovalStatus.draft;
/** Dictionary OrderChannel: partner-line orders are synced, not approved here. */
const PARTNER_LINE = OrderChannel.partnerLine;

const orderDef = () => resourceDef('order')!;

/**
 * Who puts an order forward: the agent's own staff (the scope keeps them to their company) and the
 * sales operations desk that enters orders for agents; managers who merely see the order do not.
 */
const maySubmit = (caller: Caller) =>
  caller.dataScope === 'company' ||
  caller.roleCode === ROLE.salesOperations ||
  caller.roleCode === ROLE.systemAdmin;
const streamIdOf = (orderId: string) => subjectStreamId(orderApprovalDeclaration, orderId);

async function hasStream(db: Db, orderId: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${streamIdOf(orderId)}`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}

/**
 * Opens a new order's approval as a draft, its creator the applicant, in the transaction that enters
 * the order: the order's record page then offers the submission in its decision panel. An order
 * entered without it gets its approval at its first submission (submitOrder).
 */
export async function openOrderApproval(trx: Db, caller: Caller, orderId: string, at?: Date) {
  if (await hasStream(trx, orderId)) return;
  const applicant = actorOf(caller);
  await startStream(trx, {
    streamId: streamIdOf(orderId),
    workflow: WORKFLOW,
    subject: ['order', orderId],
    input: { orderId, applicant, chain: [] },
    actor: applicant,
    at,
  });
}

/**
 * Submits an order for approval (or resubmits a returned or withdrawn one) through the decision
 * layer, where the chain of its band is read and its credit checked. An order submitted for the first
 * time starts its approval stream with that chain in its first event. `Version` is the order's version
 * the person saw: an order changed since is refused (409), like any stale save.
 */
export async function submitOrder(
  db: Db,
  caller: Caller,
  params: { orderId: string; version?: number; workflowVersion?: number },
  clock?: Clock,
) {
  return inTransaction(db, async (trx) => {
    const order = await getRecord(trx, orderDef(), caller, params.orderId);
    await sql`select object_id from sales_order where object_id = ${params.orderId} for update`.execute(trx);
    if (params.version !== undefined && params.version !== order.Version)
      throw new PortalError(409, 'server.staleWrite');
    if (!(await hasStream(trx, params.orderId))) {
      if (!maySubmit(caller)) throw new PortalError(403, 'orderApproval.refusals.notApplicant');
      if (order.OrderChannel === PARTNER_LINE)
        throw new PortalError(409, 'orderApproval.refusals.partnerLine');
      if (order.ApprovalStatus !== DRAFT) throw new PortalError(409, 'orderApproval.refusals.notDraft');
      const facts = await orderCreditFacts(trx, params.orderId);
      const chain = await orderChainFor(trx, facts.orderType, facts.amountFen);
      // Refused before anything is written: an order the credit rules stop stays a draft without a stream.
      await checkCredit(trx, params.orderId, 'submit', clock?.at ?? new Date());
      const applicant = actorOf(caller);
      await startStream(trx, {
        streamId: streamIdOf(params.orderId),
        workflow: WORKFLOW,
        subject: ['order', params.orderId],
        input: { orderId: params.orderId, applicant, chain },
        actor: applicant,
        at: clock?.at,
      });
    }
    return decide(trx, caller, {
      workflow: WORKFLOW,
      subjectId: params.orderId,
      command: 'submit',
      payload: {},
      version: params.workflowVersion,
      clock,
    });
  });
}

/** The approval of an order as the person sees it: where it stands and what they may do now. */
async function approvalOf(db: Db, caller: Caller, orderId: string, order: Record<string, unknown>) {
  if (!(await hasStream(db, orderId))) {
    // Not submitted yet: whoever may edit an own-line draft may submit it (submitOrder's own checks).
    const mine = order.ApprovalStatus === DRAFT && order.OrderChannel !== PARTNER_LINE && maySubmit(caller);
    return {
      view: {
        Workflow: WORKFLOW,
        StreamID: null,
        SubjectID: orderId,
        State: 'draft',
        WorkflowVersion: 0,
        Commands: mine ? [{ Name: 'submit', Asks: null }] : [],
        Allowed: mine ? ['application.submit'] : [],
        Decider: null,
        Node: null,
        Reason: null,
      },
      history: [],
      chain: [] as string[],
    };
  }
  const state = await loadStream(db, streamIdOf(orderId));
  const context = state.snapshot.context as { chain: (string | { role: string })[] };
  return {
    view: streamView(state, actorOf(caller)),
    chain: context.chain.map((s) => (typeof s === 'string' ? s : s.role)),
    history: state.events.slice(1).map((e) => ({
      Seq: e.seq,
      Type: e.type,
      ActorName: e.actor_name,
      Role: e.role,
      At: new Date(e.at).toISOString(),
      Reason: (e.payload.reason as string | undefined) ?? (e.payload.comment as string | undefined) ?? null,
    })),
  };
}

/**
 * What the caller may do now on an order's approval, as a decision panel asks /portal/workflow/options:
 * the stream's commands once it runs, and before the first submission the submission of a draft its
 * caller may put forward. Without an order, what an order the caller is entering will offer once
 * saved: its entry form offers 提交审批 by this answer.
 */
export async function orderApprovalOptions(db: Db, caller: Caller, orderId?: string) {
  const order = orderId ? await getRecord(db, orderDef(), caller, orderId) : { ApprovalStatus: DRAFT };
  return (await approvalOf(db, caller, orderId ?? '', order)).view;
}

/**
 * The order approval page (/ordersSetup/order-approval): the order's header and lines, its approval (chain, who
 * decides now, what the caller may do, the history) and the agent's credit as the rules read it.
 */
export async function orderApprovalPage(db: Db, caller: Caller, orderId: string) {
  const order = await getRecord(db, orderDef(), caller, orderId);
  const approval = await approvalOf(db, caller, orderId, order);
  const facts = await orderCreditFacts(db, orderId);
  const figures = facts.agentId
    ? await creditFigures(
        db,
        { id: orderId, agentId: facts.agentId, dueFen: facts.dueFen, paidFen: facts.paidFen },
        new Date(),
      )
    : null;
  return {
    Order: order,
    Lines: await linesOfOrder(db, orderId),
    Approval: approval.view,
    Chain: approval.chain,
    History: approval.history,
    Credit: figures && {
      Terms: figures.agent.terms,
      Prepay: figures.agent.terms === PAYMENT_TERMS.prepay,
      CreditLimit: figures.agent.limitFen === null ? null : fenToYuanString(figures.agent.limitFen),
      Outstanding: fenToYuanString(figures.outstandingFen),
      Paid: fenToYuanString(figures.paidFen),
      Payable: fenToYuanString(figures.amountFen),
      OverdueOrderNo: figures.overdue?.orderNo ?? null,
    },
  };
}
