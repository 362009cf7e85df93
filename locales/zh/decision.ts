import { registration } from './registration';

/**
 * The decision panel and dialog of every declared workflow (views/kit/workflow-panel.tsx): a
 * workflow's own words under `…Of.<workflow>` come first, the shared ones after.
 */
export const decision = {
  title: '审批',
  titleOf: { registration: '注册审批' },
  state: '当前状态',
  deciderPerson: '当前处理人',
  deciderRole: '当前处理角色',
  step: '第 {{n}} 步',
  stepsOf: { registration: { 0: '初审', 1: '资质审核', 2: '风控/财务审核' } },
  nothingForYou: '当前步骤无需您处理',
  loadFailed: '审批信息加载失败：{{message}}',
  reload: '重新加载',
  refused: '操作未成功：{{message}}',
  done: '审批意见已提交',
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
  commandsOf: { registration: { agree: '同意', return: '退回补充资料', sign: '签署协议并开通' } },
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
  statesOf: { registration: registration.states },
  fields: { reason: '原因', to: '转交给' },
  hints: {
    forward: '只能转交给当前步骤所需角色的其他在职员工。',
    withdraw: '撤回后该申请不再审批。',
  },
  problems: {
    reasonRequired: '请填写原因',
    reasonTooLong: '原因不能超过 500 字',
    colleagueRequired: '请选择转交的员工',
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
  },
};
