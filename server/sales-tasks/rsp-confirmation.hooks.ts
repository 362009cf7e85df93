import { sql } from 'kysely';
import type { RspTaskConfirmationContext } from '../../machines/workflows/rsp-task-confirmation.workflow';
import type { Db } from '../db/database';
import { fieldMissing } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { afterAllocationWrite } from './load-bearing.rules';
import { recordAnswer } from './rsp-confirmation.rounds';

const QUARTERS = ['Q1Task', 'Q2Task', 'Q3Task', 'Q4Task'];

/** The ruling "take the proposed figure": the line becomes it, split again and counted again. */
async function applyProposal(
  trx: Db,
  lineId: string,
  amount: string,
  call: Parameters<NonNullable<WorkflowHooks['after']>>[1],
) {
  const def = resourceDef('rspTaskAllocation')!;
  const blankSplit = Object.fromEntries(QUARTERS.map((q) => [q, null]));
  // The ruling answers the line with the figure it takes: the answer stands for that figure.
  const figure = { LoadBearingAmount: amount, ConfirmedAmount: amount, ...blankSplit };
  await sql`update record set data = data || ${JSON.stringify(figure)}::jsonb
    where object_id = ${lineId}`.execute(trx);
  await afterAllocationWrite(trx, def, call.caller, await getRecord(trx, def, call.caller, lineId));
}

/**
 * The server side of an RSP's answer: an objection names the figure proposed (typed on the line, or
 * sent with the objection), an answer is stamped with its time and the figure it stands for
 * (ConfirmedAmount), and taking a proposal rewrites the line and the province target's load bearing
 * in the same transaction.
 */
export const rspConfirmationHooks: WorkflowHooks = {
  prepare: async (_trx, call) => {
    if (call.command !== 'object') return undefined;
    const amount = String(call.payload.amount ?? call.subject.ObjectionAmount ?? '').trim();
    if (!amount) throw fieldMissing('rspTaskAllocation', 'ObjectionAmount');
    return { amount };
  },
  after: async (trx, call) => {
    const next = topState(call.next);
    const lineId = call.state.subject[1];
    const context = call.next.context as RspTaskConfirmationContext;
    if (next === 'confirmed' || next === 'autoConfirmed')
      await recordAnswer(trx, lineId, call.clock?.at ?? new Date());
    if (next === 'ruled' && context.ruling === 'kept') await recordAnswer(trx, lineId);
    if (next === 'ruled' && context.ruling === 'accepted' && context.proposedAmount)
      await applyProposal(trx, lineId, context.proposedAmount, call);
  },
};
