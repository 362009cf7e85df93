import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { OpenOrder } from '../../services/receipt-allocation.service';

/** Typed amounts by order number: what this save adds to each order. */
export type TypedAmounts = Record<string, string>;

const fenOf = (yuan: string) => {
  try {
    return yuanToFen(yuan.trim() || '0');
  } catch {
    return undefined;
  }
};

/** What the receipt has left to allocate before this save, in fen. */
export const freeFen = (paymentAmount: string, allocatedAmount: string) =>
  Math.max(0, (fenOf(paymentAmount) ?? 0) - (fenOf(allocatedAmount) ?? 0));

/**
 * The oldest orders first, each up to what it still owes, until the receipt's free amount is spent:
 * what a desk does by hand when an agent pays "for what is due".
 */
export function fillOldest(orders: OpenOrder[], free: number): TypedAmounts {
  const amounts: TypedAmounts = {};
  let left = free;
  for (const order of orders) {
    if (left <= 0) break;
    const take = Math.min(left, fenOf(order.OutstandingAmount) ?? 0);
    if (take <= 0) continue;
    amounts[order.OrderNo] = fenToYuanString(take);
    left -= take;
  }
  return amounts;
}

/** The sum of the typed amounts in fen, or undefined while one is not an amount (two decimals at most). */
export function typedTotal(amounts: TypedAmounts): number | undefined {
  let total = 0;
  for (const text of Object.values(amounts)) {
    const fen = fenOf(text);
    if (fen === undefined || fen < 0) return undefined;
    total += fen;
  }
  return total;
}

/** The lines a save sends: every order with an amount above zero. */
export const allocationLines = (amounts: TypedAmounts) =>
  Object.entries(amounts)
    .filter(([, text]) => (fenOf(text) ?? 0) > 0)
    .map(([OrderNo, text]) => ({ OrderNo, AllocatedAmount: fenToYuanString(fenOf(text) ?? 0) }));
