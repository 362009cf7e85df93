import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { formatDate } from '../../domain/format';
import { yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { confirmedPaidFen } from './credit-payments';
import { type AgentCredit, agentCreditOf, PAYMENT_TERMS } from './credit-terms';
import { yuanText } from './order-approval-config';

/** When a credit check runs: at submission (credit is reserved) and at the release (last agreement). */
export type CreditStage = 'submit' | 'release';

/** What the credit rules compare, in fen. */
export interface CreditFigures {
  agent: AgentCredit;
  /** What this order asks to be paid (its payable amount). */
  amountFen: number;
  /** What finance confirmed paid on this order. */
  paidFen: number;
  /** What the agent still owes on its other orders of the same line in approval or in force. */
  outstandingFen: number;
  /** The oldest effective order unpaid past the agent's credit days, if any. */
  overdue: { orderNo: string; effectiveOn: string; unpaidFen: number } | null;
}

export interface CreditProblem {
  key: string;
  params: Record<string, unknown>;
}

/**
 * The credit rules of an order (notes §4.2): a prepay (pay before delivery) agent's order is released only once
 * confirmed payment covers it; an agent on credit orders only without an overdue receivable and
 * within its credit limit (what it owes on other orders plus this order's unpaid part). Pure; each
 * refusal names the rule and the figures.
 */
export function creditProblem(stage: CreditStage, f: CreditFigures): CreditProblem | null {
  const agent = f.agent.name;
  // An order that confirmed payment already covers asks for no credit, whatever the agent's terms.
  if (f.paidFen >= f.amountFen && f.amountFen > 0) return null;
  if (f.agent.terms === PAYMENT_TERMS.prepay) {
    if (stage === 'submit' || f.paidFen >= f.amountFen) return null;
    return {
      key: 'orderApproval.refusals.prepayUnpaid',
      params: {
        agent,
        paid: yuanText(f.paidFen),
        amount: yuanText(f.amountFen),
        missing: yuanText(f.amountFen - f.paidFen),
      },
    };
  }
  if (f.overdue)
    return {
      key: 'orderApproval.refusals.overdue',
      params: {
        agent,
        orderNo: f.overdue.orderNo,
        effectiveOn: f.overdue.effectiveOn,
        days: f.agent.creditDays,
        unpaid: yuanText(f.overdue.unpaidFen),
      },
    };
  if (f.agent.limitFen === null) return { key: 'orderApproval.refusals.noCreditLimit', params: { agent } };
  const unpaidHere = Math.max(0, f.amountFen - f.paidFen);
  const used = f.outstandingFen + unpaidHere;
  if (used <= f.agent.limitFen) return null;
  return {
    key: 'orderApproval.refusals.overLimit',
    params: {
      agent,
      limit: yuanText(f.agent.limitFen),
      outstanding: yuanText(f.outstandingFen),
      amount: yuanText(unpaidHere),
      excess: yuanText(used - f.agent.limitFen),
    },
  };
}

/**
 * Approval statuses that hold credit: awaiting approval, effective, and being changed (in force until
 * its change applies) (dictionary OrderApprovalStatus).
 */
const HOLDING_CREDIT: string[] = [
  OrderApprovalStatus.awaitingReview,
  OrderApprovalStatus.effective,
  OrderApprovalStatus.beingChanged,
];

/**
 * The orders of the same line of business as the order decided: the credit limit is the vendor's on
 * its own line, and a partner-line order is owed under the partner's terms, not drawn on that limit.
 */
const sameLineAs = (orderId: string) =>
  sql`o.order_channel = (select l.order_channel from sales_order l where l.object_id = ${orderId})`;

/** What an order still owes: its unpaid amount as the payment confirmation keeps it, else all it asks. */
const unpaidSql = sql`coalesce(nullif(o.data->>'UnpaidAmount', '')::numeric,
  nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount, 0)`;

/** The order as its credit checks read it. */
export async function orderCreditFacts(db: Db, orderId: string) {
  const found = await sql<{ company: string | null; due: string; type: string | null; amount: string }>`
    select o.company_id::text as company, o.order_type as type, coalesce(o.order_amount, 0)::text as amount,
      coalesce(nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount, 0)::text as due
    from sales_order o where o.object_id = ${orderId} for update`.execute(db);
  const row = found.rows[0];
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  return {
    agentId: row.company,
    orderType: row.type ?? '',
    amountFen: yuanToFen(row.amount),
    dueFen: yuanToFen(row.due),
    paidFen: await confirmedPaidFen(db, orderId),
  };
}

/** The credit figures of an order of an agent at a moment (`today`, the business day it is decided). */
export async function creditFigures(
  db: Db,
  order: { id: string; agentId: string; dueFen: number; paidFen: number },
  today: Date,
): Promise<CreditFigures | null> {
  const agent = await agentCreditOf(db, order.agentId);
  if (!agent) return null;
  const owed = await sql<{ owed: string }>`select coalesce(sum(${unpaidSql}), 0)::text as owed
    from sales_order o where o.company_id = ${order.agentId} and o.object_id <> ${order.id}
      and ${sameLineAs(order.id)} and o.approval_status in (${sql.join(HOLDING_CREDIT)})`.execute(db);
  let overdue: CreditFigures['overdue'] = null;
  if (agent.creditDays > 0) {
    const due = new Date(today.getTime() - agent.creditDays * 86_400_000);
    const late = await sql<{
      no: string;
      at: Date;
      unpaid: string;
    }>`select o.order_no as no, s.updated_at as at,
        ${unpaidSql}::text as unpaid
      from sales_order o join workflow_stream s on s.stream_id = 'orderApproval-' || o.object_id::text
      where o.company_id = ${order.agentId} and o.object_id <> ${order.id} and ${sameLineAs(order.id)}
        and o.approval_status in (${sql.lit(OrderApprovalStatus.effective)}, ${sql.lit(OrderApprovalStatus.beingChanged)})
        and s.status = 'approved' and s.updated_at < ${due} and ${unpaidSql} > 0
      order by s.updated_at, o.order_no limit 1`.execute(db);
    const row = late.rows[0];
    if (row) overdue = { orderNo: row.no, effectiveOn: formatDate(row.at), unpaidFen: yuanToFen(row.unpaid) };
  }
  return {
    agent,
    amountFen: order.dueFen,
    paidFen: order.paidFen,
    outstandingFen: yuanToFen(owed.rows[0]?.owed ?? '0'),
    overdue,
  };
}

/** Refuses an order the credit rules do not allow at this stage, naming the rule and the figures. */
export async function checkCredit(db: Db, orderId: string, stage: CreditStage, today: Date): Promise<void> {
  const facts = await orderCreditFacts(db, orderId);
  if (!facts.agentId) return;
  const figures = await creditFigures(
    db,
    { id: orderId, agentId: facts.agentId, dueFen: facts.dueFen, paidFen: facts.paidFen },
    today,
  );
  const problem = figures && creditProblem(stage, figures);
  if (problem) throw new PortalError(409, problem.key, problem.params);
}
