import { sql } from 'kysely';
import { yuanToFen } from '../../domain/money';
import type { RebateSettlementContext } from '../../machines/workflows/rebate-settlement.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { businessDay, post } from './ledger.service';
import { achievementOf } from './rebate-achievement';
import { termsOfPolicy } from './rebate-task.service';

/** How long posted rebate stays usable (notes §5.2, the policy's validity): a year from posting. */
const VALID_MONTHS = 12;

const taskIdOf = (call: HookCall) => String(call.subject.ObjectID);
const dayOf = (call: HookCall) => businessDay(call.clock?.at ?? new Date());

/** The task as stored (the caller's view of it was read through their scope before the hook runs). */
async function storedTask(trx: Db, call: HookCall) {
  const found = await sql<{ data: Record<string, unknown> }>`select data from record
    where resource = 'rebateTask' and object_id = ${taskIdOf(call)} for update`.execute(trx);
  return found.rows[0].data;
}

function expiryAfter(day: string, months: number) {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + months, d));
  // A day that month does not have (29 Feb) falls back to the month's last day.
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** A calculation: only after the period closed, from the records now and the policy's frozen tiers. */
async function calculation(trx: Db, call: HookCall) {
  const task = await storedTask(trx, call);
  const today = dayOf(call);
  if (today <= String(task.PeriodEnd))
    throw new PortalError(409, 'rebateSettlement.periodOpen', { period: task.Period, end: task.PeriodEnd });
  let adjustFen = 0;
  const adjust = call.payload.adjustAmount;
  if (typeof adjust === 'string' && adjust.trim()) adjustFen = yuanToFen(adjust);
  const figures = await achievementOf(trx, task, await termsOfPolicy(trx, String(task.PolicyID)), {
    fen: adjustFen,
    reason: adjustFen ? String(call.payload.reason ?? '').trim() : null,
  });
  if (yuanToFen(figures.PayableRebate) < 0)
    throw fieldError('rebateTask', 'adjustAmount', 'rebate.problems.positiveFen');
  return { figures };
}

/**
 * The server side of a settlement: a calculation (and a recalculation after an objection) carries
 * the figures the server computed into its event (the machine keeps who calculated them, and refuses
 * that person the review: `explain` says so); posting needs an amount to post and, in the same
 * transaction, writes the post flow naming the settlement, usable for a year.
 */
export const settlementHooks: WorkflowHooks = {
  explain: (call) => {
    const context = call.state.snapshot.context as RebateSettlementContext;
    const reviewing = call.command === 'agree' || call.command === 'return';
    return reviewing &&
      String(call.state.snapshot.value) === 'vendorReview' &&
      context.calculatedBy?.id === call.actor.id
      ? new PortalError(403, 'rebateSettlement.ownCalculation')
      : undefined;
  },
  prepare: async (trx, call) => {
    if (call.command === 'calculate' || call.command === 'recalculate') return calculation(trx, call);
    if (call.command === 'post') {
      const context = call.state.snapshot.context as RebateSettlementContext;
      if (yuanToFen(context.figures?.PayableRebate ?? '0') <= 0)
        throw new PortalError(409, 'rebateSettlement.nothingToPost');
    }
    return undefined;
  },
  after: async (trx, call) => {
    if (call.command !== 'post' || String(call.next.value) !== 'posted') return;
    const task = await storedTask(trx, call);
    const context = call.next.context as RebateSettlementContext;
    const day = dayOf(call);
    const expiry = expiryAfter(day, VALID_MONTHS);
    await post(
      trx,
      {
        employeeId: call.caller.employeeId,
        name: call.caller.lastName,
        at: call.clock?.at,
        uuid: call.clock?.uuid,
      },
      { companyId: String(task.AgentID), type: 'rebate', brand: String(task.Brand) },
      yuanToFen(context.figures?.PayableRebate ?? '0'),
      expiry,
      { type: 'settlement', no: String(task.RebateTaskNo) },
    );
    await sql`update record set data = data || ${JSON.stringify({ PostedDate: day, ExpiryDate: expiry })}::jsonb
      where resource = 'rebateTask' and object_id = ${taskIdOf(call)}`.execute(trx);
  },
};
