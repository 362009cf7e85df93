import { fromPromise } from 'xstate';
import { fetchDictionaries } from '../../services/dictionary.service';
import { fetchOrderApprovalOptions } from '../../services/order-approval.service';
import { saveAndSubmitOrder } from '../../services/order-entry.service';
import { type OrderEntryApprovalFacts, orderEntryApprovalMachine } from './order-entry-approval.machine';

/** The entry page's approval facts from /orderApproval/options and the status dictionary, in the reader's language. */
export const orderEntryApprovalLogic = (lang: () => string) =>
  orderEntryApprovalMachine.provide({
    actors: {
      loadFacts: fromPromise<OrderEntryApprovalFacts, string | undefined>(async ({ input }) => {
        const [options, dictionaries] = await Promise.all([
          fetchOrderApprovalOptions(input),
          fetchDictionaries(['OrderApprovalStatus'], lang()),
        ]);
        return { options, statusWords: dictionaries.OrderApprovalStatus ?? [] };
      }),
    },
  });

/** The entry page's own door (submit for approval): the body a save would send, saved and submitted in one request. */
export const saveAndSubmitDoor = (body: Record<string, unknown>) => saveAndSubmitOrder(body);
