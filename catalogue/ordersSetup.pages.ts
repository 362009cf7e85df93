import { OrderApprovalStatus } from '../domain/codes/orders.codes';
import { col, definePages, field, filter, lockedWhile } from './define';
import type { FieldDef } from './types';

/** An order is entered while a draft or sent back to its applicant; from submission on, it changes only through an order change. */
const ORDER_LOCKS = [
  lockedWhile('ApprovalStatus', [
    OrderApprovalStatus.awaitingReview,
    OrderApprovalStatus.effective,
    OrderApprovalStatus.rejected,
    OrderApprovalStatus.cancelled,
    OrderApprovalStatus.beingChanged,
    OrderApprovalStatus.superseded,
  ]),
];

/** Receiving fields every order-entry form ends with. */
const receiverFields: FieldDef[] = [
  field('ReceiverName', 'text', { required: true }),
  field('ReceiverPhone', 'text', { required: true }),
  field('ReceiverAddress', 'text', { required: true, span: 2 }),
];

/**
 * Whose incentive the order counts toward: one of the city managers of the order's agent's city, so the
 * picker offers those the server accepts for the agent on the form (docs/decisions.md "Order entry").
 * The loan request form names a loan's by the same field and rule.
 */
export const cityManagerField = field('cityManagerName', 'person', {
  picker: 'cityManager',
  pickerSends: ['AgentName'],
});

/**
 * The deal an order (or a loan) names by its number (`OpportunityNo`): one of its agent's, whose
 * rebate and target credit it carries, so the picker offers the deals of the agent on the form that the
 * server accepts (server/opportunities/agent-deal.ts), not every deal the person sees.
 */
export const agentDealField = field('OpportunityNo', 'text', {
  picker: 'agentDeal',
  pickerSends: ['AgentName'],
});

/**
 * SPEC §2 "Order management", first group: execution orders, partner customers and the order-entry
 * forms. The entry forms are menu items (not hidden) that open an empty order; order lines are added
 * in the form's line table.
 */
export const ordersSetupPages = definePages('ordersSetup', {
  executionOrders: {
    kind: 'list',
    path: '/ordersSetup/execution-orders',
    resource: 'executionOrder',
    columns: [
      col.text('ExecutionOrderNo', { sortable: true, opens: 'ordersSetup.executionOrderDetail' }),
      col.text('OpportunityNo'),
      col.text('OpportunityName'),
      col.text('SpecialPriceNo'),
      col.text('AgentName'),
      col.text('EndUserName'),
      col.dict('SalesChannel', 'ExecutionOrderSalesChannel'),
      col.price('ExecutionAmount', { sortable: true }),
      col.price('ExecutedAmount'),
      col.dict('Status', 'ExecutionOrderStatus'),
      col.person('cityManagerName', 'cityManagerCode'),
      col.date('CreationOn', { sortable: true }),
    ],
    filters: [
      filter.docNo('ExecutionOrderNo', true),
      filter.text('OpportunityName', true),
      filter.dict('Status', 'ExecutionOrderStatus', true),
      filter.dict('SalesChannel', 'ExecutionOrderSalesChannel'),
      filter.picker('AgentName', 'customer'),
      filter.dateRange('CreationOn'),
    ],
    toolbar: ['export', 'exportLog'],
    export: { configCode: 'ExecutionOrderExport', mode: 'job' },
    sort: '-CreationOn',
  },
  // The header and, under it, the approved lines with what is left (views/pages/orders/execution-order-page.tsx).
  executionOrderDetail: {
    kind: 'detail',
    view: 'executionOrder',
    path: '/ordersSetup/execution-order-detail',
    hidden: true,
    parent: 'ordersSetup.executionOrders',
    resource: 'executionOrder',
    fields: [
      field('ExecutionOrderNo', 'text'),
      field('Status', 'dict', { dict: 'ExecutionOrderStatus' }),
      field('OpportunityNo', 'text', { picker: 'opportunity' }),
      field('OpportunityName', 'text'),
      field('SpecialPriceNo', 'text'),
      field('ProductLine', 'text'),
      field('AgentName', 'text', { picker: 'customer' }),
      field('EndUserName', 'text'),
      field('SalesChannel', 'dict', { dict: 'ExecutionOrderSalesChannel' }),
      field('cityManagerName', 'person', { picker: 'employee' }),
      field('ExecutionAmount', 'price'),
      field('ExecutedAmount', 'price'),
      field('RemainingAmount', 'price'),
      field('ValidUntil', 'date'),
      field('CreationOn', 'date'),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  partnerCustomers: {
    kind: 'list',
    path: '/ordersSetup/partner-customers',
    resource: 'partnerCustomer',
    columns: [
      col.text('PartnerCustomerCode', { sortable: true, opens: 'ordersSetup.partnerCustomerDetail' }),
      col.text('CustomerName'),
      col.text('CreditCode'),
      col.dict('AccountType', 'AccountType'),
      col.text('ProvinceName'),
      col.text('CityName'),
      col.dict('SalesIndustry', 'SalesIndustry'),
      col.text('AgentName'),
      col.dict('SynchState', 'SyncStatus'),
      col.dateTime('SynchTime', { sortable: true }),
    ],
    filters: [
      filter.text('CustomerName', true),
      filter.text('PartnerCustomerCode', true),
      filter.dict('AccountType', 'AccountType'),
      filter.picker('ProvinceName', 'region'),
      filter.dict('SynchState', 'SyncStatus'),
    ],
    toolbar: ['export'],
    export: { configCode: 'PartnerCustomerExport', mode: 'sync' },
    sort: '-SynchTime',
  },
  partnerCustomerDetail: {
    kind: 'detail',
    path: '/ordersSetup/partner-customer-detail',
    hidden: true,
    parent: 'ordersSetup.partnerCustomers',
    resource: 'partnerCustomer',
    fields: [
      field('PartnerCustomerCode', 'text'),
      field('CustomerName', 'text'),
      field('CreditCode', 'text'),
      field('AccountType', 'dict', { dict: 'AccountType' }),
      field('SalesIndustry', 'dict', { dict: 'SalesIndustry' }),
      field('AgentName', 'text', { picker: 'customer' }),
      field('ProvinceName', 'text'),
      field('CityName', 'text'),
      field('Address', 'text', { span: 2 }),
      field('ContactName', 'text'),
      field('ContactPhone', 'text'),
      field('SynchState', 'dict', { dict: 'SyncStatus' }),
      field('SynchTime', 'dateTime'),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  // Order from an approved special price: the execution order fixes lines and floor prices.
  specialAdd: {
    lockedWhile: ORDER_LOCKS,
    kind: 'edit',
    view: 'orderEntry',
    path: '/ordersSetup/special-add',
    resource: 'order',
    fields: [
      // The execution order names the opportunity and the special price; the server copies them.
      field('ExecutionOrderNo', 'text', { required: true }),
      field('OpportunityNo', 'text', { readOnly: true }),
      field('SpecialPriceNo', 'text', { readOnly: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('EndUserName', 'text', { required: true }),
      field('ContractNo', 'text', { required: true }),
      field('OrderDate', 'date', { required: true }),
      field('RequiredDeliveryDate', 'date'),
      field('PaymentMethod', 'dict', { dict: 'PaymentMethod', required: true }),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethod', required: true }),
      field('SalesIndustry', 'dict', { dict: 'SalesIndustry' }),
      field('Priority', 'dict', { dict: 'Priority' }),
      ...receiverFields,
      field('OrderAmount', 'price', { readOnly: true }),
      field('RebateDeduction', 'price'),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  selfBuiltOrder: {
    lockedWhile: ORDER_LOCKS,
    kind: 'edit',
    view: 'orderEntry',
    path: '/ordersSetup/self-built-order',
    resource: 'order',
    fields: [
      field('OrderNo', 'text', { readOnly: true }),
      field('OrderChannel', 'dict', { dict: 'OrderChannel', readOnly: true }),
      field('OrderType', 'dict', { dict: 'OrderType', required: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('SupplierName', 'text', { picker: 'customer' }),
      field('EndUserName', 'text', { required: true }),
      field('ContractNo', 'text'),
      field('OrderDate', 'date', { required: true }),
      field('RequiredDeliveryDate', 'date'),
      field('PaymentMethod', 'dict', { dict: 'PaymentMethod', required: true }),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethod', required: true }),
      field('SalesIndustry', 'dict', { dict: 'SalesIndustry' }),
      field('Priority', 'dict', { dict: 'Priority' }),
      cityManagerField,
      ...receiverFields,
      field('OrderAmount', 'price', { readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  rspHardwareOrderNew: {
    lockedWhile: ORDER_LOCKS,
    kind: 'edit',
    view: 'orderEntry',
    path: '/ordersSetup/rsp-hardware-order-new',
    resource: 'order',
    fields: [
      field('OrderNo', 'text', { readOnly: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      agentDealField,
      field('EndUserName', 'text', { required: true }),
      field('ProductLine', 'text', { required: true }),
      field('OrderDate', 'date', { required: true }),
      field('RequiredDeliveryDate', 'date'),
      field('PaymentMethod', 'dict', { dict: 'RspPaymentMethod', required: true }),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethod', required: true }),
      cityManagerField,
      ...receiverFields,
      field('OrderAmount', 'price', { readOnly: true }),
      field('RebateDeduction', 'price'),
      field('CashDiscountAmount', 'price', { readOnly: true }),
      field('PayableAmount', 'price', { readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
  serviceOrderNew: {
    lockedWhile: ORDER_LOCKS,
    kind: 'edit',
    view: 'orderEntry',
    path: '/ordersSetup/service-order-new',
    resource: 'order',
    fields: [
      field('OrderNo', 'text', { readOnly: true }),
      field('AgentName', 'text', { picker: 'customer', required: true }),
      field('EndUserName', 'text', { required: true }),
      field('RelatedOrderNo', 'text', { required: true }),
      field('ServiceType', 'dict', { dict: 'ConstraintServiceType', required: true }),
      field('WarrantyService', 'dict', { dict: 'ExtendedWarrantyService' }),
      field('ServiceStartDate', 'date', { required: true }),
      field('ServiceEndDate', 'date', { required: true }),
      field('PaymentMethod', 'dict', { dict: 'ServicePaymentMethod', required: true }),
      field('DeliveryMethod', 'dict', { dict: 'DeliveryMethodService', required: true }),
      field('ContactName', 'text', { required: true }),
      field('ContactPhone', 'text', { required: true }),
      field('OrderAmount', 'price', { readOnly: true }),
      field('Remark', 'longText', { span: 2 }),
    ],
  },
});
