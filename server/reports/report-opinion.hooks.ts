import type { WorkflowHooks } from '../workflows/hooks';

/** A reply, a closing and a reopening are stamped with the server's time, never the sender's. */
export const reportOpinionHooks: WorkflowHooks = {
  prepare: async (_trx, call) => ({ at: (call.clock?.at ?? new Date()).toISOString() }),
};
