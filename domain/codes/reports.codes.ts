import { type CodeOf, defineCodes } from './code';

/** Distributor reports (SPEC §3 "RSPShipment", "ShipmentChangeApprove"): shipments, report states, reviews. */

export const RSPShipmentType = defineCodes({
  distribution: ['101', '分销出货', 'Distribution to CCP'],
  direct: ['111', '直销出货', 'Direct to end user'],
  transfer: ['121', '调拨出库', 'Transfer'],
  return: ['131', '退货冲减', 'Return'],
});
export type RSPShipmentType = CodeOf<typeof RSPShipmentType>;

export const RSPProductGroup = defineCodes({
  servers: ['101', '服务器', 'Servers'],
  storage: ['111', '存储', 'Storage'],
  desktops: ['121', '台式机', 'Desktops'],
  laptops: ['131', '笔记本', 'Laptops'],
  networking: ['141', '网络产品', 'Networking'],
});
export type RSPProductGroup = CodeOf<typeof RSPProductGroup>;

export const RSPProductModel = defineCodes({
  sr2200: ['101', 'SR2200 双路机架服务器', 'SR2200 dual-socket rack server'],
  st3000: ['111', 'ST3000 统一存储', 'ST3000 unified storage'],
  dt560: ['121', 'DT560 商用台式机', 'DT560 business desktop'],
  nb14Pro: ['131', 'NB14 Pro 商用笔记本', 'NB14 Pro business laptop'],
  sw3348p: ['141', 'SW3348P 千兆接入交换机', 'SW3348P gigabit access switch'],
});
export type RSPProductModel = CodeOf<typeof RSPProductModel>;

export const ShipmentChangeApproveNode = defineCodes({
  agentSubmission: ['101', '代理商提交', 'Agent submission'],
  cityManagerReview: ['111', '城市经理审核', 'City manager review'],
  provinceManagerReview: ['121', '省区经理审核', 'Province manager review'],
  salesOpsReview: ['131', '商务审核', 'Sales ops review'],
  approvalComplete: ['141', '审批完成', 'Approval complete'],
});
export type ShipmentChangeApproveNode = CodeOf<typeof ShipmentChangeApproveNode>;

export const ShipmentChangeDataStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  inApproval: ['111', '审批中', 'In approval'],
  approved: ['121', '已通过', 'Approved'],
  rejected: ['131', '已驳回', 'Rejected'],
  withdrawn: ['141', '已撤回', 'Withdrawn'],
  applied: ['151', '已生效', 'Applied'],
});
export type ShipmentChangeDataStatus = CodeOf<typeof ShipmentChangeDataStatus>;

export const ReportStatus = defineCodes({
  notReported: ['101', '未填报', 'Not reported'],
  draft: ['111', '草稿', 'Draft'],
  submitted: ['121', '已提交', 'Submitted'],
  approved: ['131', '审核通过', 'Approved'],
  returned: ['141', '退回修改', 'Returned'],
  overdue: ['151', '逾期未报', 'Overdue'],
  lateReport: ['161', '补报中', 'Late report in progress'],
});
export type ReportStatus = CodeOf<typeof ReportStatus>;

export const ReportType = defineCodes({
  purchases: ['101', '进货报表', 'Purchases'],
  sales: ['111', '销售报表', 'Sales'],
  stock: ['121', '库存报表', 'Stock'],
  shipments: ['131', '发货报表', 'Shipments'],
});
export type ReportType = CodeOf<typeof ReportType>;

export const LateReportStatus = defineCodes({
  inApproval: ['101', '待审批', 'Waiting for approval'],
  returned: ['111', '已退回', 'Returned'],
  approved: ['121', '已批准', 'Approved'],
  rejected: ['131', '已驳回', 'Rejected'],
  withdrawn: ['141', '已撤回', 'Withdrawn'],
});
export type LateReportStatus = CodeOf<typeof LateReportStatus>;

export const SalesCustomerType = defineCodes({
  downstreamAgent: ['101', '下级代理', 'Downstream agent'],
  endUser: ['111', '最终用户', 'End user'],
});
export type SalesCustomerType = CodeOf<typeof SalesCustomerType>;

export const OpinionType = defineCodes({
  dataError: ['101', '数据错误', 'Data error'],
  missingCustomerInfo: ['111', '缺少客户信息', 'Missing customer info'],
  serialMismatch: ['121', 'SN不符', 'Serial mismatch'],
  other: ['131', '其他', 'Other'],
});
export type OpinionType = CodeOf<typeof OpinionType>;

export const OpinionStatus = defineCodes({
  open: ['101', '待处理', 'Open'],
  replied: ['111', '已回复', 'Replied'],
  closed: ['121', '已关闭', 'Closed'],
});
export type OpinionStatus = CodeOf<typeof OpinionStatus>;

export const ReportChangeSource = defineCodes({
  edited: ['101', '页面修改', 'Edited'],
  importedAgain: ['111', '重新导入', 'Imported again'],
});
export type ReportChangeSource = CodeOf<typeof ReportChangeSource>;

export const ReconcileStatus = defineCodes({
  pending: ['101', '待核对', 'Pending'],
  matched: ['111', '一致', 'Matched'],
  difference: ['121', '存在差异', 'Difference'],
});
export type ReconcileStatus = CodeOf<typeof ReconcileStatus>;
