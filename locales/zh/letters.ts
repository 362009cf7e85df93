/** Commitment letters (承诺函) and the configured-product catalogue (CPQ). */
export const letters = {
  decision: {
    title: '承诺函审批',
    commands: {
      agree: '同意',
      countersign: '转服务/法务会签',
      stamp: '盖章完成',
      confirm: '确认收函',
      revoke: '撤销',
      resubmit: '重新提交',
      withdraw: '撤回申请',
    },
    states: {
      businessApproval: '待业务审批',
      complianceReview: '规范性审核',
      countersign: '服务/法务会签',
      oaPending: 'OA审批中',
      toStamp: '待盖章',
      stamped: '已盖章',
      done: '已完成',
      returned: '已退回',
      rejected: '已驳回',
      withdrawn: '已撤回',
      revoked: '已撤销',
    },
  },
  guards: {
    isBusinessApprover: '省区经理（业务审批）',
    isComplianceReviewer: '商务（规范性审核）',
    isCountersigner: '法务/服务（会签）',
    isOaDesk: '商务（登记OA结果）',
    isSealKeeper: '商务（用印）',
    isRevoker: '商务或系统管理员',
    hasStandardWording: '标准措辞（未标记为非标）',
  },
  problems: {
    notProtected: '只能为保护中（或待更新）的商机申请承诺函',
    noSuchOpportunity: '没有这个商机，或不在您的数据范围内',
    scanRequired: '请先上传盖章扫描件',
  },
  errors: {
    activeExists:
      '招标编号 {{tender}} 的该品牌已有有效的「{{type}}」{{no}}：同一招标编号和品牌的每种承诺函类型只能有一份有效承诺函',
    immutable: '承诺函 {{no}} 已进入盖章流程或已盖章，不能修改：请撤销后重新出具',
    notEditable: '承诺函 {{no}} 正在审批中，只有退回后才能修改',
    scanOnly: '待盖章的承诺函只能由用印人上传盖章扫描件',
    needsCountersign: '承诺函 {{no}} 含非标条款，须转服务/法务会签',
    notRevoked: '只有已撤销的承诺函才能重新出具',
  },
  cpq: {
    tokenIssued: '配置器令牌已签发',
  },
};
