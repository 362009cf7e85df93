import type { DictionaryOption } from '../domain/dictionary';
import type { LineToShip } from '../domain/shipments';
import { request } from './http.service';

/** An effective order read for shipping, with the Version a shipment names. */
export interface OrderToShip {
  ObjectID: string;
  Version: number;
  OrderNo: string;
  AgentName: string | null;
  EndUserName: string | null;
  DeliveryStatus: string | null;
  DeliveryMethod: string | null;
  ReceiverName: string | null;
  ReceiverPhone: string | null;
  ReceiverAddress: string | null;
  Lines: LineToShip[];
  /** The labels of the dictionaries the form shows values of, in the reader's language. */
  dictionaries?: Record<string, DictionaryOption[]>;
}

export interface ShipmentRequest {
  ObjectID: string;
  Version: number;
  LogisticsCompany?: string;
  TrackingNo?: string;
  Lines: { LineNo: number; Quantity: number; SerialNumbers: string }[];
}

/** A line of a shipment (its FH number) as its record page lists them. */
export interface ShipmentLine {
  LineNo: number;
  ProductCode: string | null;
  ProductModel: string | null;
  Quantity: number;
  SerialNumbers: string | null;
}

/** A shipment row with what its receipt panel needs. */
export interface ShipmentRecord {
  ObjectID: string;
  Version: number;
  ShipmentNo: string;
  ShipmentStatus: string;
  AutoConfirmed?: boolean;
  AutoConfirmOn: string | null;
  MayConfirmReceipt: boolean;
  /** Sales operations may resolve a reported exception. */
  MayResolve: boolean;
  SignedBy?: string | null;
  SignedOn?: string | null;
  ExceptionNote?: string | null;
  ShipmentLines: ShipmentLine[];
}

/** An effective order's open lines, by its number, for those who ship. */
export const fetchOrderToShip = (orderNo: string) =>
  request<OrderToShip>('/shipment/orderToShip', { OrderNo: orderNo }, { silent: true });

/** Ships part or all of an order under one FH number. */
export const shipOrderLines = (body: ShipmentRequest) =>
  request<{ ShipmentNo: string }>('/shipment/ship', body, { silent: true });

/** One shipment row with its receipt facts. */
export const fetchShipment = (objectId: string) =>
  request<ShipmentRecord[]>('/shipment/getOne', { ObjectID: objectId }, { silent: true }).then(
    (rows) => rows[0],
  );

/** Confirms a shipment's receipt, or reports an exception when a note is given. */
export const answerShipmentReceipt = (objectId: string, version: number, exceptionNote?: string) =>
  request<ShipmentRecord>(
    '/shipment/confirmReceipt',
    { ObjectID: objectId, Version: version, ...(exceptionNote ? { ExceptionNote: exceptionNote } : {}) },
    { silent: true },
  );

/** Resolves a reported receipt exception with what was done. */
export const resolveShipmentException = (objectId: string, version: number, note: string) =>
  request<ShipmentRecord>(
    '/shipment/resolveException',
    { ObjectID: objectId, Version: version, ResolutionNote: note },
    { silent: true },
  );
