import type { DictionarySeed } from './dictionaries.seed';

/**
 * SPEC §3 "Order": order channel, payment status, item payment status, invoicing application status,
 * delivery method (and service variant), sales industry, order status, priority, payment methods
 * (general, RSP, service), sync status, account type; plus the execution-order, shipment, payment,
 * invoice, approval, change and loan lookups of the order pages.
 */
export const orderDictionaries: DictionarySeed[] = [
  // SPEC §4/§6: rows with 111 (partner line) lock a text cell; the exports force 101 or 111.
  ['OrderChannel', 'Order', '101', '自有品牌', 'Own line'],
  ['OrderChannel', 'Order', '111', '合作品牌', 'Partner line'],

  ['OrderType', 'Order', '101', '标准订单', 'Standard'],
  ['OrderType', 'Order', '111', '特价订单(执行单)', 'Special-price order'],
  ['OrderType', 'Order', '121', '服务订单', 'Service order'],
  ['OrderType', 'Order', '131', '借转销订单', 'Loan-to-sale'],
  ['OrderType', 'Order', '141', '合作品牌同步订单', 'Partner synced'],

  ['OrderApprovalStatus', 'Order', '101', '草稿', 'Draft'],
  ['OrderApprovalStatus', 'Order', '111', '待商务审核', 'Awaiting sales ops review'],
  ['OrderApprovalStatus', 'Order', '121', '已生效', 'Effective'],
  ['OrderApprovalStatus', 'Order', '131', '已驳回', 'Rejected'],
  ['OrderApprovalStatus', 'Order', '141', '已取消', 'Cancelled'],
  ['OrderApprovalStatus', 'Order', '151', '变更中', 'Being changed'],
  ['OrderApprovalStatus', 'Order', '161', '已变更（旧版本）', 'Superseded'],

  ['OrderStatus', 'Order', '101', '执行中', 'In progress'],
  ['OrderStatus', 'Order', '111', '已完成', 'Completed'],
  ['OrderStatus', 'Order', '121', '已关闭', 'Closed'],

  ['PaymentStatus', 'Order', '101', '未回款', 'Unpaid'],
  ['PaymentStatus', 'Order', '111', '部分回款', 'Partly paid'],
  ['PaymentStatus', 'Order', '121', '已回款', 'Paid'],
  ['PaymentStatus', 'Order', '131', '超额回款(转预收)', 'Overpaid (to prepayment)'],

  ['ItemPaymentStatus', 'Order', '101', '未回款', 'Unpaid'],
  ['ItemPaymentStatus', 'Order', '111', '部分回款', 'Partly paid'],
  ['ItemPaymentStatus', 'Order', '121', '已回款', 'Paid'],

  ['DeliveryStatus', 'Order', '101', '未发货', 'Not shipped'],
  ['DeliveryStatus', 'Order', '111', '部分发货', 'Partly shipped'],
  ['DeliveryStatus', 'Order', '121', '已发货', 'Shipped'],
  ['DeliveryStatus', 'Order', '131', '已签收', 'Received'],

  ['InvoicingStatus', 'Order', '101', '未开票', 'Not invoiced'],
  ['InvoicingStatus', 'Order', '111', '部分开票', 'Partly invoiced'],
  ['InvoicingStatus', 'Order', '121', '已开票', 'Invoiced'],
  ['InvoicingStatus', 'Order', '131', '已红冲', 'Reversed (red invoice)'],

  // Reconciled: baseManage logs proposed PROCESSING, ordersSetup PENDING; kept both for logs and orders.
  ['SyncStatus', 'Order', 'PENDING', '待同步', 'Pending'],
  ['SyncStatus', 'Order', 'PROCESSING', '同步中', 'Processing'],
  ['SyncStatus', 'Order', 'SUCCESS', '同步成功', 'Succeeded'],
  ['SyncStatus', 'Order', 'FAIL', '同步失败', 'Failed'],

  ['PaymentMethod', 'Order', '101', '电汇', 'Wire transfer'],
  ['PaymentMethod', 'Order', '111', '银行承兑汇票', 'Bank acceptance bill'],
  ['PaymentMethod', 'Order', '121', '网银转账', 'Online banking'],

  ['RspPaymentMethod', 'Order', '101', '先款后货', 'Pay before delivery'],
  ['RspPaymentMethod', 'Order', '111', '账期30天', 'Net 30'],
  ['RspPaymentMethod', 'Order', '121', '账期60天', 'Net 60'],

  ['ServicePaymentMethod', 'Order', '101', '一次性付款', 'One-off'],
  ['ServicePaymentMethod', 'Order', '111', '按年付款', 'Yearly'],
  ['ServicePaymentMethod', 'Order', '121', '按季度付款', 'Quarterly'],

  ['DeliveryMethod', 'Order', '101', '厂家直发', 'Direct from vendor'],
  ['DeliveryMethod', 'Order', '111', '总代发货', 'Via general distributor'],
  ['DeliveryMethod', 'Order', '121', '自提', 'Self-pickup'],

  ['DeliveryMethodService', 'Order', '101', '现场服务', 'On-site'],
  ['DeliveryMethodService', 'Order', '111', '远程服务', 'Remote'],
  ['DeliveryMethodService', 'Order', '121', '电子授权交付', 'Electronic licence'],

  ['SalesIndustry', 'Order', '101', '政府', 'Government'],
  ['SalesIndustry', 'Order', '111', '教育', 'Education'],
  ['SalesIndustry', 'Order', '121', '医疗', 'Healthcare'],
  ['SalesIndustry', 'Order', '131', '金融', 'Finance'],
  ['SalesIndustry', 'Order', '141', '能源', 'Energy'],
  ['SalesIndustry', 'Order', '151', '运营商', 'Telecom carriers'],
  ['SalesIndustry', 'Order', '161', '企业', 'Enterprise'],

  ['Priority', 'Order', '101', '普通', 'Normal'],
  ['Priority', 'Order', '111', '加急', 'Urgent'],
  ['Priority', 'Order', '121', '特急', 'Critical'],

  ['AccountType', 'Order', '101', '最终客户', 'End customer'],
  ['AccountType', 'Order', '111', '渠道代理商', 'Channel agent'],
  ['AccountType', 'Order', '121', '总代', 'General distributor'],

  ['ExecutionOrderStatus', 'Order', '101', '待执行', 'To execute'],
  ['ExecutionOrderStatus', 'Order', '111', '执行中', 'Executing'],
  ['ExecutionOrderStatus', 'Order', '121', '已执行完毕', 'Executed'],
  ['ExecutionOrderStatus', 'Order', '131', '已关闭', 'Closed'],

  ['ShipmentStatus', 'Order', '101', '待发货', 'To ship'],
  ['ShipmentStatus', 'Order', '111', '已出库', 'Dispatched'],
  ['ShipmentStatus', 'Order', '121', '运输中', 'In transit'],
  ['ShipmentStatus', 'Order', '131', '待签收', 'Awaiting receipt'],
  ['ShipmentStatus', 'Order', '141', '已签收', 'Received'],
  ['ShipmentStatus', 'Order', '151', '签收异常', 'Receipt exception'],
  ['ShipmentStatus', 'Order', '161', '已处理', 'Resolved'],

  ['DeliveryInfoStatus', 'Order', '101', '待确认', 'To confirm'],
  ['DeliveryInfoStatus', 'Order', '111', '已确认', 'Confirmed'],
  ['DeliveryInfoStatus', 'Order', '121', '已修改待确认', 'Modified, to confirm'],

  ['PaymentConfirmStatus', 'Order', '101', '待提交', 'To submit'],
  ['PaymentConfirmStatus', 'Order', '111', '待财务确认', 'Awaiting finance'],
  ['PaymentConfirmStatus', 'Order', '121', '已确认', 'Confirmed'],
  ['PaymentConfirmStatus', 'Order', '131', '已退回', 'Returned'],
  ['PaymentConfirmStatus', 'Order', '141', '已驳回', 'Rejected'],
  ['PaymentConfirmStatus', 'Order', '151', '部分核销', 'Partly allocated'],
  ['PaymentConfirmStatus', 'Order', '161', '已核销', 'Allocated'],

  ['InvoiceType', 'Order', '101', '增值税专用发票', 'VAT special invoice'],
  ['InvoiceType', 'Order', '111', '增值税普通发票', 'VAT general invoice'],
  ['InvoiceType', 'Order', '121', '数电专票', 'Digital special invoice'],
  ['InvoiceType', 'Order', '131', '数电普票', 'Digital general invoice'],

  ['InvoicingApplicationStatus', 'Order', '101', '草稿', 'Draft'],
  ['InvoicingApplicationStatus', 'Order', '111', '待审核', 'Pending review'],
  ['InvoicingApplicationStatus', 'Order', '121', '财务审核中', 'Finance review'],
  ['InvoicingApplicationStatus', 'Order', '131', '已开票', 'Invoiced'],
  ['InvoicingApplicationStatus', 'Order', '141', '已寄出', 'Sent'],
  ['InvoicingApplicationStatus', 'Order', '151', '已签收', 'Received'],
  ['InvoicingApplicationStatus', 'Order', '161', '已退回', 'Returned'],
  ['InvoicingApplicationStatus', 'Order', '171', '已驳回', 'Rejected'],
  ['InvoicingApplicationStatus', 'Order', '181', '红冲中', 'Reversing'],
  ['InvoicingApplicationStatus', 'Order', '191', '已红冲', 'Reversed'],

  ['OrderApprovalNode', 'Order', '101', '商务审核', 'Sales ops'],
  ['OrderApprovalNode', 'Order', '111', '城市经理', 'City manager'],
  ['OrderApprovalNode', 'Order', '121', '省区经理', 'Province manager'],
  ['OrderApprovalNode', 'Order', '131', '大区总监', 'Region director'],
  ['OrderApprovalNode', 'Order', '141', '财务审核', 'Finance'],

  ['CashDiscountType', 'Order', '101', '先款后货', 'Paid before delivery'],
  ['CashDiscountType', 'Order', '111', '开票后15天内回款', 'Paid within 15 days of invoice'],
  ['CashDiscountType', 'Order', '121', '不适用', 'Not applicable'],

  ['OrderChangeType', 'Order', '101', '数量变更', 'Quantity'],
  ['OrderChangeType', 'Order', '111', '单价变更', 'Unit price'],
  ['OrderChangeType', 'Order', '121', '交期变更', 'Delivery date'],
  ['OrderChangeType', 'Order', '131', '收货信息变更', 'Delivery info'],
  ['OrderChangeType', 'Order', '141', '开票信息变更', 'Invoice info'],
  ['OrderChangeType', 'Order', '151', '订单拆分', 'Split'],

  ['OrderChangeStatus', 'Order', '101', '草稿', 'Draft'],
  ['OrderChangeStatus', 'Order', '111', '待确认', 'To confirm'],
  ['OrderChangeStatus', 'Order', '121', '待审批', 'To approve'],
  ['OrderChangeStatus', 'Order', '131', '已生效', 'Effective'],
  ['OrderChangeStatus', 'Order', '141', '已拒绝', 'Refused'],
  ['OrderChangeStatus', 'Order', '151', '已撤回', 'Withdrawn'],

  ['LoanStatus', 'Order', '101', '草稿', 'Draft'],
  ['LoanStatus', 'Order', '111', '审批中', 'In approval'],
  ['LoanStatus', 'Order', '121', '待出库', 'To ship'],
  ['LoanStatus', 'Order', '131', '在借', 'On loan'],
  ['LoanStatus', 'Order', '141', '已逾期', 'Overdue'],
  ['LoanStatus', 'Order', '151', '部分归还/转销', 'Partly returned/converted'],
  ['LoanStatus', 'Order', '161', '待核销', 'To write off'],
  ['LoanStatus', 'Order', '171', '已核销', 'Written off'],
  ['LoanStatus', 'Order', '181', '已驳回', 'Rejected'],
  ['LoanStatus', 'Order', '191', '已撤回', 'Withdrawn'],

  ['LoanReturnStatus', 'Order', '101', '待归还', 'To return'],
  ['LoanReturnStatus', 'Order', '111', '运输中', 'In transit'],
  ['LoanReturnStatus', 'Order', '121', '待检验', 'To inspect'],
  ['LoanReturnStatus', 'Order', '131', '已入库', 'Restocked'],
  ['LoanReturnStatus', 'Order', '141', '检验异常', 'Inspection failed'],

  ['InspectionResult', 'Order', '101', '完好入库', 'Good, restocked'],
  ['InspectionResult', 'Order', '111', '损坏报损', 'Damaged, scrapped'],
  ['InspectionResult', 'Order', '121', '需赔偿', 'Compensation due'],

  ['VerificationMethod', 'Order', '101', '归还', 'Return'],
  ['VerificationMethod', 'Order', '111', '借转销', 'Converted to sale'],
  ['VerificationMethod', 'Order', '121', '赔偿', 'Compensation'],
  ['VerificationMethod', 'Order', '131', '报损', 'Scrapped'],

  ['LoanVerificationStatus', 'Order', '101', '待核销', 'To write off'],
  ['LoanVerificationStatus', 'Order', '111', '部分核销', 'Partly written off'],
  ['LoanVerificationStatus', 'Order', '121', '已核销', 'Written off'],
];
