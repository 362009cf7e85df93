/** Settlement sheets: their workflow's words, the refusals of their upload and publication, their guards. */
export const sheetGuards = {
  mayVoidSheet: '财务且已填写作废原因',
};

export const sheetMessages = {
  title: '结算单',
  commands: { publish: '发布入账', void: '作废' },
  states: { uploaded: '已上传待发布', published: '已发布入账', void: '已作废' },
  sameFile: '这个文件已上传为结算单 {{no}}：同一文件不能再上传；如需更正，先作废 {{no}}',
  duplicate: '返利任务 {{task}} 已在结算单 {{no}} 上：重复的结算单不能上传；如需更正，先作废 {{no}}',
  notConfirmed: '返利任务 {{task}} 的结算{{status}}，尚未经代理商确认：只有已确认的结算能上结算单',
  taskMoved: '返利任务 {{task}} 的结算在上传后已变化（已入账或已作废）：请作废此结算单后重新上传',
  problems: {
    noSuchTask: '没有编号为 {{task}} 的返利任务',
    taskTwice: '返利任务 {{task}} 在结算单中出现了两次',
    otherAgent: '返利任务 {{task}} 属于 {{owner}}，不是 {{agent}} 的',
    otherPeriod: '返利任务 {{task}} 的考核周期是 {{period}}',
    otherAmount: '返利任务 {{task}} 确认的应返金额是 {{payable}}',
    nothingToPost: '返利任务 {{task}} 的应返金额为 0，无需入账',
  },
};
