import { assign, fromPromise, setup } from 'xstate';
import type { OpportunityItem, OpportunityProduct } from '../../services/opportunity-items.service';
import { errorText } from '../kit/error-text';

export type { OpportunityItem, OpportunityProduct };

export interface OpportunityItemsInput {
  opportunityId: string;
  opportunityNo: string;
  /** The opportunity's product line: the product search offers its products (and those of no line). */
  productLine?: string;
}

/** What the panel loads: the products, and whether the caller may change them (the server's answer). */
export interface LoadedItems {
  items: OpportunityItem[];
  editable: boolean;
}

/** One change the owner asks for, as the server's commands take it. */
export type ItemChange =
  | { kind: 'add'; pn: string; quantity: string; expectedPrice: string; bidders: string }
  | { kind: 'change'; id: string; quantity: string; expectedPrice: string }
  | { kind: 'remove'; id: string };

export interface OpportunityItemsContext extends OpportunityItemsInput {
  items: OpportunityItem[];
  /** The owner on an open opportunity, as the item commands judge it: changes are offered. */
  editable: boolean;
  products: OpportunityProduct[];
  error?: string;
}

export type OpportunityItemsEvent =
  | { type: 'products.search'; keyword: string }
  | { type: 'item.add'; pn: string; quantity: string; expectedPrice: string; bidders: string }
  | { type: 'item.change'; id: string; quantity: string; expectedPrice: string }
  | { type: 'item.remove'; id: string }
  | { type: 'items.reload' };

const changeOf = (event: OpportunityItemsEvent): ItemChange => {
  if (event.type === 'item.add')
    return {
      kind: 'add',
      pn: event.pn,
      quantity: event.quantity,
      expectedPrice: event.expectedPrice,
      bidders: event.bidders,
    };
  if (event.type === 'item.change')
    return { kind: 'change', id: event.id, quantity: event.quantity, expectedPrice: event.expectedPrice };
  return { kind: 'remove', id: (event as { id: string }).id };
};

/**
 * The products of an opportunity (docs/opportunities.md "Products of an opportunity"): listed for
 * whoever sees the opportunity; its owner, while it is open, picks products of its line by part
 * number, name or model, with a quantity and an expected price, changes them and removes them. Each
 * change is one server command; the list is read again after it.
 */
export const opportunityItemsMachine = setup({
  types: {
    context: {} as OpportunityItemsContext,
    events: {} as OpportunityItemsEvent,
    input: {} as OpportunityItemsInput,
    tags: {} as 'busy' | 'editable',
  },
  actors: {
    loadItems: fromPromise<LoadedItems, { opportunityId: string; opportunityNo: string }>(async () => ({
      items: [],
      editable: false,
    })),
    searchProducts: fromPromise<OpportunityProduct[], { keyword: string; productLine?: string }>(
      async () => [],
    ),
    saveItem: fromPromise<unknown, { opportunityId: string; change: ItemChange }>(async () => undefined),
  },
  guards: {
    isEditable: ({ context }) => context.editable,
  },
}).createMachine({
  id: 'opportunityItems',
  context: ({ input }) => ({ ...input, items: [], products: [], editable: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadItems',
        input: ({ context }) => ({
          opportunityId: context.opportunityId,
          opportunityNo: context.opportunityNo,
        }),
        onDone: {
          target: 'ready',
          actions: assign({
            items: ({ event }) => event.output.items,
            editable: ({ event }) => event.output.editable,
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    ready: {
      description: 'The products as the server keeps them; the owner of an open opportunity changes them.',
      initial: 'idle',
      on: {
        'items.reload': 'loading',
        'products.search': { guard: 'isEditable', target: '.searching', reenter: true },
        'item.add': { guard: 'isEditable', target: 'saving' },
        'item.change': { guard: 'isEditable', target: 'saving' },
        'item.remove': { guard: 'isEditable', target: 'saving' },
      },
      states: {
        idle: {},
        searching: {
          invoke: {
            src: 'searchProducts',
            input: ({ context, event }) => ({
              keyword: (event as { keyword?: string }).keyword ?? '',
              productLine: context.productLine,
            }),
            onDone: { target: 'idle', actions: assign({ products: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ products: [] }) },
          },
        },
      },
    },
    saving: {
      tags: 'busy',
      description:
        'One change sent as its command; a refusal (its field, the state) is shown and nothing changes.',
      invoke: {
        src: 'saveItem',
        input: ({ context, event }) => ({ opportunityId: context.opportunityId, change: changeOf(event) }),
        onDone: { target: 'loading', actions: assign({ error: undefined, products: [] }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
