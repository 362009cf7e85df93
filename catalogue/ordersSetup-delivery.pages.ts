import { col, definePages, field, filter } from './define';
import type { ColumnDef, FilterDef } from './types';

/** Columns of a delivery-confirmation list after the shipment and order numbers. */
const shipmentColumns: ColumnDef[] = [
  col.text('AgentName'),
  col.dict('DeliveryMethod', 'DeliveryMethod'),
  col.text('ReceiverName'),
  col.text('LogisticsCompany'),
  col.text('TrackingNo'),
  col.date('ShipDate', { sortable: true }),
  col.dict('ShipmentStatus', 'ShipmentStatus'),
  col.date('SignedOn'),
];

const shipmentFilters: FilterDef[] = [
  filter.docNo('OrderNo', true),
  filter.docNo('ShipmentNo', true),
  filter.dict('ShipmentStatus', 'ShipmentStatus', true),
  filter.dateRange('ShipDate'),
  filter.picker('AgentName', 'customer'),
];

/** Order-line report columns shared by both lines' reports. */
const itemReportColumns: ColumnDef[] = [
  col.text('OrderNo', { sortable: true }),
  col.date('OrderDate', { sortable: true }),
  col.text('AgentName'),
  col.text('EndUserName'),
  col.text('ProvinceName'),
  col.text('ProductCode'),
  col.text('ProductModel'),
  col.number('Quantity'),
  col.price('UnitPrice'),
  col.price('LineAmount'),
  col.number('ShippedQuantity'),
  col.dict('ItemPaymentStatus', 'ItemPaymentStatus'),
];

/**
 * SPEC §2 "Order management": order-line shipments, delivery confirmation, order reports and the partner's
 * raw order data.
 */
export const ordersSetupDeliveryPages = definePages('ordersSetup', {
  // Shipments per order line; initial filter: OrderChannel '101'.
  ownLineShipment: {
    kind: 'list',
    path: '/ordersSetup/own-line-shipment',
    resource: 'shipment',
    fixed: { OrderChannel: '101' },
    columns: [
      col.text('ShipmentNo', { sortable: true, opens: 'ordersSetup.lineShipmentInfo' }),
      col.text('OrderNo'),
      col.number('LineNo'),
      col.text('ProductCode'),
      col.text('ProductModel'),
      col.number('Quantity'),
      col.number('ShippedQuantity'),
      col.text('LogisticsCompany'),
      col.text('TrackingNo'),
      col.date('ShipDate', { sortable: true }),
      col.dict('ShipmentStatus', 'ShipmentStatus'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.docNo('ShipmentNo', true),
      filter.dateRange('ShipDate', true),
      filter.dict('ShipmentStatus', 'ShipmentStatus'),
      filter.text('ProductModel'),
    ],
    toolbar: ['export'],
    export: { configCode: 'OwnLineShipmentExport', mode: 'job' },
    sort: '-ShipDate',
  },
  lineShipmentInfo: {
    kind: 'detail',
    path: '/ordersSetup/line-shipment-info',
    hidden: true,
    parent: 'ordersSetup.ownLineShipment',
    resource: 'shipment',
    fields: [
      field('ShipmentNo', 'text'),
      field('OrderNo', 'text'),
      field('LineNo', 'number'),
      field('ProductCode', 'text'),
      field('ProductModel', 'text'),
      field('Quantity', 'number'),
      field('ShippedQuantity', 'number'),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethod' }),
      field('LogisticsCompany', 'text'),
      field('TrackingNo', 'text'),
      field('ShipDate', 'date'),
      field('ShipmentStatus', 'dict', { dict: 'ShipmentStatus' }),
      field('ReceiverName', 'text'),
      field('ReceiverPhone', 'text'),
      field('ReceiverAddress', 'text', { span: 2 }),
      field('SignedBy', 'text'),
      field('SignedOn', 'date'),
      field('SerialNumbers', 'longText', { span: 2 }),
      field('ExceptionNote', 'longText', { span: 2 }),
    ],
  },
  // Initial filter: OrderChannel '111'.
  partnerDeliveryConfirm: {
    kind: 'list',
    path: '/ordersSetup/partner-delivery-confirm',
    resource: 'shipment',
    fixed: { OrderChannel: '111' },
    columns: [
      col.text('ShipmentNo', { sortable: true }),
      col.text('OrderNo'),
      col.text('PartnerOrderNo'),
      ...shipmentColumns,
    ],
    filters: shipmentFilters,
    toolbar: ['export'],
    export: { configCode: 'PartnerDeliveryConfirmExport', mode: 'job' },
    sort: '-ShipDate',
  },
  // Initial filter: OrderChannel '101'.
  ownLineDeliveryConfirm: {
    kind: 'list',
    path: '/ordersSetup/own-line-delivery-confirm',
    resource: 'shipment',
    fixed: { OrderChannel: '101' },
    columns: [
      col.text('ShipmentNo', { sortable: true, opens: 'ordersSetup.lineShipmentInfo' }),
      col.text('OrderNo'),
      ...shipmentColumns,
    ],
    filters: shipmentFilters,
    toolbar: ['export'],
    export: { configCode: 'OwnLineDeliveryConfirmExport', mode: 'job' },
    sort: '-ShipDate',
  },
  // Initial filter: OrderChannel '111'.
  partnerOrderReport: {
    kind: 'list',
    path: '/ordersSetup/partner-order-report',
    resource: 'orderItem',
    fixed: { OrderChannel: '111' },
    columns: itemReportColumns,
    filters: [
      filter.dateRange('OrderDate', true),
      filter.picker('AgentName', 'customer', true),
      filter.docNo('OrderNo'),
      filter.picker('ProvinceName', 'region'),
      filter.text('ProductModel'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'PartnerOrderItemReport', mode: 'job' },
    sort: '-OrderDate',
  },
  // Initial filter: OrderChannel '101'. SPEC §6 adds the CustomerName filter only for role codes starting
  // with JS002 or JS003, so the view must hide it from other roles.
  ownLineOrderReport: {
    kind: 'list',
    path: '/ordersSetup/own-line-order-report',
    resource: 'orderItem',
    fixed: { OrderChannel: '101' },
    columns: itemReportColumns,
    filters: [
      filter.dateRange('OrderDate', true),
      filter.picker('AgentName', 'customer', true),
      filter.docNo('OrderNo'),
      filter.picker('ProvinceName', 'region'),
      filter.text('ProductModel'),
      filter.text('CustomerName'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'UnisOrderItemReport', mode: 'job', forced: { extItemOrderChannel_SDK: '101' } },
    sort: '-OrderDate',
  },
  partnerOriginalOrders: {
    kind: 'list',
    path: '/ordersSetup/partner-original-orders',
    resource: 'partnerOriginalOrder',
    columns: [
      col.text('PartnerOrderNo', { sortable: true }),
      col.text('PartnerCustomerCode'),
      col.text('PartnerCustomerName'),
      col.text('ProductCode'),
      col.text('ProductModel'),
      col.number('Quantity'),
      col.price('UnitPrice'),
      col.date('OrderDate', { sortable: true }),
      col.dateTime('PullTime', { sortable: true }),
      col.dict('SynchState', 'SyncStatus'),
      col.text('ErrorMessage'),
    ],
    filters: [
      filter.text('PartnerOrderNo', true),
      filter.dict('SynchState', 'SyncStatus', true),
      filter.dateRange('PullTime', true),
      filter.text('PartnerCustomerName'),
      filter.text('ProductModel'),
    ],
    toolbar: ['export', 'refresh'],
    export: { configCode: 'PartnerOriginalOrderExport', mode: 'job' },
    sort: '-PullTime',
  },
});
