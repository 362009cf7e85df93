import { request } from './http.service';

/** An order's delivery information as its record page reads it. */
export interface DeliveryInfo {
  ObjectID: string;
  Version: number;
  OrderNo: string;
  ConfirmStatus: string;
  /** The order's delivery status: the information is settled once nothing is left to ship. */
  DeliveryStatus: string;
}

/** One of the agent's delivery addresses, the region spelled out. */
export interface DeliveryAddress {
  ObjectID: string;
  ReceiverName: string;
  ReceiverPhone: string;
  Address: string;
  IsDefault: boolean;
}

export const fetchDeliveryInfo = (objectId: string) =>
  request<DeliveryInfo[]>('/deliveryInfo/getOne', { ObjectID: objectId }, { silent: true }).then((r) => r[0]);

export const fetchDeliveryAddresses = (objectId: string) =>
  request<DeliveryAddress[]>('/deliveryInfo/addresses', { ObjectID: objectId }, { silent: true });

/** Takes one of the agent's delivery addresses as the order's receiver (to be confirmed again). */
export const takeDeliveryAddress = (objectId: string, version: number, addressId: string) =>
  request<DeliveryInfo>(
    '/deliveryInfo/update',
    { ObjectID: objectId, Version: version, AddressID: addressId },
    { silent: true },
  );

/** Confirms the delivery information as it stands. */
export const confirmDeliveryInfo = (objectId: string, version: number) =>
  request<DeliveryInfo>('/deliveryInfo/confirm', { ObjectID: objectId, Version: version }, { silent: true });
