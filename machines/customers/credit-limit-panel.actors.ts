import { fromPromise } from 'xstate';
import {
  type CreditLimitForm,
  type CreditLimitOverview,
  creditLimitOverview,
  sendCreditLimit,
} from '../../services/credit-limit.service';
import { creditLimitPanelMachine } from './credit-limit-panel.machine';

/** The credit panel wired to the /customer credit-limit calls. */
export const creditLimitPanelLogic = creditLimitPanelMachine.provide({
  actors: {
    loadCreditLimits: fromPromise<CreditLimitOverview, string>(({ input }) => creditLimitOverview(input)),
    sendCreditLimit: fromPromise<unknown, { objectId: string; form: CreditLimitForm; correcting: boolean }>(
      ({ input }) => sendCreditLimit(input),
    ),
  },
});
