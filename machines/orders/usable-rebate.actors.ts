import { fromPromise } from 'xstate';
import { fetchUsableRebate, type UsableRebate } from '../../services/order-entry.service';
import { usableRebateMachine } from './usable-rebate.machine';

/** The usable-rebate panel wired to POST /order/usableRebate. */
export const usableRebateLogic = usableRebateMachine.provide({
  actors: {
    loadUsable: fromPromise<UsableRebate, Record<string, unknown>>(({ input }) => fetchUsableRebate(input)),
  },
});
