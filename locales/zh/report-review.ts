/** Reviewers' opinions on reports and the modification log of report lines (docs/reports.md). */
export const reportReview = {
  /** The modification log's field of a line an import replaced. */
  wholeLine: '整行替换',
  decision: {
    title: '报表反馈意见',
    commands: {
      reply: '回复',
      close: '关闭意见',
      reopen: '重新打开',
      withdraw: '撤回意见',
    },
    states: {
      open: '待代理商回复',
      replied: '已回复，待审核人处理',
      closed: '已关闭',
    },
    reasonOf: {
      reply: '回复内容',
      close: '关闭说明',
      reopen: '重新打开的原因',
    },
  },
  guards: {
    isReportingAgent: '报表所属代理商的员工',
    isOpinionReviewer: '提出意见的审核人',
  },
  problems: {
    noAgent: '在您的数据范围内没有代理商“{{agent}}”',
    noReport: '{{agent}} 在 {{period}} 没有该类型的报表',
    noLine: '{{agent}} 在 {{period}} 的该类型报表中没有“{{line}}”的行',
    severalLines:
      '{{agent}} 在 {{period}} 的该类型报表中型号“{{line}}”有多行：请填写该行的报表编号，或针对整份报表提出意见并在内容中写明哪一行',
    reportFixed: '意见提出后不能改为针对另一份报表；请撤回后重新提出',
  },
  errors: {
    vendorRaises: '反馈意见由厂商审核人提出，代理商在意见上回复',
    notYourOpinion: '意见 {{no}} 只能由提出它的审核人修改',
    opinionAnswered: '意见 {{no}} 已回复或已关闭，不能再修改',
  },
};
