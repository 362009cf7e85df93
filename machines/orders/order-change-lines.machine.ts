import { assign, emit, fromPromise, setup } from 'xstate';
import { OrderChangeStatus } from '../../domain/codes/orders.codes';
import type { OrderLineNow } from '../../services/order-change.service';
import { errorText } from '../kit/error-text';
import {
  addedRow,
  type ChangeEvent,
  type ChangeRow,
  changeLinesBody,
  type OrderProduct,
  type ProposedLine,
  rowsOfOrder,
  withoutRow,
} from './order-change-lines.rules';

export interface ChangeLinesInput {
  /** The saved change; none on a new change's form. */
  objectId?: string;
  /** The page edits (the edit page) rather than shows (the detail page). */
  editing: boolean;
}

interface LoadedChange {
  version: number;
  status: string;
  orderNo: string;
  rows: ChangeRow[];
  history: ChangeEvent[];
}

export interface ChangeLinesContext extends ChangeLinesInput {
  orderNo: string;
  rows: ChangeRow[];
  history: ChangeEvent[];
  version: number;
  status: string;
  /** The products the new-line picker offers for what was typed. */
  products: OrderProduct[];
  error?: string;
}

export type ChangeLinesEvent =
  | { type: 'order.load'; orderNo: string }
  | { type: 'row.quantity'; key: number; value: string }
  | { type: 'row.price'; key: number; value: string }
  | { type: 'row.remove'; key: number }
  | { type: 'row.restore'; key: number }
  | { type: 'products.search'; keyword: string }
  | { type: 'row.add'; product: OrderProduct }
  | { type: 'lines.save' }
  | { type: 'change.reload' };

const setRow = (rows: ChangeRow[], key: number, patch: Partial<ChangeRow>) =>
  rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
/** A draft (or returned) change, dictionary OrderChangeStatus. */
const DRAFT = OrderChangeStatus.draft;

/**
 * The lines of an order change (notes §4.6): a new change starts from the order's lines as they
 * stand; the side that asks edits quantities and prices (never below what is shipped: the server
 * says so), leaves lines out and adds new ones from the standard price list. A saved draft's lines are saved on their own; a submitted change
 * shows its lines and history read-only.
 */
export const changeLinesMachine = setup({
  types: {
    context: {} as ChangeLinesContext,
    events: {} as ChangeLinesEvent,
    input: {} as ChangeLinesInput,
    tags: {} as 'busy' | 'editable',
    emitted: {} as { type: 'saved' },
  },
  actors: {
    loadOrder: fromPromise<OrderLineNow[], string>(async () => []),
    loadChange: fromPromise<LoadedChange, string>(async () => ({
      version: 0,
      status: '',
      orderNo: '',
      rows: [],
      history: [],
    })),
    saveLines: fromPromise<unknown, { objectId: string; version: number; lines: ProposedLine[] }>(
      async () => undefined,
    ),
    searchProducts: fromPromise<OrderProduct[], string>(async () => []),
  },
  guards: {
    isNew: ({ context }) => !context.objectId,
    isEditableDraft: ({ context }) => context.editing && context.status === DRAFT,
    isSaved: ({ context }) => Boolean(context.objectId),
  },
}).createMachine({
  id: 'orderChangeLines',
  context: ({ input }) => ({
    ...input,
    orderNo: '',
    rows: [],
    history: [],
    version: 0,
    status: '',
    products: [],
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isNew', target: 'choosing' }, { target: 'loadingChange' }] },
    choosing: {
      description: 'A new change: the order number is typed in the form, then its lines are read.',
      on: {
        'order.load': { target: 'loadingOrder', actions: assign({ orderNo: ({ event }) => event.orderNo }) },
      },
    },
    loadingOrder: {
      tags: 'busy',
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => context.orderNo,
        onDone: {
          target: 'editing',
          actions: assign({ rows: ({ event }) => rowsOfOrder(event.output), error: undefined }),
        },
        onError: { target: 'choosing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadingChange: {
      tags: 'busy',
      invoke: {
        src: 'loadChange',
        input: ({ context }) => context.objectId ?? '',
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({ ...event.output, error: undefined })),
        },
        onError: { target: 'showing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: { always: [{ guard: 'isEditableDraft', target: 'editing' }, { target: 'showing' }] },
    editing: {
      tags: 'editable',
      on: {
        'row.quantity': {
          actions: assign({
            rows: ({ context, event }) => setRow(context.rows, event.key, { quantity: event.value }),
          }),
        },
        'row.price': {
          actions: assign({
            rows: ({ context, event }) => setRow(context.rows, event.key, { unitPrice: event.value }),
          }),
        },
        'row.remove': {
          description: 'An order line is left out (and can be restored); a line the change adds is dropped.',
          actions: assign({ rows: ({ context, event }) => withoutRow(context.rows, event.key) }),
        },
        'row.add': {
          description:
            'A new line: a product of the standard price list, one unit at the standard price unless another is typed (checked by the server as order entry checks it).',
          actions: assign({
            rows: ({ context, event }) => addedRow(context.rows, event.product),
            products: [],
          }),
        },
        'products.search': { target: '.searching', reenter: true },
        'row.restore': {
          actions: assign({
            rows: ({ context, event }) => setRow(context.rows, event.key, { removed: false }),
          }),
        },
        'order.load': { target: 'loadingOrder', actions: assign({ orderNo: ({ event }) => event.orderNo }) },
        'lines.save': { guard: 'isSaved', target: 'saving' },
        // A decision taken on the page's panel moves the change on: read it again.
        'change.reload': { guard: 'isSaved', target: 'loadingChange' },
      },
      initial: 'idle',
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
    saving: {
      tags: ['busy', 'editable'],
      invoke: {
        src: 'saveLines',
        input: ({ context }) => ({
          objectId: context.objectId ?? '',
          version: context.version,
          lines: changeLinesBody(context.rows),
        }),
        onDone: { target: 'loadingChange', actions: emit({ type: 'saved' as const }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    showing: {
      description: 'A submitted change (or the detail page): its lines and history as they are.',
      on: { 'change.reload': 'loadingChange' },
    },
  },
});

export type { LoadedChange };
