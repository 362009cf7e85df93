import { assign, fromPromise, setup } from 'xstate';
import type { OrderProduct, SavedOrderLine } from '../../services/order-entry.service';
import { errorText } from '../kit/error-text';
import { type DraftLine, draftOf } from './order-lines.rules';

export interface OrderLinesInput {
  /** The saved order whose lines are shown; none on a new order's form, where lines are typed. */
  objectId?: string;
}

export interface OrderLinesContext {
  objectId?: string;
  lines: DraftLine[];
  nextKey: number;
  saved: SavedOrderLine[];
  products: OrderProduct[];
  error?: string;
  /** A saved order's lines were changed here: the next save sends them all. */
  dirty: boolean;
}

export type OrderLinesEvent =
  | { type: 'products.search'; keyword: string }
  | { type: 'line.add'; product: OrderProduct }
  | { type: 'line.remove'; key: number }
  | { type: 'line.quantity'; key: number; value: string }
  | { type: 'line.price'; key: number; value: string }
  | { type: 'lines.reload' }
  /** The saved order is a draft or returned, on a page that edits it: its lines become editable. */
  | { type: 'lines.edit' };

const setLine = (lines: DraftLine[], key: number, patch: Partial<DraftLine>) =>
  lines.map((line) => (line.key === key ? { ...line, ...patch } : line));

/**
 * The lines of an order form (DOMAIN.md Orders: an order is entered with its lines). A new order's
 * lines are typed here and sent with the header; a saved order's lines are read as the server priced
 * them, shown read-only with their total, and edited again while the order is a draft or returned
 * (sent whole with the header when changed).
 */
export const orderLinesMachine = setup({
  types: {
    context: {} as OrderLinesContext,
    events: {} as OrderLinesEvent,
    input: {} as OrderLinesInput,
    tags: {} as 'busy' | 'editable',
  },
  actors: {
    searchProducts: fromPromise<OrderProduct[], string>(async () => []),
    loadLines: fromPromise<SavedOrderLine[], string>(async () => []),
  },
  guards: {
    isNew: ({ context }) => !context.objectId,
  },
}).createMachine({
  id: 'orderLines',
  context: ({ input }) => ({
    objectId: input.objectId,
    lines: [],
    nextKey: 1,
    saved: [],
    products: [],
    dirty: false,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isNew', target: 'typing' }, { target: 'loading' }] },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadLines',
        input: ({ context }) => context.objectId ?? '',
        onDone: {
          target: 'showing',
          actions: assign({ saved: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'showing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    showing: {
      description:
        'A saved order: its lines as the server priced them; a submitted one is changed through its change process.',
      on: {
        'lines.reload': 'loading',
        'lines.edit': {
          target: 'typing',
          description:
            'A draft or returned order: its saved lines, each at its saved price, become typed lines.',
          actions: assign({
            lines: ({ context }) => context.saved.map((line, index) => draftOf(line, index + 1)),
            nextKey: ({ context }) => context.saved.length + 1,
          }),
        },
      },
    },
    typing: {
      tags: 'editable',
      description:
        'A new order, or a saved draft or returned one: products chosen from the standard price list, a whole quantity, a price only where it differs; the server prices every line again when the order is saved.',
      initial: 'idle',
      on: {
        // Every edit marks the lines changed, so a saved order's save sends them.
        'line.add': {
          actions: assign({
            lines: ({ context, event }) => [
              ...context.lines,
              { key: context.nextKey, product: event.product, quantity: '1', unitPrice: '' },
            ],
            nextKey: ({ context }) => context.nextKey + 1,
            dirty: true,
          }),
        },
        'line.remove': {
          actions: assign({
            lines: ({ context, event }) => context.lines.filter((l) => l.key !== event.key),
            dirty: true,
          }),
        },
        'line.quantity': {
          actions: assign({
            lines: ({ context, event }) => setLine(context.lines, event.key, { quantity: event.value }),
            dirty: true,
          }),
        },
        'line.price': {
          actions: assign({
            lines: ({ context, event }) => setLine(context.lines, event.key, { unitPrice: event.value }),
            dirty: true,
          }),
        },
        'products.search': { target: '.searching', reenter: true },
      },
      states: {
        idle: {},
        searching: {
          invoke: {
            src: 'searchProducts',
            input: ({ event }) => (event as { keyword?: string }).keyword ?? '',
            onDone: { target: 'idle', actions: assign({ products: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: assign({ products: [] }) },
          },
        },
      },
    },
  },
});
