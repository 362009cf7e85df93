import { activity } from './activity';
import { invoices } from './invoices';
import { letters } from './letters';
import { loans } from './loans';
import { opportunities } from './opportunities';
import { orderChanges } from './order-changes';
import { orderApproval } from './orders-approval';
import { payments } from './payments';
import { settlementMessages } from './rebate-settlement';
import { rebateMessages } from './rebates';
import { registration } from './registration';
import { reportReview } from './report-review';
import { reportStates } from './report-states';
import { salesTasks } from './sales-tasks';
import { sheetMessages } from './settlement-sheets';
import { specialPrices } from './special-prices';

/**
 * The decision panel and dialog of every declared workflow (views/kit/workflow-panel.tsx): a
 * workflow's own words under `…Of.<workflow>` come first, the shared ones after.
 */
export const decision = {
  title: '审批',
  titleOf: {
    reportOpinion: reportReview.decision.title,
    visit: activity.visit.title,
    dailyReport: activity.report.title,
    specialPrice: specialPrices.decision.title,
    commitmentLetter: letters.decision.title,
    salesTask: salesTasks.decision.title,
    rspTaskConfirmation: salesTasks.decision.confirmationTitle,
    rspStiReview: salesTasks.stiDecision.title,
    invoiceApproval: invoices.decision.title,
    loanOrder: loans.decision.title,
    agentReport: reportStates.decision.title,
    lateReportRequest: reportStates.lateDecision.title,
    paymentApproval: payments.decision.title,
    registration: '注册审批',
    opportunityRegistration: opportunities.decision.title,
    orderApproval: orderApproval.decision.title,
    orderChange: orderChanges.decision.title,
  },
  state: '当前状态',
  deciderPerson: '当前处理人',
  deciderRole: '当前处理角色',
  step: '第 {{n}} 步',
  stepsOf: { registration: { 0: '初审', 1: '资质审核', 2: '风控/财务审核' } },
  noOpenStream: '本条目前没有进行中的流程',
  nothingForYou: '当前步骤无需您处理',
  loadFailed: '审批信息加载失败：{{message}}',
  reload: '重新加载',
  refused: '操作未成功：{{message}}',
  done: '审批意见已提交',
  doneCommand: '已完成：{{command}}',
  doneOf: { sign: '协议已签署，代理商已开通', withdraw: '申请已撤回', forward: '已转交' },
  cancel: '取消',
  confirm: '确定',
  commands: {
    agree: '同意',
    reject: '驳回',
    return: '退回',
    forward: '转交',
    resubmit: '重新提交',
    withdraw: '撤回申请',
    submit: '提交',
    void: '作废',
    sign: '签署协议',
  },
  commandsOf: {
    reportOpinion: reportReview.decision.commands,
    visit: activity.visit.commands,
    dailyReport: activity.report.commands,
    specialPrice: specialPrices.decision.commands,
    commitmentLetter: letters.decision.commands,
    salesTask: salesTasks.decision.commands,
    rspTaskConfirmation: salesTasks.decision.confirmationCommands,
    rspStiReview: salesTasks.stiDecision.commands,
    invoiceApproval: invoices.decision.commands,
    loanOrder: loans.decision.commands,
    agentReport: reportStates.decision.commands,
    lateReportRequest: reportStates.lateDecision.commands,
    paymentApproval: payments.decision.commands,
    rebatePolicy: rebateMessages.policy.commands,
    rebateSettlement: settlementMessages.commands,
    settlementSheet: sheetMessages.commands,
    registration: { agree: '同意', return: '退回补充资料', sign: '签署协议并开通' },
    opportunityRegistration: opportunities.decision.commands,
    orderApproval: orderApproval.decision.commands,
    orderChange: orderChanges.decision.commands,
  },
  states: {
    draft: '草稿',
    inApproval: '审批中',
    returned: '已退回',
    approved: '已通过',
    rejected: '已驳回',
    withdrawn: '已撤回',
    void: '已作废',
  },
  // A registration's states read the same here as on the applicant's progress page.
  statesOf: {
    reportOpinion: reportReview.decision.states,
    visit: activity.visit.states,
    dailyReport: activity.report.states,
    specialPrice: specialPrices.decision.states,
    commitmentLetter: letters.decision.states,
    salesTask: salesTasks.decision.states,
    rspTaskConfirmation: salesTasks.decision.confirmationStates,
    rspStiReview: salesTasks.stiDecision.states,
    invoiceApproval: invoices.decision.states,
    loanOrder: loans.decision.states,
    agentReport: reportStates.decision.states,
    lateReportRequest: reportStates.lateDecision.states,
    rebatePolicy: rebateMessages.policy.states,
    rebateSettlement: settlementMessages.states,
    settlementSheet: sheetMessages.states,
    registration: registration.states,
    opportunityRegistration: opportunities.decision.states,
    orderApproval: orderApproval.decision.states,
    orderChange: orderChanges.decision.states,
  },
  fields: {
    reason: '原因',
    to: '转交给',
    amount: '建议任务额（元）',
    adjustAmount: '调整金额（元）',
    extendedTo: '新的到期日',
    chain: '服务器判定的审批步数',
    lines: '本次结算行数',
  },
  /** The quantities per line a loan's return or conversion asks for. */
  lines: {
    line: '行号',
    item: '物料',
    open: '未归还',
    quantity: '本次数量',
    inspection: '检验结果',
    quantityOf: '第 {{line}} 行本次数量',
    inspectionOf: '第 {{line}} 行检验结果',
    good: '完好入库',
    damaged: '损坏报损',
    everything: '全部未归还数量',
  },
  // The label of the text a command asks for, where "reason" would not fit it.
  reasonOf: { reportOpinion: reportReview.decision.reasonOf, agentReport: reportStates.decision.reasonOf },
  hints: {
    ...activity.hints,
    recalculate: '调整金额可不填；填写时可为负数：应返金额 = 计算返利 + 调整金额。',
    forward: '只能转交给当前步骤所需角色的其他在职员工。',
    withdraw: '撤回后该申请不再审批。',
  },
  problems: {
    reasonRequired: '请填写原因',
    adjustmentInvalid: '调整金额须为金额，可带负号，最多两位小数，例如 -120.50',
    amountRequired: '请填写建议任务额',
    amountInvalid: '建议任务额须为金额，最多两位小数',
    dateRequired: '请选择新的到期日',
    dateInvalid: '到期日须为有效日期',
    reasonTooLong: '原因不能超过 500 字',
    colleagueRequired: '请选择转交的员工',
    linesRequired: '请至少填写一行的数量',
    linesOverOpen: '数量须为整数，且不能超过该行未归还的数量',
    positionDenied: '浏览器未允许获取位置：请在浏览器中允许本站定位后再签到',
    positionUnavailable: '无法获取当前位置：请确认设备已开启定位后再签到',
  },
  roles: {
    JS001: '系统管理员',
    JS002: 'RSP 代理商',
    JS003: 'CCP 代理商',
    JS004: '总代',
    JS010: '渠道经理',
    JS011: '省区经理',
    JS012: '城市经理',
    JS013: '商务',
    JS014: '财务',
    JS015: '法务/服务',
    JS016: '产品经理',
    JS017: '分管副总裁',
    JS018: '渠道管理部',
    JS019: '大区经理',
  },
};
