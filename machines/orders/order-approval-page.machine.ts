import { assign, emit, fromPromise, setup } from 'xstate';
import type { OrderApprovalView } from '../../services/order-approval.service';
import { errorText } from '../kit/error-text';

export type { OrderApprovalView };

export interface OrderApprovalPageContext {
  objectId: string;
  view?: OrderApprovalView;
  /** Why the order could not be read. */
  error?: string;
  /** The server's words when it refused the submission; shown until the next attempt. */
  refusal?: string;
}

export type OrderApprovalPageEvent = { type: 'order.submit' } | { type: 'order.reload' };

export type OrderApprovalPageEmitted = { type: 'notify'; severity: 'success'; message: string };

/**
 * The order approval page (/ordersSetup/order-approval): reads the order with its lines, credit, chain and history;
 * a draft is submitted from here (the first submission starts its approval), and once submitted the
 * decisions are taken in the decision panel, after which the page reads the order again.
 */
export const orderApprovalPageMachine = setup({
  types: {
    context: {} as OrderApprovalPageContext,
    events: {} as OrderApprovalPageEvent,
    input: {} as { objectId: string },
    emitted: {} as OrderApprovalPageEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadOrder: fromPromise<OrderApprovalView, string>(async () => {
      throw new Error('loadOrder is provided by order-approval-page.actors.ts');
    }),
    submitOrder: fromPromise<unknown, { ObjectID: string; Version?: number }>(async () => {
      throw new Error('submitOrder is provided by order-approval-page.actors.ts');
    }),
  },
  guards: {
    isUnsubmittedDraft: ({ context }) =>
      !context.view?.Approval.StreamID &&
      Boolean(context.view?.Approval.Commands.some((c) => c.Name === 'submit')),
  },
}).createMachine({
  id: 'orderApprovalPage',
  context: ({ input }) => ({ objectId: input.objectId }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => context.objectId,
        onDone: { target: 'shown', actions: assign({ view: ({ event }) => event.output, error: undefined }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      on: {
        'order.submit': {
          guard: 'isUnsubmittedDraft',
          target: 'submitting',
          description: 'A draft not submitted before; a submitted one is decided in the decision panel.',
        },
        'order.reload': 'loading',
      },
    },
    submitting: {
      tags: 'busy',
      entry: assign({ refusal: undefined }),
      invoke: {
        src: 'submitOrder',
        input: ({ context }) => ({
          ObjectID: context.objectId,
          Version: context.view?.Order.Version as number | undefined,
        }),
        onDone: {
          target: 'loading',
          actions: emit({ type: 'notify', severity: 'success', message: 'orderApproval.submitted' }),
        },
        onError: {
          target: 'shown',
          description: 'Refused (credit, no band, changed meanwhile): the reason stays on the page.',
          actions: assign({ refusal: ({ event }) => errorText(event.error) }),
        },
      },
    },
    failed: { on: { 'order.reload': 'loading' } },
  },
});
