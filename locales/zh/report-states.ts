/** The agents' report states per period and report type, and late-report requests (docs/imports.md). */
export const reportStates = {
  pages: {
    reportStates: '上报状态',
    reportStateDetail: '上报状态详情',
    lateReportRequests: '补报申请',
    lateReportRequestEdit: '补报申请单',
  },
  fields: {
    agentReport: {
      ReportNo: '报表编号',
      AgentName: '代理商',
      ProvinceName: '省份',
      Period: '报表期间',
      ReportType: '报表类型',
      ReportStatus: '上报状态',
      LineCount: '明细行数',
      TotalQuantity: '数量合计',
      SubmittedOn: '提交时间',
      SubmittedBy: '提交人',
      ReviewedOn: '审核时间',
      ReviewerName: '审核人',
      ReviewOpinion: '审核意见',
      LateReport: '逾期补报',
      LateUntil: '补报截止时间',
    },
    lateReportRequest: {
      RequestNo: '补报申请编号',
      AgentName: '代理商',
      ProvinceName: '省份',
      Period: '报表期间',
      ReportType: '报表类型',
      Reason: '补报原因',
      RequestStatus: '申请状态',
      ApplicantName: '申请人',
      WindowEnd: '补报截止时间',
      DeciderName: '审批人',
      DecisionReason: '审批意见',
      CreationOn: '申请时间',
    },
  },
  /** The decision panel of a report (agentReport). */
  decision: {
    title: '报表上报',
    commands: {
      start: '开始填报',
      submit: '提交',
      withdraw: '撤回修改',
      approve: '审核通过',
      return: '退回修改',
      revise: '修改明细',
    },
    states: {
      notReported: '未填报',
      draft: '草稿',
      submitted: '已提交',
      approved: '审核通过',
      returned: '退回修改',
      overdue: '逾期未报',
    },
    reasonOf: { return: '审核意见' },
  },
  /** The decision panel of a late-report request (lateReportRequest). */
  lateDecision: {
    title: '补报申请',
    commands: {
      agree: '批准补报',
      reject: '驳回',
      return: '退回',
      resubmit: '重新提交',
      withdraw: '撤回申请',
    },
    states: {
      inApproval: '待审批',
      returned: '已退回',
      approved: '已批准',
      rejected: '已驳回',
      withdrawn: '已撤回',
    },
  },
  guards: {
    isReportingParty: '代理商本身或商务（填报方）',
    isChannelManager: '渠道经理',
  },
  job: {
    title: { name: '报表逾期未报标记', group: '进销存报表' },
    handler:
      '按填报控制日期：为应上报的总代和省级代理建立各期报表（未填报）；控制日期已过仍未提交的报表标记为逾期未报（已批准补报且未到截止时间的除外）',
    message: '新建应上报报表 {{opened}} 份，标记逾期未报 {{overdue}} 份',
  },
  errors: {
    submitted: '{{period}} 的报表已提交审核，撤回或被退回后才能修改其明细',
    approved: '{{period}} 的报表已审核通过，明细已锁定',
    notReporter: '报表明细由代理商本身或商务填报，审核人不能填报',
    stillOpen: '{{period}} 尚未过填报控制日期，可以直接上报，无需补报申请',
    requestOpen: '该代理商 {{period}} 的此类报表已有一个进行中的补报申请',
    requestFixed: '只有被退回的补报申请可以由申请人修改',
  },
  problems: {
    agent: '不存在或不在您的数据范围内',
    fixed: '提交后不能修改',
  },
};
