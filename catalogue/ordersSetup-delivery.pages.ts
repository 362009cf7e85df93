import { OrderChannel } from '../domain/codes/orders.codes';
import { SHIPPERS } from '../domain/shipments';
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

/**
 * Order-line report columns shared by both lines' reports, computed from the order lines, their
 * shipments, confirmed payments and invoiced applications (view order_item_report, docs/reports.md).
 */
const itemReportColumns: ColumnDef[] = [
  col.text('OrderNo', { sortable: true }),
  col.date('OrderDate', { sortable: true }),
  // Effective, or being changed: the orders in force, each once (the current revision).
  col.dict('ApprovalStatus', 'OrderApprovalStatus'),
  col.text('AgentName'),
  col.text('EndUserName'),
  col.text('ProvinceName'),
  col.text('ProductCode'),
  col.text('ProductModel'),
  col.number('Quantity'),
  col.price('UnitPrice'),
  col.price('LineAmount', { sortable: true }),
  col.number('ShippedQuantity'),
  col.price('PaidAmount'),
  col.price('InvoicedAmount'),
  col.dict('ItemPaymentStatus', 'ItemPaymentStatus'),
];

/**
 * SPEC §2 "Order management": order-line shipments, delivery confirmation, order reports and the partner's
 * raw order data.
 */
export const ordersSetupDeliveryPages = definePages('ordersSetup', {
  // Shipments per order line; initial filter: OrderChannel.ownLine.
  ownLineShipment: {
    kind: 'list',
    path: '/ordersSetup/own-line-shipment',
    resource: 'shipment',
    fixed: { OrderChannel: OrderChannel.ownLine },
    columns: [
      col.text('ShipmentNo', { sortable: true, opens: 'ordersSetup.lineShipmentInfo' }),
      col.text('OrderNo'),
      col.number('LineNo'),
      col.text('ProductCode'),
      col.text('ProductModel'),
      col.number('OrderedQuantity'),
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
    // The shipment row with its receipt: confirmed or reported by the agent (views/pages/orders).
    view: 'shipmentInfo',
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
      field('OrderedQuantity', 'number'),
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
      field('AutoConfirmed', 'boolean'),
      field('SerialNumbers', 'longText', { span: 2 }),
      field('ExceptionNote', 'longText', { span: 2 }),
      field('ResolutionNote', 'longText', { span: 2 }),
    ],
  },
  // Initial filter: OrderChannel.partnerLine.
  partnerDeliveryConfirm: {
    kind: 'list',
    path: '/ordersSetup/partner-delivery-confirm',
    resource: 'shipment',
    fixed: { OrderChannel: OrderChannel.partnerLine },
    columns: [
      col.text('ShipmentNo', { sortable: true, opens: 'ordersSetup.lineShipmentInfo' }),
      col.text('OrderNo'),
      col.text('PartnerOrderNo'),
      // Pulled from the partner (docs/partner-pull.md): its shipment and the instruction it shipped.
      col.text('PartnerShipmentNo'),
      col.text('ShippingInstructionNo'),
      // The partner's shipping instructions name a receiver but no delivery method.
      ...shipmentColumns.filter((c) => c.field !== 'DeliveryMethod'),
    ],
    filters: [...shipmentFilters, filter.text('ShippingInstructionNo')],
    toolbar: ['export'],
    export: { configCode: 'PartnerDeliveryConfirmExport', mode: 'job' },
    sort: '-ShipDate',
  },
  // Initial filter: OrderChannel.ownLine.
  ownLineDeliveryConfirm: {
    kind: 'list',
    path: '/ordersSetup/own-line-delivery-confirm',
    resource: 'shipment',
    fixed: { OrderChannel: OrderChannel.ownLine },
    columns: [
      col.text('ShipmentNo', { sortable: true, opens: 'ordersSetup.lineShipmentInfo' }),
      col.text('OrderNo'),
      ...shipmentColumns,
    ],
    filters: shipmentFilters,
    // New: the ship form below, for those who ship; the others read the shipments here.
    toolbar: ['create', 'export'],
    export: { configCode: 'OwnLineDeliveryConfirmExport', mode: 'job' },
    writtenBy: SHIPPERS,
    sort: '-ShipDate',
  },
  // Sales operations ship an effective order's open lines under one FH number, a serial number per
  // unit (views/pages/orders/ship-order-page.tsx); the order's delivery status follows.
  shipOrder: {
    titleKey: 'deliveries.pages.shipOrder',
    kind: 'edit',
    view: 'shipOrder',
    path: '/ordersSetup/ship-order',
    writtenBy: SHIPPERS,
    hidden: true,
    parent: 'ordersSetup.ownLineDeliveryConfirm',
    resource: 'shipment',
    fields: [
      field('OrderNo', 'text', { required: true }),
      field('LogisticsCompany', 'text'),
      field('TrackingNo', 'text'),
    ],
  },
  // Initial filter: OrderChannel.partnerLine.
  partnerOrderReport: {
    kind: 'list',
    path: '/ordersSetup/partner-order-report',
    resource: 'orderItem',
    fixed: { OrderChannel: OrderChannel.partnerLine },
    columns: itemReportColumns,
    filters: [
      filter.dateRange('OrderDate', true),
      filter.picker('AgentName', 'customer', true),
      filter.docNo('OrderNo'),
      filter.picker('ProvinceName', 'region'),
      filter.text('ProductModel'),
      filter.dict('ItemPaymentStatus', 'ItemPaymentStatus'),
      filter.dict('ApprovalStatus', 'OrderApprovalStatus'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'PartnerOrderItemReport', mode: 'job' },
    sort: '-OrderDate',
  },
  // Initial filter: OrderChannel.ownLine. SPEC §6's export screen "adds the customer name filter" for role
  // codes starting with JS002 or JS003: a filter the agent may fill (CustomerName, shown to every role
  // here), not a narrowing, so an agent's file holds the rows of its screen, its CCPs' included.
  ownLineOrderReport: {
    kind: 'list',
    path: '/ordersSetup/own-line-order-report',
    resource: 'orderItem',
    fixed: { OrderChannel: OrderChannel.ownLine },
    columns: itemReportColumns,
    filters: [
      filter.dateRange('OrderDate', true),
      filter.picker('AgentName', 'customer', true),
      filter.docNo('OrderNo'),
      filter.picker('ProvinceName', 'region'),
      filter.text('ProductModel'),
      filter.text('CustomerName'),
      filter.dict('ItemPaymentStatus', 'ItemPaymentStatus'),
      filter.dict('ApprovalStatus', 'OrderApprovalStatus'),
    ],
    toolbar: ['export', 'exportLog'],
    export: {
      configCode: 'UnisOrderItemReport',
      mode: 'job',
      forced: { extItemOrderChannel_SDK: OrderChannel.ownLine },
    },
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
      // Every line as the partner sent it: product and quantity.
      col.text('LineDetails'),
      col.date('OrderDate', { sortable: true }),
      col.dateTime('PullTime', { sortable: true }),
      col.dict('SynchState', 'SyncStatus'),
      col.text('ErrorMessage'),
      // The partner order as the partner sent it.
      col.text('RawPayload'),
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
