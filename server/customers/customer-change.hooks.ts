import { sql } from 'kysely';
import {
  type CustomerFacts,
  changeEffect,
  changeProblem,
} from '../../machines/workflows/customer-change.rules';
import type { CustomerChangeContext } from '../../machines/workflows/customer-change.workflow';
import { CHANGE_PROCESS_TYPES } from '../../machines/workflows/customer-change.workflow';
import { recordAgreement } from '../agreements/agreement-signing';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { processConfigChains } from '../workflows/chains';
import type { WorkflowHooks } from '../workflows/hooks';
import { customerFacts } from './customer-facts';

/** The approved change written onto the agent: its columns and its data fields. */
async function applyEffect(
  trx: Db,
  caller: Caller,
  context: CustomerChangeContext,
  facts: CustomerFacts,
  at = new Date(),
) {
  const current = await sql<{ end: string | null }>`select data->>'ExtAgreementEndDate_SDK' as "end"
    from customer where object_id = ${context.customerId}`.execute(trx);
  const effect = changeEffect(context.kind, context.change, {
    ...facts,
    agreementEndDate: current.rows[0]?.end ?? null,
  });
  const removed = Object.keys(effect.data).filter(
    (k) => effect.data[k] === null || effect.data[k] === undefined,
  );
  const kept = Object.fromEntries(Object.entries(effect.data).filter(([k]) => !removed.includes(k)));
  const sets = [
    ...Object.entries(effect.columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql`data = (data - ${sql.val(removed)}::text[]) || ${JSON.stringify(kept)}::jsonb`,
    sql`version = version + 1`,
    sql`updated_at = ${at}`,
    sql`updated_by_name = ${caller.lastName}`,
  ];
  await sql`update customer set ${sql.join(sets)} where object_id = ${context.customerId}`.execute(trx);
}

/**
 * The server side of an application on an agent: the last agreement carries the agent's facts now and
 * is refused when a rule broken since the application forbids it; the applicant cannot withdraw once
 * an approver decided; an approval applies the change in the same transaction.
 */
export const customerChangeHooks: WorkflowHooks = {
  chains: processConfigChains(Object.values(CHANGE_PROCESS_TYPES)),
  explain: (call) => {
    const context = call.state.snapshot.context as CustomerChangeContext;
    const decided = call.state.snapshot.value === 'inApproval' && context.decisions > 0;
    const byApplicant = context.applicant.id === call.actor.id;
    return call.command === 'withdraw' && decided && byApplicant
      ? new PortalError(409, 'server.customerWorkflow.alreadyDecided')
      : undefined;
  },
  prepare: async (trx, call) => {
    const context = call.state.snapshot.context as CustomerChangeContext;
    const inApproval = call.state.snapshot.value === 'inApproval';
    if (call.command !== 'agree') return undefined;
    const facts = await customerFacts(trx, context.customerId);
    if (inApproval && context.node >= context.chain.length - 1) {
      const problem = changeProblem(context.kind, context.change, facts);
      if (problem) throw new PortalError(409, problem.key, problem.params);
    }
    return { facts };
  },
  after: async (trx, call) => {
    if (call.next.value !== 'approved') return;
    const context = call.state.snapshot.context as CustomerChangeContext;
    const facts = await customerFacts(trx, context.customerId);
    await applyEffect(trx, call.caller, context, facts, call.clock?.at);
    // A renewal or a conversion is a new agreement, filled from the agent as the change left it.
    if (context.kind === 'renewal' || context.kind === 'conversion')
      await recordAgreement(trx, {
        customerId: context.customerId,
        kind: context.kind,
        signer: call.caller,
        at: call.clock?.at,
        uuid: call.clock?.uuid,
      });
  },
};
