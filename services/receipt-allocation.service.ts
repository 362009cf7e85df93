import { request } from './http.service';
import type { WireRecord } from './resource.service';

/** An order a receipt may still pay (POST /payment/openOrders), oldest first. */
export interface OpenOrder {
  OrderID: string;
  OrderNo: string;
  OrderDate: string | null;
  OrderAmount: string;
  PaidAmount: string;
  OnThisReceipt: string;
  OutstandingAmount: string;
}

/** A receipt with what is allocated of it and the orders of its agent it may still pay. */
export interface ReceiptOpenOrders {
  ObjectID: string;
  Version: number;
  PaymentAmount: string;
  AllocatedAmount: string;
  Orders: OpenOrder[];
}

export const openOrdersOfReceipt = (objectId: string) =>
  request<ReceiptOpenOrders>('/payment/openOrders', { ObjectID: objectId }, { silent: true });

/** Adds the amounts on several orders to a receipt in one save (all or nothing), on the version seen. */
export const allocateReceipt = (body: {
  ObjectID: string;
  Version: number;
  Lines: { OrderNo: string; AllocatedAmount: string }[];
}) => request<WireRecord>('/payment/allocateOrders', body, { silent: true });
