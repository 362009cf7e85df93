import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { receiptAllocationMachine } from '../../machines/payments/receipt-allocation.machine';
import {
  allocationLines,
  fillOldest,
  freeFen,
  typedTotal,
} from '../../machines/payments/receipt-allocation.rules';
import type { OpenOrder, ReceiptOpenOrders } from '../../services/receipt-allocation.service';

const order = (OrderNo: string, OutstandingAmount: string): OpenOrder => ({
  OrderID: OrderNo,
  OrderNo,
  OrderDate: '2026-11-01',
  OrderAmount: OutstandingAmount,
  PaidAmount: '0.00',
  OnThisReceipt: '0.00',
  OutstandingAmount,
});
const receipt: ReceiptOpenOrders = {
  ObjectID: 'r1',
  Version: 3,
  PaymentAmount: '1000.00',
  AllocatedAmount: '100.00',
  Orders: [order('DD1', '500.00'), order('DD2', '300.50'), order('DD3', '400.00')],
};

describe('allocating one receipt to several orders', () => {
  it('fills the oldest orders first, each up to what it owes, until the receipt is spent', () => {
    const free = freeFen(receipt.PaymentAmount, receipt.AllocatedAmount);
    expect(free).toBe(90_000);
    expect(fillOldest(receipt.Orders, free)).toEqual({ DD1: '500.00', DD2: '300.50', DD3: '99.50' });
    expect(typedTotal({ DD1: '1.005' })).toBeUndefined();
    expect(typedTotal({ DD1: '-1' })).toBeUndefined();
    expect(allocationLines({ DD1: '10', DD2: '0', DD3: '' })).toEqual([
      { OrderNo: 'DD1', AllocatedAmount: '10.00' },
    ]);
  });

  it('saves only what fits the receipt, on the version it read, then reads the orders again', async () => {
    const saved: unknown[] = [];
    let reads = 0;
    const actor = createActor(
      receiptAllocationMachine.provide({
        actors: {
          loadOrders: fromPromise(async () => {
            reads += 1;
            return receipt;
          }),
          saveAllocation: fromPromise(async ({ input }) => {
            saved.push(input);
            return {};
          }),
        },
      }),
      { input: { objectId: 'r1' } },
    ).start();
    const allocated: string[] = [];
    actor.on('allocated', (e) => allocated.push(e.type));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'amount.change', orderNo: 'DD1', value: '900.01' });
    expect(actor.getSnapshot().can({ type: 'allocation.save' })).toBe(false);
    actor.send({ type: 'fill.oldest' });
    actor.send({ type: 'allocation.save' });
    await waitFor(actor, (s) => s.matches('editing') && reads === 2);
    expect(saved).toEqual([
      {
        ObjectID: 'r1',
        Version: 3,
        Lines: [
          { OrderNo: 'DD1', AllocatedAmount: '500.00' },
          { OrderNo: 'DD2', AllocatedAmount: '300.50' },
          { OrderNo: 'DD3', AllocatedAmount: '99.50' },
        ],
      },
    ]);
    expect(allocated).toEqual(['allocated']);
    expect(actor.getSnapshot().context.amounts).toEqual({});
  });
});
