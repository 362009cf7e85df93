import { sql } from 'kysely';
import { yuanToFen } from '../../domain/money';
import {
  hasClosedOn,
  type RebateSettlementContext,
  type SettlementDates,
} from '../../machines/workflows/rebate-settlement.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { allowedCommands } from '../workflows/allowed';
import type { FactsCall, HookCall, WorkflowHooks } from '../workflows/hooks';
import { businessDay, post } from './ledger.service';
import { achievementOf } from './rebate-achievement';
import { termsOfPolicy } from './rebate-task.service';

/** How long posted rebate stays usable (notes §5.2, the policy's validity): a year from posting. */
const VALID_MONTHS = 12;

const taskIdOf = (call: HookCall) => String(call.subject.ObjectID);
const dayOf = (call: Pick<HookCall, 'clock'>) => businessDay(call.clock?.at ?? new Date());

/** The commands that calculate the figures: only once the task's period has closed. */
const CALCULATIONS = new Set(['calculate', 'recalculate']);

/** The business day and the period's last day, as the machine's guard `periodClosed` reads them. */
const datesOf = (call: FactsCall): SettlementDates => ({
  today: dayOf(call),
  periodEnd: String(call.subject.PeriodEnd ?? ''),
});

/**
 * Its period is the reason a calculation is refused only when the caller could send it once the
 * period has closed (the machine asked without the days); anyone else is told what the machine says.
 */
function periodOpen(call: HookCall) {
  const dates = datesOf(call);
  if (hasClosedOn(dates)) return undefined;
  const onceClosed = allowedCommands(call.state.declaration, call.state.snapshot, call.actor);
  return onceClosed.includes(call.command)
    ? new PortalError(409, 'rebateSettlement.periodOpen', {
        period: call.subject.Period,
        end: dates.periodEnd,
      })
    : undefined;
}

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

/**
 * A calculation, from the records now and the policy's frozen tiers (the machine's guard has let it
 * through only after the period closed).
 */
async function calculation(trx: Db, call: HookCall) {
  const task = await storedTask(trx, call);
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
 * the business day and the period's last day, which the machine's guard reads (so the page does not
 * offer it before the period closes, and the command is refused naming the period), and the figures
 * the server computed into its event (the machine keeps who calculated them, and refuses that person
 * the review: `explain` says so); posting needs an amount to post and, in the same
 * transaction, writes the post flow naming the settlement, usable for a year.
 */
export const settlementHooks: WorkflowHooks = {
  facts: (call) => (CALCULATIONS.has(call.command) ? { dates: datesOf(call) } : undefined),
  explain: (call) => {
    if (CALCULATIONS.has(call.command)) return periodOpen(call);
    const context = call.state.snapshot.context as RebateSettlementContext;
    const reviewing = call.command === 'agree' || call.command === 'return';
    return reviewing &&
      String(call.state.snapshot.value) === 'vendorReview' &&
      context.calculatedBy?.id === call.actor.id
      ? new PortalError(403, 'rebateSettlement.ownCalculation')
      : undefined;
  },
  prepare: async (trx, call) => {
    if (CALCULATIONS.has(call.command)) return calculation(trx, call);
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
