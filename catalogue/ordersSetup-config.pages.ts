import { DeliveryStatus } from '../domain/codes/orders.codes';
import { SHIPPERS } from '../domain/shipments';
import { col, definePages, field, filter, lockedWhile } from './define';

/**
 * An order's delivery information is settled once nothing is left to ship: the list's cells and the
 * record's panel offer no change then, and the server refuses one (409,
 * server/deliveries/delivery-info.service.ts reads this lock).
 */
export const DELIVERY_INFO_SETTLED = lockedWhile('DeliveryStatus', [
  DeliveryStatus.shipped,
  DeliveryStatus.received,
]);

/**
 * SPEC §2 "Order management": approval routing, delivery information, RSP cash discount and the service
 * order's controlled part numbers. These are edited in place (inline row editing); an approval band has
 * a form of its own too, as its chain is checked as a whole when it is saved.
 */
export const ordersSetupConfigPages = definePages('ordersSetup', {
  // One row per order type and amount band: the band covers amounts above its floor up to its
  // ceiling (none: no ceiling) and names the roles that approve, in order.
  orderApprovalConfig: {
    kind: 'list',
    path: '/ordersSetup/order-approval-config',
    resource: 'orderApprovalConfig',
    columns: [
      col.dict('OrderType', 'OrderType', { opens: 'ordersSetup.orderApprovalConfigDetail' }),
      col.price('MinAmount', { sortable: true }),
      col.price('MaxAmount'),
      col.dict('firstRole', 'RoleCode'),
      col.dict('secondRole', 'RoleCode'),
      col.dict('thirdRole', 'RoleCode'),
      col.dict('fourthRole', 'RoleCode'),
      col.boolean('Enabled', { editable: true }),
      col.text('ModifiedBy'),
      col.dateTime('ModifiedOn', { sortable: true }),
    ],
    filters: [filter.dict('OrderType', 'OrderType', true), filter.boolean('Enabled')],
    toolbar: ['create', 'batchDelete'],
    sort: 'MinAmount',
  },
  orderApprovalConfigDetail: {
    kind: 'edit',
    path: '/ordersSetup/order-approval-config-detail',
    hidden: true,
    parent: 'ordersSetup.orderApprovalConfig',
    resource: 'orderApprovalConfig',
    fields: [
      field('OrderType', 'dict', { dict: 'OrderType', required: true }),
      field('MinAmount', 'price', { required: true }),
      field('MaxAmount', 'price'),
      field('firstRole', 'dict', { dict: 'RoleCode', required: true }),
      field('secondRole', 'dict', { dict: 'RoleCode' }),
      field('thirdRole', 'dict', { dict: 'RoleCode' }),
      field('fourthRole', 'dict', { dict: 'RoleCode' }),
      field('Enabled', 'boolean'),
      field('Remark', 'longText', { span: 2 }),
      field('ModifiedBy', 'text', { readOnly: true }),
      field('ModifiedOn', 'dateTime', { readOnly: true }),
    ],
  },
  deliveryInfoConfirm: {
    kind: 'list',
    path: '/ordersSetup/delivery-info-confirm',
    resource: 'deliveryInfo',
    lockedWhile: [DELIVERY_INFO_SETTLED],
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.deliveryInfoDetail' }),
      col.text('AgentName'),
      col.text('ReceiverCompany', { editable: true }),
      col.text('ReceiverName', { editable: true }),
      col.text('ReceiverPhone', { editable: true }),
      col.text('ReceiverAddress', { editable: true, width: 240 }),
      col.date('RequiredDeliveryDate', { editable: true }),
      col.dict('ConfirmStatus', 'DeliveryInfoStatus'),
      // Why a row's cells are locked: everything of the order shipped.
      col.dict('DeliveryStatus', 'DeliveryStatus'),
      col.date('ConfirmedOn'),
      col.text('ModifiedBy'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.picker('AgentName', 'customer', true),
      filter.dict('ConfirmStatus', 'DeliveryInfoStatus', true),
      filter.dateRange('CreationOn'),
    ],
    toolbar: ['export'],
    export: { configCode: 'DeliveryInfoExport', mode: 'sync' },
    // The desk that ships confirms the receiver it ships to; finance and the managers read it here.
    writtenBy: SHIPPERS,
    sort: '-CreationOn',
  },
  // One order's delivery information: modified from the agent's delivery addresses (typed changes are
  // made in the list's row) and confirmed (views/pages/orders/delivery-info-page.tsx, docs/deliveries.md).
  deliveryInfoDetail: {
    titleKey: 'deliveries.pages.deliveryInfoDetail',
    kind: 'detail',
    view: 'deliveryInfo',
    path: '/ordersSetup/delivery-info-detail',
    hidden: true,
    parent: 'ordersSetup.deliveryInfoConfirm',
    resource: 'deliveryInfo',
    writtenBy: SHIPPERS,
    fields: [
      field('OrderNo', 'text'),
      field('AgentName', 'text'),
      field('ConfirmStatus', 'dict', { dict: 'DeliveryInfoStatus' }),
      field('ConfirmedOn', 'dateTime'),
      field('ReceiverCompany', 'text'),
      field('RequiredDeliveryDate', 'date'),
      field('ReceiverName', 'text'),
      field('ReceiverPhone', 'text'),
      field('ReceiverAddress', 'text', { span: 2 }),
      field('ModifiedBy', 'text'),
    ],
  },
  rspCashDiscountConfig: {
    kind: 'list',
    path: '/ordersSetup/rsp-cash-discount-config',
    resource: 'cashDiscountConfig',
    columns: [
      col.text('AgentName', { sortable: true }),
      col.text('ProvinceName'),
      col.dict('DiscountType', 'CashDiscountType'),
      col.percent('DiscountRate', { editable: true }),
      col.price('ThresholdAmount', { editable: true }),
      col.date('StartDate', { editable: true }),
      col.date('EndDate', { editable: true }),
      col.boolean('Enabled', { editable: true }),
      col.text('ModifiedBy'),
      col.date('ModifiedOn', { sortable: true }),
    ],
    filters: [
      filter.picker('AgentName', 'customer', true),
      filter.picker('ProvinceName', 'region', true),
      filter.dict('DiscountType', 'CashDiscountType'),
      filter.boolean('Enabled'),
    ],
    toolbar: ['create', 'export', 'batchDelete'],
    export: { configCode: 'RspCashDiscountConfigExport', mode: 'sync' },
    sort: '-ModifiedOn',
  },
  serviceControlledParts: {
    kind: 'list',
    path: '/ordersSetup/service-controlled-parts',
    resource: 'controlledPart',
    columns: [
      col.text('PartNumber', { sortable: true }),
      col.text('PartDescription', { width: 240 }),
      col.text('ProductLine'),
      col.text('ProductModel'),
      col.dict('ServiceType', 'ConstraintServiceType', { editable: true }),
      col.dict('WarrantyService', 'ExtendedWarrantyService', { editable: true }),
      col.boolean('Enabled', { editable: true }),
      col.text('Remark', { editable: true }),
      col.date('ModifiedOn', { sortable: true }),
    ],
    filters: [
      filter.text('PartNumber', true),
      filter.dict('ServiceType', 'ConstraintServiceType', true),
      filter.text('ProductModel'),
      filter.boolean('Enabled'),
    ],
    toolbar: ['create', 'import', 'export', 'batchDelete'],
    export: { configCode: 'ServiceControlledPartExport', mode: 'sync' },
    sort: 'PartNumber',
  },
});
