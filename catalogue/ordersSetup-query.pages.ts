import { OrderChannel, OrderType } from '../domain/codes/orders.codes';
import { col, definePages, field, filter, workflowPanel } from './define';
import { agentDealField } from './ordersSetup.pages';
import type { ColumnDef, FieldDef, FilterDef } from './types';

/** The four independent status dimensions of an order (DOMAIN.md "Orders"), one dict column each. */
const statusColumns: ColumnDef[] = [
  // While the order is in approval, the role of the step it waits for names it ("Awaiting Finance", app.kit.awaitingRole).
  col.dict('ApprovalStatus', 'OrderApprovalStatus', { awaitingRole: 'ApproverRole' }),
  col.dict('PaymentStatus', 'PaymentStatus'),
  col.dict('DeliveryStatus', 'DeliveryStatus'),
  col.dict('InvoicingStatus', 'InvoicingStatus'),
];

/** Partner-line orders skip approval, so their lists show the other three dimensions. */
const partnerStatusColumns = statusColumns.slice(1);

const statusFilters: FilterDef[] = [
  filter.dict('PaymentStatus', 'PaymentStatus'),
  filter.dict('DeliveryStatus', 'DeliveryStatus'),
  filter.dict('InvoicingStatus', 'InvoicingStatus'),
];

const moneyFields: FieldDef[] = [
  field('OrderAmount', 'price'),
  field('PaidAmount', 'price'),
  field('UnpaidAmount', 'price'),
  field('InvoicedAmount', 'price'),
];

const statusFields: FieldDef[] = [
  field('ApprovalStatus', 'dict', { dict: 'OrderApprovalStatus' }),
  field('PaymentStatus', 'dict', { dict: 'PaymentStatus' }),
  field('DeliveryStatus', 'dict', { dict: 'DeliveryStatus' }),
  field('InvoicingStatus', 'dict', { dict: 'InvoicingStatus' }),
];

const receiverFields: FieldDef[] = [
  field('ReceiverName', 'text'),
  field('ReceiverPhone', 'text'),
  field('ReceiverAddress', 'text', { span: 2 }),
];

/**
 * SPEC §2 "Order management", order queries of both lines and their hidden record pages. Pages of one
 * line pass an initial filter on OrderChannel: partnerLine, the hardware partner's synced line, or ownLine.
 */
export const ordersSetupQueryPages = definePages('ordersSetup', {
  // Initial filter: OrderChannel.partnerLine and orders placed by general distributors.
  partnerDistributorOrders: {
    kind: 'list',
    path: '/ordersSetup/partner-distributor-orders',
    resource: 'order',
    fixed: { OrderChannel: OrderChannel.partnerLine },
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.partnerOrderDetail' }),
      col.text('PartnerOrderNo'),
      col.text('DistributorName'),
      col.text('EndUserName'),
      col.date('OrderDate', { sortable: true }),
      col.price('OrderAmount', { sortable: true }),
      col.price('PaidAmount'),
      ...partnerStatusColumns,
      col.dateTime('SynchTime'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.text('DistributorName', true),
      filter.dateRange('OrderDate', true),
      ...statusFilters,
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'PartnerDistributorOrderExport', mode: 'job' },
    sort: '-OrderDate',
  },
  // Initial filter: OrderChannel.partnerLine.
  syncedOrders: {
    kind: 'list',
    path: '/ordersSetup/synced-orders',
    resource: 'order',
    fixed: { OrderChannel: OrderChannel.partnerLine },
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.partnerOrderDetail' }),
      col.text('PartnerOrderNo'),
      col.text('AgentName'),
      col.text('EndUserName'),
      // Shown, not edited: a synced order is in effect from the pull on (the partner line skips
      // approval), and order entry changes only drafts, so no save of it here would be taken.
      col.text('OpportunityNo'),
      col.price('OrderAmount', { sortable: true }),
      col.date('OrderDate', { sortable: true }),
      ...partnerStatusColumns,
      col.dict('SynchState', 'SyncStatus'),
      col.dateTime('SynchTime'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.text('PartnerOrderNo', true),
      filter.dateRange('OrderDate', true),
      filter.picker('AgentName', 'customer'),
      filter.dict('SynchState', 'SyncStatus'),
      filter.dict('PaymentStatus', 'PaymentStatus'),
    ],
    toolbar: ['export', 'exportLog'],
    export: {
      configCode: 'orderItemExportExcelService',
      mode: 'job',
      forced: { extItemOrderChannel_SDK: OrderChannel.partnerLine },
    },
    sort: '-OrderDate',
  },
  // The orders entered on the self-built order form (`selfBuiltOrder`): own line, standard, and the form the
  // order records as its EntryPage. The RSP hardware form's standard orders, special-price, service and
  // loan-to-sale orders are not here; `ownLineOrders` lists every own-line order (docs/decisions.md).
  selfBuiltOrders: {
    kind: 'list',
    path: '/ordersSetup/self-built-orders',
    resource: 'order',
    fixed: {
      OrderChannel: OrderChannel.ownLine,
      OrderType: OrderType.standard,
      EntryPage: 'ordersSetup.selfBuiltOrder',
    },
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.ownLineOrderDetail' }),
      col.text('AgentName'),
      col.text('EndUserName'),
      col.text('ContractNo'),
      col.price('OrderAmount', { sortable: true }),
      col.date('OrderDate', { sortable: true }),
      ...statusColumns,
      col.person('cityManagerName', 'cityManagerCode'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.picker('AgentName', 'customer', true),
      filter.dict('ApprovalStatus', 'OrderApprovalStatus', true),
      filter.dateRange('OrderDate'),
    ],
    // New opens the self-built order form, not the first order form of the catalogue.
    editPage: 'ordersSetup.selfBuiltOrder',
    toolbar: ['create', 'export', 'batchDelete'],
    export: { configCode: 'SelfBuiltOrderExport', mode: 'job' },
    sort: '-OrderDate',
  },
  // Every own-line order (OrderChannel.ownLine), whichever form or conversion entered it.
  ownLineOrders: {
    kind: 'list',
    path: '/ordersSetup/own-line-orders',
    resource: 'order',
    fixed: { OrderChannel: OrderChannel.ownLine },
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.ownLineOrderDetail' }),
      col.dict('OrderType', 'OrderType'),
      col.text('AgentName'),
      col.text('EndUserName'),
      col.text('ExecutionOrderNo'),
      col.price('OrderAmount', { sortable: true }),
      col.date('OrderDate', { sortable: true }),
      ...statusColumns,
      col.dict('OrderStatus', 'OrderStatus'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.picker('AgentName', 'customer', true),
      filter.dateRange('OrderDate', true),
      filter.dict('ApprovalStatus', 'OrderApprovalStatus'),
      filter.dict('OrderStatus', 'OrderStatus'),
      filter.dict('OrderType', 'OrderType'),
    ],
    // A draft of any entry form is deleted here (`selfBuiltOrders` lists only the self-built form's).
    toolbar: ['export', 'exportLog', 'batchDelete'],
    export: { configCode: 'OwnLineOrderExport', mode: 'job' },
    sort: '-OrderDate',
  },
  // Own-line orders' approval (workflow orderApproval); the dashboard's to-do card opens it on what
  // awaits the caller (?AwaitingMe=1).
  approvalQuery: {
    kind: 'list',
    path: '/ordersSetup/approval-query',
    resource: 'order',
    fixed: { OrderChannel: OrderChannel.ownLine },
    inbox: 'orderApproval',
    columns: [
      col.text('OrderNo', { sortable: true, opens: 'ordersSetup.orderApproval' }),
      col.dict('OrderType', 'OrderType'),
      col.text('AgentName'),
      col.price('OrderAmount', { sortable: true }),
      col.dict('ApprovalStatus', 'OrderApprovalStatus', { awaitingRole: 'ApproverRole' }),
      col.text('ApprovalNode'),
      col.dict('ApproverRole', 'RoleCode'),
      col.dateTime('SubmittedOn'),
      col.dateTime('ApprovedOn'),
    ],
    filters: [
      filter.docNo('OrderNo', true),
      filter.dict('ApprovalStatus', 'OrderApprovalStatus', true),
      filter.picker('AgentName', 'customer'),
      filter.dict('OrderType', 'OrderType'),
    ],
    toolbar: ['refresh', 'export', 'exportLog'],
    export: { configCode: 'ApprovalQueryExport', mode: 'job' },
    sort: '-CreationOn',
  },
  partnerOrderDetail: {
    kind: 'detail',
    // The synced order's header and its lines, read-only (views/pages/orders).
    view: 'orderEntry',
    path: '/ordersSetup/partner-order-detail',
    hidden: true,
    parent: 'ordersSetup.syncedOrders',
    resource: 'order',
    fields: [
      field('OrderNo', 'text'),
      field('PartnerOrderNo', 'text'),
      field('OrderChannel', 'dict', { dict: 'OrderChannel' }),
      field('SynchState', 'dict', { dict: 'SyncStatus' }),
      field('SynchTime', 'dateTime'),
      agentDealField,
      field('AgentName', 'text', { picker: 'customer' }),
      field('SupplierName', 'text'),
      field('EndUserName', 'text'),
      field('ContractNo', 'text'),
      field('OrderDate', 'date'),
      ...moneyFields,
      ...statusFields.slice(1),
      ...receiverFields,
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  ownLineOrderDetail: {
    kind: 'detail',
    // The order's record page: its header and its lines (views/pages/orders).
    view: 'orderEntry',
    path: '/ordersSetup/own-line-order-detail',
    hidden: true,
    parent: 'ordersSetup.ownLineOrders',
    // Submitted orders are decided here too; a draft is submitted on its approval page.
    workflow: workflowPanel.decisions('orderApproval'),
    resource: 'order',
    fields: [
      field('OrderNo', 'text'),
      field('OrderType', 'dict', { dict: 'OrderType' }),
      field('OrderChannel', 'dict', { dict: 'OrderChannel' }),
      field('ExecutionOrderNo', 'text'),
      field('SpecialPriceNo', 'text'),
      field('AgentName', 'text', { picker: 'customer' }),
      field('SupplierName', 'text'),
      field('EndUserName', 'text'),
      field('ContractNo', 'text'),
      field('OrderDate', 'date'),
      field('RequiredDeliveryDate', 'date'),
      field('PaymentMethod', 'dict', { dict: 'PaymentMethod' }),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethod' }),
      field('SalesIndustry', 'dict', { dict: 'SalesIndustry' }),
      field('cityManagerName', 'person', { picker: 'employee' }),
      ...moneyFields,
      field('RebateDeduction', 'price'),
      field('CashDiscountAmount', 'price'),
      field('PayableAmount', 'price'),
      ...statusFields,
      field('OrderStatus', 'dict', { dict: 'OrderStatus' }),
      ...receiverFields,
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  // The approval screen (views/pages/orders/approval-page.tsx): the order's header, lines and credit,
  // its chain and history, and the decisions the caller may take; a draft is submitted from here.
  orderApproval: {
    kind: 'custom',
    view: 'orderApproval',
    path: '/ordersSetup/order-approval',
    hidden: true,
    parent: 'ordersSetup.approvalQuery',
    resource: 'order',
  },
});
