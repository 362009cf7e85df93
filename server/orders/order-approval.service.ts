import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { fenToYuanString } from '../../domain/money';
import { orderApprovalDeclaration } from '../../machines/workflows/order-approval.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import {
  actorOf,
  decide,
  firstCommands,
  notStartedView,
  streamView,
  subjectStreamId,
} from '../workflows/decisions';
import { loadStream } from '../workflows/engine';
import { creditFigures, orderCreditFacts } from './credit-check';
import { PAYMENT_TERMS } from './credit-terms';
import { linesOfOrder } from './order-lines';

export const WORKFLOW = orderApprovalDeclaration.name;
const DRAFT = OrderApprovalStatus.draft;
const orderDef = () => resourceDef('order')!;

const streamIdOf = (orderId: string) => subjectStreamId(orderApprovalDeclaration, orderId);

async function hasStream(db: Db, orderId: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from workflow_stream
    where stream_id = ${streamIdOf(orderId)}`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}

/**
 * Submits an order for approval (or resubmits a returned or withdrawn one) through the decision
 * layer, where the chain of its band is read and its credit checked; a draft's first submission
 * begins its approval (order-approval.hooks.ts). `Version` is the order's version the person saw: an
 * order changed since is refused (409), like any stale save.
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
    // Not submitted yet: what its first command offers this caller (the submission of a draft).
    const first = await firstCommands(db, caller, orderApprovalDeclaration, { ObjectID: orderId, ...order });
    return {
      view: notStartedView(orderApprovalDeclaration, orderId, first),
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
