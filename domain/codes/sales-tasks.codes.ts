import { type CodeOf, defineCodes, pickCodes } from './code';

/** Sales tasks and STI: approval, product lines, task types, indicators, packages, confirmations, STI levels. */

// The two incentive views of one STI table (salesTask cityManagerSti1/2 name them by fixed filter).
export const StiKind = defineCodes({
  sti1: ['1', 'STI_1（进货）', 'STI_1 (sell-in)'],
  sti2: ['2', 'STI_2（出货、回款、重点产品）', 'STI_2 (sell-out, collection, key products)'],
});
export type StiKind = CodeOf<typeof StiKind>;

// The two STI_2 reports of one view: per agent and per city manager (salesActivity sti2 pages).
export const ReportKind = defineCodes({
  agent: ['agent', '代理商', 'Agent'],
  city: ['city', '城市经理', 'City manager'],
});
export type ReportKind = CodeOf<typeof ReportKind>;

// SPEC §4: rows with 111 or 121 lock their editable cells.
export const TaskApprovalStatus = defineCodes({
  notSubmitted: ['101', '待提交', 'Not submitted'],
  inApproval: ['111', '审批中', 'In approval'],
  approved: ['121', '审批通过', 'Approved'],
  rejected: ['131', '已驳回', 'Rejected'],
  returned: ['141', '已退回', 'Returned'],
  // A target entered in error, voided by the province office with a reason before it went for approval.
  voided: ['151', '已作废', 'Voided'],
});
export type TaskApprovalStatus = CodeOf<typeof TaskApprovalStatus>;

export const TaskProductLine = defineCodes({
  servers: ['101', '服务器', 'Servers'],
  storage: ['111', '存储', 'Storage'],
  businessPcs: ['121', '商用PC', 'Business PCs'],
  networking: ['131', '网络产品', 'Networking'],
  services: ['141', '服务', 'Services'],
});
export type TaskProductLine = CodeOf<typeof TaskProductLine>;

// SPEC §6: the RSPApproval export forces 101, CityManagerApproval 111,121,131,141.
export const TaskType = defineCodes({
  rsp: ['101', 'RSP任务', 'RSP task'],
  cityManagerSellIn: ['111', '城市经理提货任务', 'City manager sell-in'],
  cityManagerSellOut: ['121', '城市经理出货任务', 'City manager sell-out'],
  cityManagerCollections: ['131', '城市经理回款任务', 'City manager collections'],
  cityManagerKeyProducts: ['141', '城市经理重点产品任务', 'City manager key products'],
});
export type TaskType = CodeOf<typeof TaskType>;

/** The task types a city manager's task may have: every type but the RSP's. */
export const CityManagerTaskType = pickCodes(TaskType, [
  'cityManagerSellIn',
  'cityManagerSellOut',
  'cityManagerCollections',
  'cityManagerKeyProducts',
]);

// Type two: the period a task covers.
export const TaskTypeTwo = defineCodes({
  annual: ['101', '年度任务', 'Annual task'],
  quarterly: ['111', '季度任务', 'Quarterly task'],
  monthly: ['121', '月度任务', 'Monthly task'],
});
export type TaskTypeTwo = CodeOf<typeof TaskTypeTwo>;

export const TaskIndicatorType = defineCodes({
  sellIn: ['101', '提货额', 'Sell-in'],
  sellOut: ['111', '出货额', 'Sell-out'],
  collections: ['121', '回款额', 'Collections'],
  keyProducts: ['131', '重点产品', 'Key products'],
});
export type TaskIndicatorType = CodeOf<typeof TaskIndicatorType>;

export const TaskPackageStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  split: ['111', '已分解', 'Split'],
  allocating: ['121', '分配中', 'Allocating'],
  awaitingAgents: ['131', '待代理商确认', 'Awaiting agents'],
  resolvingObjections: ['141', '异议处理', 'Resolving objections'],
  awaitingApproval: ['151', '待审批', 'Awaiting approval'],
  inEffect: ['161', '已生效', 'In effect'],
  adjusting: ['171', '调整中', 'Adjusting'],
  closed: ['181', '已关闭', 'Closed'],
  // A target set after its period began: HQ allows it or refuses it (docs/sales-tasks.md).
  lateReview: ['191', '补设待批准', 'Late target awaiting approval'],
  lateRefused: ['201', '补设未获批准', 'Late target refused'],
  voided: ['211', '已作废', 'Voided'],
});
export type TaskPackageStatus = CodeOf<typeof TaskPackageStatus>;

export const TaskConfirmStatus = defineCodes({
  pending: ['101', '待确认', 'Pending'],
  confirmed: ['111', '已确认', 'Confirmed'],
  objected: ['121', '有异议', 'Objected'],
  decided: ['131', '已裁定', 'Decided'],
  autoConfirmed: ['141', '超期自动确认', 'Auto-confirmed'],
});
export type TaskConfirmStatus = CodeOf<typeof TaskConfirmStatus>;

// Reconciled: both groups proposed the same four keywords; kept the wording that states each band's range.
export const StiLevel = defineCodes({
  belowThreshold: ['101', '未达门槛(<80%)', 'Below threshold (<80%)'],
  targetBand: ['111', '达标区间(80%–100%)', 'Target band (80–100%)'],
  accelerator: ['121', '超额加速(>100%)', 'Accelerator (>100%)'],
  capped: ['131', '封顶(150%)', 'Capped (150%)'],
});
export type StiLevel = CodeOf<typeof StiLevel>;

// Reconciled: both groups proposed one list (STI task views and STI_2 reports); seeded once.
export const StiStatus = defineCodes({
  calculating: ['101', '计算中', 'Calculating'],
  awaitingConfirmation: ['111', '待确认', 'Awaiting confirmation'],
  confirmed: ['121', '已确认', 'Confirmed'],
  posted: ['131', '已入账', 'Posted'],
  // An RSP's STI sent back with a reason, to be calculated again (machines/workflows/rsp-sti.workflow.ts).
  returned: ['141', '已退回', 'Returned'],
  // A city manager's quarter that is over and not calculated yet (machines/workflows/city-manager-sti.workflow.ts).
  awaitingCalculation: ['151', '待核算', 'Awaiting calculation'],
});
export type StiStatus = CodeOf<typeof StiStatus>;
