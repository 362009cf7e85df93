import { type CodeOf, defineCodes } from './code';

/** Loan orders: statuses, returns, inspection, write-off, loan types and return reasons. */

export const LoanStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  inApproval: ['111', '审批中', 'In approval'],
  toShip: ['121', '待出库', 'To ship'],
  onLoan: ['131', '在借', 'On loan'],
  overdue: ['141', '已逾期', 'Overdue'],
  partlyReturned: ['151', '部分归还/转销', 'Partly returned/converted'],
  toWriteOff: ['161', '待核销', 'To write off'],
  writtenOff: ['171', '已核销', 'Written off'],
  rejected: ['181', '已驳回', 'Rejected'],
  withdrawn: ['191', '已撤回', 'Withdrawn'],
});
export type LoanStatus = CodeOf<typeof LoanStatus>;

export const LoanReturnStatus = defineCodes({
  toReturn: ['101', '待归还', 'To return'],
  inTransit: ['111', '运输中', 'In transit'],
  toInspect: ['121', '待检验', 'To inspect'],
  restocked: ['131', '已入库', 'Restocked'],
  inspectionFailed: ['141', '检验异常', 'Inspection failed'],
});
export type LoanReturnStatus = CodeOf<typeof LoanReturnStatus>;

export const InspectionResult = defineCodes({
  goodRestocked: ['101', '完好入库', 'Good, restocked'],
  damagedScrapped: ['111', '损坏报损', 'Damaged, scrapped'],
  compensationDue: ['121', '需赔偿', 'Compensation due'],
});
export type InspectionResult = CodeOf<typeof InspectionResult>;

export const VerificationMethod = defineCodes({
  return: ['101', '归还', 'Return'],
  convertedToSale: ['111', '借转销', 'Converted to sale'],
  compensation: ['121', '赔偿', 'Compensation'],
  scrapped: ['131', '报损', 'Scrapped'],
});
export type VerificationMethod = CodeOf<typeof VerificationMethod>;

export const LoanVerificationStatus = defineCodes({
  toWriteOff: ['101', '待核销', 'To write off'],
  partlyWrittenOff: ['111', '部分核销', 'Partly written off'],
  writtenOff: ['121', '已核销', 'Written off'],
});
export type LoanVerificationStatus = CodeOf<typeof LoanVerificationStatus>;

export const LoanType = defineCodes({
  test: ['101', '测试借货', 'Test (POC)'],
  demo: ['111', '展示借货', 'Demo'],
  sales: ['121', '销售借货', 'Sales loan'],
  distributor: ['131', '总代借货', 'Distributor loan'],
});
export type LoanType = CodeOf<typeof LoanType>;

export const ReturnReason = defineCodes({
  testFinished: ['101', '测试结束', 'Test finished'],
  bidLost: ['111', '项目未中标', 'Bid lost'],
  demoFinished: ['121', '展示结束', 'Demo finished'],
  faulty: ['131', '设备故障', 'Faulty'],
  other: ['141', '其他', 'Other'],
});
export type ReturnReason = CodeOf<typeof ReturnReason>;
