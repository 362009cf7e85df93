/** The approval chains beside a chart (`workflows.chains.*`): the configuration as it stands now. */
export const workflowChains = {
  title: '审批链（按当前配置）',
  hint: '图中的“当前审批人”在本系统中由以下配置决定；修改配置后，新提交的申请按新的审批链审批。',
  loading: '正在读取审批链…',
  reload: '重新读取审批链',
  failed: '审批链读取失败：{{message}}',
  none: '该流程没有可配置的审批链。',
  template:
    '这是各类申请共用的审批模板（提交、逐级审批、同意、驳回、退回、转交、撤回、作废）：订单、借货、特价、代理商申请等流程图都按它的形态审批。系统中没有页面单独发起它，也没有业务单据经过它，因此它没有审批链配置、没有流程记录，也没有可执行的测试计划；请在具体业务流程的图上查看和测试。',
  empty: '当前没有启用的审批链配置，提交将被拒绝，请先配置。',
  step: '第 {{n}} 步',
  person: '指定人员：{{person}}',
  more: '等 {{count}} 人',
  nobody: '该角色暂无在职员工',
  any: '不限',
  when: {
    always: '所有申请',
    orderAmount: '{{type}}，金额高于 {{from}} 至 {{to}}（含）',
    orderAmountAbove: '{{type}}，金额高于 {{from}}',
    loanAmount: '借货金额高于 {{from}} 至 {{to}}（含）',
    loanAmountAbove: '借货金额高于 {{from}}',
    priceDepth: '折让深度不低于 {{depth}}%',
    priceDepthMargin: '折让深度不低于 {{depth}}%，且毛利率不低于 {{margin}}%',
    process: '{{process}}，渠道：{{channel}}，省份：{{province}}',
  },
};
