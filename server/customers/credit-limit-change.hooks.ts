import type { CreditLimitChangeContext } from '../../machines/workflows/credit-limit-change.workflow';
import type { WorkflowHooks } from '../workflows/hooks';
import { requestedLimits, writeLimits } from './credit-limits';

/**
 * The server side of a credit-limit request: a resubmission's partner-line limit is completed (left
 * out: unchanged) and refused for an agent without partner-line business; finance's agreement writes
 * the new limits on the agent in the agreement's own transaction, so the next order is checked
 * against them (server/orders/credit-check.ts).
 */
export const creditLimitChangeHooks: WorkflowHooks = {
  prepare: async (trx, call) => {
    if (call.command !== 'resubmit') return undefined;
    const context = call.state.snapshot.context as CreditLimitChangeContext;
    const payload = call.payload as { CreditLimit: string; PartnerCreditLimit?: string | null };
    return { ...(await requestedLimits(trx, context.customerId, payload)) };
  },
  after: async (trx, call) => {
    if (call.next.value !== 'approved') return;
    const context = call.next.context as CreditLimitChangeContext;
    if (!context.requested) return;
    await writeLimits(
      trx,
      context.customerId,
      context.requested,
      call.actor.name,
      call.clock?.at ?? new Date(),
    );
  },
};
