import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * Where shipments live (migration 025): one row per shipped order line, read by the line shipment,
 * delivery confirmation and line shipment info pages like every resource; and where the delivery
 * information confirmed before shipping is read.
 */
export const deliveryStorages = {
  shipment: {
    table: 'shipment',
    columns: {
      ShipmentNo: col('shipment_no'),
      OrderNo: col('order_no'),
      OrderChannel: col('order_channel'),
      AgentName: col('agent_name'),
      LineNo: col('line_no', 'integer'),
      ProductCode: col('product_code'),
      Quantity: col('quantity', 'integer'),
      LogisticsCompany: col('logistics_company'),
      TrackingNo: col('tracking_no'),
      ShipDate: col('ship_date', 'date'),
      ShipmentStatus: col('shipment_status'),
      SignedOn: col('signed_on', 'timestamptz'),
      AutoConfirmed: col('auto_confirmed', 'boolean'),
    },
    number: { field: 'ShipmentNo', prefix: NUMBER_PREFIX.shipment },
    defaultSort: '-CreationOn',
    keywordFields: ['ShipmentNo', 'OrderNo', 'AgentName', 'TrackingNo'],
  },
  // The delivery information of effective own-line orders (view delivery_info, migration 038): read
  // from the orders, written by its own commands onto them.
  deliveryInfo: {
    table: 'delivery_info',
    columns: {
      OrderNo: col('order_no'),
      AgentName: col('agent_name'),
      CustomerID: col('customer_id'),
      ReceiverCompany: col('receiver_company'),
      ReceiverName: col('receiver_name'),
      ReceiverPhone: col('receiver_phone'),
      ReceiverAddress: col('receiver_address'),
      RequiredDeliveryDate: col('required_delivery_date', 'date'),
      ConfirmStatus: col('confirm_status'),
      ConfirmedOn: col('confirmed_on', 'timestamptz'),
      DeliveryStatus: col('delivery_status'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['OrderNo', 'AgentName', 'ReceiverName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
