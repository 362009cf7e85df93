import { assign, fromPromise, setup } from 'xstate';
import type { DictionaryOption } from '../../domain/dictionary';
import type { DecisionOptions } from '../../domain/workflow-decisions';

export interface OrderEntryApprovalInput {
  /** The saved order; none while a new one is entered. */
  objectId?: string;
}

/** What the entry page asks of an order's approval, and the words of its status. */
export interface OrderEntryApprovalFacts {
  options: Pick<DecisionOptions, 'Commands'>;
  statusWords: DictionaryOption[];
}

export interface OrderEntryApprovalContext extends OrderEntryApprovalInput {
  facts?: OrderEntryApprovalFacts;
}

/**
 * An order's approval as its entry page needs it: whether the server would take its submission now
 * (the options of the order, or of a new one the caller enters) and the words of its status. Asked
 * once per opening: the page opens anew after every save.
 */
export const orderEntryApprovalMachine = setup({
  types: {
    context: {} as OrderEntryApprovalContext,
    input: {} as OrderEntryApprovalInput,
    tags: {} as 'busy',
  },
  actors: {
    loadFacts: fromPromise<OrderEntryApprovalFacts, string | undefined>(async () => {
      throw new Error('loadFacts is provided by order-entry-approval.actors.ts');
    }),
  },
}).createMachine({
  id: 'orderEntryApproval',
  context: ({ input }) => ({ objectId: input.objectId }),
  initial: 'asking',
  states: {
    asking: {
      tags: 'busy',
      invoke: {
        src: 'loadFacts',
        input: ({ context }) => context.objectId,
        onDone: { target: 'known', actions: assign({ facts: ({ event }) => event.output }) },
        onError: {
          target: 'known',
          description: 'Unanswered: nothing is offered; the order is still saved as a draft.',
        },
      },
    },
    known: {},
  },
});

/** The server offers this caller the submission of the order now. */
export const offersSubmit = (context: OrderEntryApprovalContext) =>
  Boolean(context.facts?.options.Commands.some((c) => c.Name === 'submit'));
