import { assign, fromPromise, setup } from 'xstate';
import type { UsableRebate } from '../../services/order-entry.service';
import { errorText } from '../kit/error-text';

export interface UsableRebateContext {
  /** The request the figures answer, as text: the same inputs again ask nothing. */
  asked: string;
  body?: Record<string, unknown>;
  usable?: UsableRebate;
  error?: string;
}

/** What the form now says: the agent, lines and execution order it names, or nothing to ask yet. */
export type UsableRebateEvent = { type: 'inputs.changed'; body: Record<string, unknown> | null };

/** How long the form stays still before the figure is asked again, so typing a quantity asks once. */
export const SETTLE_MS = 300;

/**
 * The usable rebate shown while an order is entered (docs/rebates.md "Rebate on orders"): asked of the
 * server whenever the agent or the lines settle, as the submission will check it; nothing is asked
 * until an agent is chosen.
 */
export const usableRebateMachine = setup({
  types: {
    context: {} as UsableRebateContext,
    events: {} as UsableRebateEvent,
  },
  actors: {
    loadUsable: fromPromise<UsableRebate, Record<string, unknown>>(async () => {
      throw new Error('loadUsable is provided by the page');
    }),
  },
  guards: {
    unchanged: ({ context, event }) => JSON.stringify(event.body) === context.asked,
    nothingToAsk: ({ event }) => event.body === null,
  },
}).createMachine({
  id: 'usableRebate',
  context: { asked: 'null' },
  initial: 'idle',
  on: {
    'inputs.changed': [
      { guard: 'unchanged' },
      {
        guard: 'nothingToAsk',
        target: '.idle',
        actions: assign({ asked: 'null', body: undefined, usable: undefined, error: undefined }),
      },
      {
        target: '.settling',
        reenter: true,
        actions: assign({
          asked: ({ event }) => JSON.stringify(event.body),
          body: ({ event }) => event.body ?? undefined,
        }),
      },
    ],
  },
  states: {
    idle: {},
    settling: { tags: 'busy', after: { [SETTLE_MS]: 'loading' } },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadUsable',
        input: ({ context }) => context.body ?? {},
        onDone: {
          target: 'shown',
          actions: assign({ usable: ({ event }) => event.output, error: undefined }),
        },
        onError: {
          target: 'failed',
          actions: assign({ usable: undefined, error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    shown: {},
    failed: {},
  },
});
