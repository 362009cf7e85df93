import type { ExecutionOrderLine } from '../domain/execution-order-lines';
import { request } from './http.service';
import type { WireRecord } from './resource.service';

/** A product an order line may take, with the standard price the server prices it at. */
export interface OrderProduct {
  ProductCode: string;
  ProductName: string;
  ProductModel?: string | null;
  StandardPrice: string;
}

/** A saved order line as the server priced it. */
export interface SavedOrderLine {
  ObjectID: string;
  LineNo: number;
  ProductCode: string;
  ProductName?: string | null;
  Quantity: number;
  StandardPrice: string;
  UnitPrice: string;
  LineAmount: string;
  ExecutionOrderNo?: string | null;
}

/** The products an entry form's line picker offers for a keyword (code, name or model). */
export const searchOrderProducts = (keyword: string) =>
  request<OrderProduct[]>('/order/products', { keyword }, { silent: true });

/** The lines of a saved order, read through the caller's scope. */
export const fetchOrderLines = (objectId: string) =>
  request<SavedOrderLine[]>('/order/lines', { ObjectID: objectId }, { silent: true });

/** The approved lines of an execution order, read through the caller's scope. */
export const fetchExecutionOrderLines = (objectId: string) =>
  request<ExecutionOrderLine[]>('/executionOrder/lines', { ObjectID: objectId }, { silent: true });

/**
 * Saves an entry form's order (entered anew, or a draft's or returned order's changes with its lines)
 * and submits it for approval, in one request: the order as saved, now in approval.
 */
export const saveAndSubmitOrder = (body: Record<string, unknown>) =>
  request<WireRecord>('/order/submit', body, { silent: true });

/** What an order may deduct from its agent's own-brand rebate, in yuan (server/orders/order-usable-rebate.ts). */
export interface UsableRebate {
  Brand: string;
  AvailableAmount: string;
  EligibleAmount: string;
  LimitAmount: string;
  UsableAmount: string;
}

/** The usable rebate of a saved order (`ObjectID`) or of one being entered (`AgentName`, `Lines`). */
export const fetchUsableRebate = (body: Record<string, unknown>) =>
  request<UsableRebate>('/order/usableRebate', body, { silent: true });
