/** Rebate settlements, tasks and rebate use on orders: commands, states, refusals and the upload page. */
export const settlementGuards = {
  isCalculator: '渠道或商务人员',
  isReviewer: '商务',
  isSettlementAgent: '结算单所属代理商的人员',
  isFinance: '财务',
  mayObject: '所属代理商人员且已填写异议原因',
  mayRecalculate: '商务且已填写重算说明',
  mayVoidSettlement: '商务且已填写作废原因',
  mayVoidTask: '渠道或商务人员且已填写作废原因',
};

export const settlementMessages = {
  commands: {
    calculate: '计算结算',
    agree: '审核通过',
    confirm: '确认结算',
    object: '提出异议',
    recalculate: '重新计算',
    return: '退回重算',
    post: '入账',
    void: '作废',
  },
  states: {
    calculating: '计算中',
    vendorReview: '待审核',
    awaitingAgent: '待代理商确认',
    disputed: '异议中',
    confirmed: '已确认',
    posted: '已入账',
  },
  periodOpen: '考核期 {{period}} 尚未结束（截至 {{end}}），结算须在期末之后计算',
  nothingToPost: '应返金额为 0，无需入账',
  policyNotPublished: '返利政策尚未发布，不能下达返利任务',
  taskExists: '该代理商在此政策的 {{period}} 已有返利任务',
  assigned: '返利任务已下达',
  targetFrozen: '返利任务 {{no}} 的结算已计算，任务额不能再修改',
  overUsable:
    '本单最多可使用返利 {{usable}} 元（可用余额 {{available}} 元，可用比例上限 {{limit}} 元），不能使用 {{amount}} 元',
  problems: {
    tiers: '阶梯格式为“达成率%:返利率%”，以逗号分隔，达成率递增，如 80:1, 100:2',
    period: '考核期格式为 2026-Q3、2026-07、2026-H2 或 2026',
    periodMismatch: '考核期须与政策的考核周期一致',
    otherTier: '不属于该政策适用的渠道层级',
    noSuchPolicy: '没有该编号的返利政策，或无权查看',
    setOnce: '返利任务下达后不能更改；请作废该任务后重新下达',
  },
  tierName: '达成 {{threshold}}% 档',
  noTier: '未达最低档',
  job: {
    achievement: {
      title: { name: '返利任务达成计算', group: '返利' },
      handler: '每天 2:00（北京时间）：按生效订单与已确认回款重算计算中返利任务的达成额和预估返利',
      message: '已重算 {{count}} 个返利任务的达成额与预估返利',
    },
    expiry: {
      title: { name: '返利过期失效', group: '返利' },
      handler: '每天 0:30（北京时间）：到期未用完的返利批次记过期失效流水',
      message: '{{accounts}} 个账户共 {{count}} 笔返利过期失效',
    },
  },
  upload: {
    intro:
      '上传结算公告表（xlsx）：每行一个代理商的结算金额。整表逐行校验，全部通过才发布；每个代理商只能看到自己的一行。',
    template: '下载模板',
    file: '结算表',
    publish: '校验并发布',
    published: '结算公告 {{no}} 已发布，共 {{count}} 行',
    rejected: '共 {{count}} 处错误，未发布任何内容',
    row: '第 {{row}} 行',
    columns: { agent: '代理商名称', amount: '应返金额', remark: '说明' },
    unknownAgent: '代理商“{{name}}”不存在',
    badAmount: '金额须为非负数，最多两位小数',
    duplicate: '代理商“{{name}}”重复出现',
    empty: '表中没有数据行',
    lines: '结算明细',
    history: '已发布的结算公告',
  },
};
