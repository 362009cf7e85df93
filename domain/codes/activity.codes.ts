import { type CodeOf, defineCodes } from './code';

/** Sales activity: quarters, daily reports, visits. */

export const Quarter = defineCodes({
  q1: ['1', '第一季度', 'Q1'],
  q2: ['2', '第二季度', 'Q2'],
  q3: ['3', '第三季度', 'Q3'],
  q4: ['4', '第四季度', 'Q4'],
});
export type Quarter = CodeOf<typeof Quarter>;

export const DailyReportStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  submitted: ['111', '已提交', 'Submitted'],
  submittedLate: ['121', '迟交', 'Submitted late'],
  read: ['131', '已阅', 'Read'],
  reviewed: ['141', '已点评', 'Reviewed'],
  notSubmitted: ['151', '未提交', 'Not submitted'],
});
export type DailyReportStatus = CodeOf<typeof DailyReportStatus>;

export const VisitTargetType = defineCodes({
  endCustomer: ['101', '最终用户', 'End customer'],
  agent: ['111', '代理商', 'Agent'],
});
export type VisitTargetType = CodeOf<typeof VisitTargetType>;

export const VisitType = defineCodes({
  firstVisit: ['101', '首次拜访', 'First visit'],
  needsDiscussion: ['111', '需求沟通', 'Needs discussion'],
  solutionPresentation: ['121', '方案交流', 'Solution presentation'],
  technicalTest: ['131', '技术测试', 'Technical test'],
  commercialNegotiation: ['141', '商务谈判', 'Commercial negotiation'],
  paymentCollection: ['151', '回款催收', 'Payment collection'],
  relationshipUpkeep: ['161', '关系维护', 'Relationship upkeep'],
  jointVisitWithAgent: ['171', '陪同代理商', 'Joint visit with agent'],
});
export type VisitType = CodeOf<typeof VisitType>;

export const VisitStatus = defineCodes({
  planned: ['101', '已计划', 'Planned'],
  inProgress: ['111', '拜访中', 'In progress'],
  minutesDue: ['121', '待填写纪要', 'Minutes due'],
  completed: ['131', '已完成', 'Completed'],
  reviewed: ['141', '已点评', 'Reviewed'],
  cancelled: ['151', '已取消', 'Cancelled'],
  missed: ['161', '未执行', 'Missed'],
  abandoned: ['171', '中止', 'Abandoned'],
});
export type VisitStatus = CodeOf<typeof VisitStatus>;
