import { request } from './http.service';

/** A line of the order as it stands, with what is shipped of it: where a change starts. */
export interface OrderLineNow {
  LineNo: number;
  ProductCode: string;
  ProductName: string;
  Quantity: number;
  UnitPrice: string;
  ShippedQuantity: number;
}

/** A line a change proposes: the order line it changes (none for a new one), quantity and price. */
export interface ProposedLine {
  LineNo?: number;
  ProductCode: string;
  /** As the server keeps a proposed line: the product's name. */
  ProductName?: string;
  Quantity: number | string;
  UnitPrice?: string;
}

/** One step of a change's history. */
export interface ChangeEvent {
  Seq: number;
  Type: string;
  ActorName: string;
  Role: string;
  At: string;
  Reason: string | null;
}

export interface OrderChangeRecord {
  ObjectID: string;
  Version: number;
  OrderNo: string;
  ChangeStatus: string;
  Lines: ProposedLine[];
  History: ChangeEvent[];
}

/** The order's current lines (by its number, within the caller's scope). */
export const fetchOrderLinesNow = (orderNo: string) =>
  request<{ Order: Record<string, unknown>; Lines: OrderLineNow[] }>(
    '/orderChange/orderLines',
    { OrderNo: orderNo },
    { silent: true },
  );

/** A change with its proposed lines and history. */
export const fetchOrderChange = (objectId: string) =>
  request<OrderChangeRecord[]>('/orderChange/getOne', { ObjectID: objectId }, { silent: true }).then(
    (rows) => rows[0],
  );

/** Saves a draft change's lines on the version seen. */
export const saveChangeLines = (objectId: string, version: number, lines: ProposedLine[]) =>
  request<OrderChangeRecord>('/orderChange/update', { ObjectID: objectId, Version: version, Lines: lines });
