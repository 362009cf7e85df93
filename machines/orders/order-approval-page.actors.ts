import { fromPromise } from 'xstate';
import { fetchDictionaries } from '../../services/dictionary.service';
import {
  fetchOrderApproval,
  type OrderApprovalView,
  submitOrderApproval,
} from '../../services/order-approval.service';
import { orderApprovalPageMachine } from './order-approval-page.machine';

/** The dictionaries the approval page shows values of. */
const CODES = ['OrderType', 'OrderApprovalStatus', 'RoleCode', 'RspPaymentMethod'];

/** The approval page wired to /orderApproval/getOne and /orderApproval/submit, in the reader's language. */
export const orderApprovalPageLogic = (lang: () => string) =>
  orderApprovalPageMachine.provide({
    actors: {
      loadOrder: fromPromise<OrderApprovalView, string>(async ({ input }) => {
        const [view, dictionaries] = await Promise.all([
          fetchOrderApproval(input),
          fetchDictionaries(CODES, lang()),
        ]);
        return { ...view, dictionaries };
      }),
      submitOrder: fromPromise<unknown, { ObjectID: string; Version?: number }>(({ input }) =>
        submitOrderApproval(input),
      ),
    },
  });
