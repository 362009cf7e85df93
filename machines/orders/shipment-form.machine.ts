import { assign, emit, fromPromise, setup } from 'xstate';
import type { OrderToShip, ShipmentRequest } from '../../services/shipment.service';
import { errorText } from '../kit/error-text';
import { everythingOpen, isShippable, rowsOf, type ShipRow, shipmentBody } from './shipment-form.rules';

export interface ShipmentFormInput {
  /** An order number the page was opened with (?orderNo=), read at once. */
  orderNo?: string;
}

export interface ShipmentFormContext {
  orderNo: string;
  order?: OrderToShip;
  rows: ShipRow[];
  company: string;
  trackingNo: string;
  /** The server's words when reading or shipping was refused; shown until the next attempt. */
  error?: string;
  /** Row problems are shown once a shipment was asked for, not while the first figures are typed. */
  checked: boolean;
  /** The FH number of the last shipment made on this form. */
  shipped?: string;
}

export type ShipmentFormEvent =
  | { type: 'order.load'; orderNo: string }
  | { type: 'row.quantity'; lineNo: number; value: string }
  | { type: 'row.serials'; lineNo: number; value: string }
  | { type: 'rows.everything' }
  | { type: 'logistics.change'; field: 'company' | 'trackingNo'; value: string }
  | { type: 'shipment.submit' };

export type ShipmentFormEmitted = { type: 'notify'; severity: 'success'; shipmentNo: string };

const setRow = (rows: ShipRow[], lineNo: number, patch: Partial<ShipRow>) =>
  rows.map((r) => (r.line.LineNo === lineNo ? { ...r, ...patch } : r));

/**
 * The ship form (notes §4.5): sales operations read an effective order by its number, choose how many
 * units of each open line go now with a serial number per unit, name the carrier and waybill, and
 * ship under one FH number; the order is read again, so what is still open shows, and the next part
 * can ship from the same form.
 */
export const shipmentFormMachine = setup({
  types: {
    context: {} as ShipmentFormContext,
    events: {} as ShipmentFormEvent,
    input: {} as ShipmentFormInput,
    emitted: {} as ShipmentFormEmitted,
    tags: {} as 'busy' | 'editable',
  },
  actors: {
    loadOrder: fromPromise<OrderToShip, string>(async () => {
      throw new Error('loadOrder is provided by shipment-form.actors.ts');
    }),
    ship: fromPromise<{ ShipmentNo: string }, ShipmentRequest>(async () => {
      throw new Error('ship is provided by shipment-form.actors.ts');
    }),
  },
  guards: {
    hasOrderNo: ({ context }) => Boolean(context.orderNo.trim()),
    isShippable: ({ context }) => Boolean(context.order) && isShippable(context.rows),
  },
  actions: {
    takeOrderNo: assign({
      orderNo: ({ event }) => (event as { orderNo: string }).orderNo.trim(),
      shipped: undefined,
    }),
  },
}).createMachine({
  id: 'shipmentForm',
  context: ({ input }) => ({
    orderNo: input.orderNo?.trim() ?? '',
    rows: [],
    company: '',
    trackingNo: '',
    checked: false,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasOrderNo', target: 'loading' }, { target: 'choosing' }] },
    choosing: {
      description: 'The order number is typed, then the order is read.',
      on: { 'order.load': { target: 'loading', actions: 'takeOrderNo' } },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadOrder',
        input: ({ context }) => context.orderNo,
        onDone: {
          target: 'editing',
          actions: assign({
            order: ({ event }) => event.output,
            rows: ({ event }) => rowsOf(event.output.Lines),
            error: undefined,
            checked: false,
          }),
        },
        onError: {
          target: 'choosing',
          description: 'Not found in the caller’s scope, not effective, or not the caller’s to ship.',
          actions: assign({ order: undefined, rows: [], error: ({ event }) => errorText(event.error) }),
        },
      },
    },
    editing: {
      tags: 'editable',
      description:
        'Per open line: how many units go now (never more than is open) and a serial number per unit of a product.',
      on: {
        'row.quantity': {
          actions: assign({
            rows: ({ context, event }) => setRow(context.rows, event.lineNo, { quantity: event.value }),
          }),
        },
        'row.serials': {
          actions: assign({
            rows: ({ context, event }) => setRow(context.rows, event.lineNo, { serials: event.value }),
          }),
        },
        'rows.everything': { actions: assign({ rows: ({ context }) => everythingOpen(context.rows) }) },
        'logistics.change': {
          actions: assign(({ event }) =>
            event.field === 'company' ? { company: event.value } : { trackingNo: event.value },
          ),
        },
        'order.load': { target: 'loading', actions: 'takeOrderNo' },
        'shipment.submit': [
          { guard: 'isShippable', target: 'shipping' },
          {
            description: 'Nothing chosen, or a row the server would refuse: the rows say why.',
            actions: assign({ checked: true }),
          },
        ],
      },
    },
    shipping: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'ship',
        input: ({ context }) =>
          shipmentBody(context.order!, context.rows, {
            company: context.company,
            trackingNo: context.trackingNo,
          }),
        onDone: {
          target: 'loading',
          description: 'Shipped: the order is read again with what is still open.',
          actions: [
            assign({ shipped: ({ event }) => event.output.ShipmentNo }),
            emit(({ event }) => ({
              type: 'notify' as const,
              severity: 'success' as const,
              shipmentNo: event.output.ShipmentNo,
            })),
          ],
        },
        onError: {
          target: 'editing',
          description: 'Refused (a serial shipped before, the order changed meanwhile): the reason stays.',
          actions: assign({ error: ({ event }) => errorText(event.error) }),
        },
      },
    },
  },
});
