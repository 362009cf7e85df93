import { assign, emit, fromPromise, setup } from 'xstate';
import {
  allocateReceipt,
  openOrdersOfReceipt,
  type ReceiptOpenOrders,
} from '../../services/receipt-allocation.service';
import { errorText } from '../kit/error-text';
import {
  allocationLines,
  fillOldest,
  freeFen,
  type TypedAmounts,
  typedTotal,
} from './receipt-allocation.rules';

export interface ReceiptAllocationContext {
  objectId: string;
  receipt?: ReceiptOpenOrders;
  amounts: TypedAmounts;
  /** Why the orders could not be read, or why the last save was refused (the server's words). */
  error?: string;
}

export type ReceiptAllocationEvent =
  | { type: 'amount.change'; orderNo: string; value: string }
  | { type: 'fill.oldest' }
  | { type: 'amounts.clear' }
  | { type: 'allocation.save' }
  | { type: 'orders.reload' };

export type ReceiptAllocationEmitted = { type: 'allocated' };

/**
 * Allocating one receipt to several orders in one save (docs/order-approval.md): the receipt agent's
 * orders it may still pay, oldest first, an amount typed per order or filled oldest first up to what
 * the receipt has left, and one save the server takes whole or refuses naming the order.
 */
export const receiptAllocationMachine = setup({
  types: {
    context: {} as ReceiptAllocationContext,
    events: {} as ReceiptAllocationEvent,
    input: {} as { objectId: string },
    emitted: {} as ReceiptAllocationEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadOrders: fromPromise<ReceiptOpenOrders, string>(({ input }) => openOrdersOfReceipt(input)),
    saveAllocation: fromPromise<unknown, Parameters<typeof allocateReceipt>[0]>(({ input }) =>
      allocateReceipt(input),
    ),
  },
  guards: {
    // Something to save, every amount an amount, and no more than the receipt has left.
    allocationFits: ({ context }) => {
      const total = typedTotal(context.amounts);
      const free = context.receipt
        ? freeFen(context.receipt.PaymentAmount, context.receipt.AllocatedAmount)
        : 0;
      return total !== undefined && total > 0 && total <= free;
    },
  },
}).createMachine({
  id: 'receiptAllocation',
  context: ({ input }) => ({ objectId: input.objectId, amounts: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadOrders',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'editing',
          actions: assign({ receipt: ({ event }) => event.output, amounts: {}, error: undefined }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { 'orders.reload': 'loading' } },
    editing: {
      on: {
        'amount.change': {
          actions: assign({
            amounts: ({ context, event }) => ({ ...context.amounts, [event.orderNo]: event.value }),
            error: undefined,
          }),
        },
        'fill.oldest': {
          actions: assign({
            amounts: ({ context }) =>
              context.receipt
                ? fillOldest(
                    context.receipt.Orders,
                    freeFen(context.receipt.PaymentAmount, context.receipt.AllocatedAmount),
                  )
                : {},
            error: undefined,
          }),
        },
        'amounts.clear': { actions: assign({ amounts: {}, error: undefined }) },
        'allocation.save': { guard: 'allocationFits', target: 'saving' },
        'orders.reload': 'loading',
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        src: 'saveAllocation',
        input: ({ context }) => ({
          ObjectID: context.objectId,
          Version: context.receipt?.Version ?? 0,
          Lines: allocationLines(context.amounts),
        }),
        // Saved whole: the receipt and its orders are read again, and the page hears of it.
        onDone: { target: 'loading', actions: emit({ type: 'allocated' as const }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
