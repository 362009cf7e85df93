import type { Db } from '../db/database';
import { confirmedPaymentOf } from '../payments/payment-status';

/**
 * What finance confirmed paid on an order, in fen: the allocations to it of receipts finance confirmed
 * (server/payments), so a receipt still awaiting confirmation never releases a prepay agent's order.
 */
export const confirmedPaidFen = (db: Db, orderId: string): Promise<number> => confirmedPaymentOf(db, orderId);
