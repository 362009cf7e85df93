import { type CodeOf, defineCodes } from './code';

/** Orders (SPEC §3 "Order"): channel, type, statuses, delivery, approval nodes, changes, execution orders, services. */

// SPEC §4/§6: rows with 111 (partner line) lock a text cell; the exports force 101 or 111.
export const OrderChannel = defineCodes({
  ownLine: ['101', '自有品牌', 'Own line'],
  partnerLine: ['111', '合作品牌', 'Partner line'],
});
export type OrderChannel = CodeOf<typeof OrderChannel>;

export const OrderType = defineCodes({
  standard: ['101', '标准订单', 'Standard'],
  specialPrice: ['111', '特价订单(执行单)', 'Special-price order'],
  service: ['121', '服务订单', 'Service order'],
  loanToSale: ['131', '借转销订单', 'Loan-to-sale'],
  partnerSynced: ['141', '合作品牌同步订单', 'Partner synced'],
});
export type OrderType = CodeOf<typeof OrderType>;

export const OrderApprovalStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  awaitingReview: ['111', '审批中', 'In approval'],
  effective: ['121', '已生效', 'Effective'],
  rejected: ['131', '已驳回', 'Rejected'],
  cancelled: ['141', '已取消', 'Cancelled'],
  beingChanged: ['151', '变更中', 'Being changed'],
  superseded: ['161', '已变更（旧版本）', 'Superseded'],
  // Sent back by an approver with a reason: the applicant's to edit and submit again.
  returned: ['171', '已退回', 'Returned'],
});
export type OrderApprovalStatus = CodeOf<typeof OrderApprovalStatus>;

export const OrderStatus = defineCodes({
  inProgress: ['101', '执行中', 'In progress'],
  completed: ['111', '已完成', 'Completed'],
  closed: ['121', '已关闭', 'Closed'],
});
export type OrderStatus = CodeOf<typeof OrderStatus>;

export const DeliveryStatus = defineCodes({
  notShipped: ['101', '未发货', 'Not shipped'],
  partlyShipped: ['111', '部分发货', 'Partly shipped'],
  shipped: ['121', '已发货', 'Shipped'],
  received: ['131', '已签收', 'Received'],
});
export type DeliveryStatus = CodeOf<typeof DeliveryStatus>;

// Reconciled: baseManage logs proposed PROCESSING, ordersSetup PENDING; kept both for logs and orders.
export const SyncStatus = defineCodes({
  pending: ['PENDING', '待同步', 'Pending'],
  processing: ['PROCESSING', '同步中', 'Processing'],
  success: ['SUCCESS', '同步成功', 'Succeeded'],
  fail: ['FAIL', '同步失败', 'Failed'],
});
export type SyncStatus = CodeOf<typeof SyncStatus>;

export const DeliveryMethod = defineCodes({
  directFromVendor: ['101', '厂家直发', 'Direct from vendor'],
  viaGeneralDistributor: ['111', '总代发货', 'Via general distributor'],
  selfPickup: ['121', '自提', 'Self-pickup'],
});
export type DeliveryMethod = CodeOf<typeof DeliveryMethod>;

export const DeliveryMethodService = defineCodes({
  onSite: ['101', '现场服务', 'On-site'],
  remote: ['111', '远程服务', 'Remote'],
  electronicLicence: ['121', '电子授权交付', 'Electronic licence'],
});
export type DeliveryMethodService = CodeOf<typeof DeliveryMethodService>;

export const SalesIndustry = defineCodes({
  government: ['101', '政府', 'Government'],
  education: ['111', '教育', 'Education'],
  healthcare: ['121', '医疗', 'Healthcare'],
  finance: ['131', '金融', 'Finance'],
  energy: ['141', '能源', 'Energy'],
  telecomCarriers: ['151', '运营商', 'Telecom carriers'],
  enterprise: ['161', '企业', 'Enterprise'],
});
export type SalesIndustry = CodeOf<typeof SalesIndustry>;

export const Priority = defineCodes({
  normal: ['101', '普通', 'Normal'],
  urgent: ['111', '加急', 'Urgent'],
  critical: ['121', '特急', 'Critical'],
});
export type Priority = CodeOf<typeof Priority>;

export const AccountType = defineCodes({
  endCustomer: ['101', '最终客户', 'End customer'],
  channelAgent: ['111', '渠道代理商', 'Channel agent'],
  generalDistributor: ['121', '总代', 'General distributor'],
});
export type AccountType = CodeOf<typeof AccountType>;

export const ExecutionOrderStatus = defineCodes({
  toExecute: ['101', '待执行', 'To execute'],
  executing: ['111', '执行中', 'Executing'],
  executed: ['121', '已执行完毕', 'Executed'],
  closed: ['131', '已关闭', 'Closed'],
  // Past its validity with units not drawn: the nightly job's; no order draws on it any more.
  expired: ['141', '已过期', 'Expired'],
});
export type ExecutionOrderStatus = CodeOf<typeof ExecutionOrderStatus>;

export const ShipmentStatus = defineCodes({
  toShip: ['101', '待发货', 'To ship'],
  dispatched: ['111', '已出库', 'Dispatched'],
  inTransit: ['121', '运输中', 'In transit'],
  awaitingReceipt: ['131', '待签收', 'Awaiting receipt'],
  received: ['141', '已签收', 'Received'],
  receiptException: ['151', '签收异常', 'Receipt exception'],
  resolved: ['161', '已处理', 'Resolved'],
});
export type ShipmentStatus = CodeOf<typeof ShipmentStatus>;

export const DeliveryInfoStatus = defineCodes({
  toConfirm: ['101', '待确认', 'To confirm'],
  confirmed: ['111', '已确认', 'Confirmed'],
  modifiedToConfirm: ['121', '已修改待确认', 'Modified, to confirm'],
});
export type DeliveryInfoStatus = CodeOf<typeof DeliveryInfoStatus>;

export const OrderApprovalNode = defineCodes({
  salesOps: ['101', '商务审核', 'Sales ops'],
  cityManager: ['111', '城市经理', 'City manager'],
  provinceManager: ['121', '省区经理', 'Province manager'],
  regionDirector: ['131', '大区总监', 'Region director'],
  finance: ['141', '财务审核', 'Finance'],
});
export type OrderApprovalNode = CodeOf<typeof OrderApprovalNode>;

export const OrderChangeType = defineCodes({
  quantity: ['101', '数量变更', 'Quantity'],
  unitPrice: ['111', '单价变更', 'Unit price'],
  deliveryDate: ['121', '交期变更', 'Delivery date'],
  deliveryInfo: ['131', '收货信息变更', 'Delivery info'],
  invoiceInfo: ['141', '开票信息变更', 'Invoice info'],
  split: ['151', '订单拆分', 'Split'],
});
export type OrderChangeType = CodeOf<typeof OrderChangeType>;

export const OrderChangeStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  toConfirm: ['111', '待确认', 'To confirm'],
  toApprove: ['121', '待审批', 'To approve'],
  effective: ['131', '已生效', 'Effective'],
  refused: ['141', '已拒绝', 'Refused'],
  withdrawn: ['151', '已撤回', 'Withdrawn'],
});
export type OrderChangeStatus = CodeOf<typeof OrderChangeStatus>;

export const ExecutionOrderSalesChannel = defineCodes({
  generalDistributor: ['101', '总代', 'General distributor'],
  rsp: ['111', '省级代理(RSP)', 'Regional agent (RSP)'],
  ccp: ['121', '城市代理(CCP)', 'City agent (CCP)'],
  vendorDirect: ['131', '厂商直签', 'Vendor direct'],
});
export type ExecutionOrderSalesChannel = CodeOf<typeof ExecutionOrderSalesChannel>;

// Reconciled: took ordersSetup's service kinds; baseManage's quantity rules fit no order's ServiceType.
export const ConstraintServiceType = defineCodes({
  extendedWarranty: ['101', '延保服务', 'Extended warranty'],
  onSiteInstallation: ['111', '上门安装', 'On-site installation'],
  residentEngineer: ['121', '驻场服务', 'Resident engineer'],
});
export type ConstraintServiceType = CodeOf<typeof ConstraintServiceType>;

// Reconciled: the same 1/2/3-year keywords in both proposals, plus baseManage's 5-year option (131).
export const ExtendedWarrantyService = defineCodes({
  oneYear: ['101', '原厂延保1年', '1-year extension'],
  twoYears: ['111', '原厂延保2年', '2-year extension'],
  threeYears: ['121', '原厂延保3年', '3-year extension'],
  fiveYears: ['131', '原厂延保5年', '5-year extension'],
});
export type ExtendedWarrantyService = CodeOf<typeof ExtendedWarrantyService>;
