/** Refusals of the agents of a deal (商机渠道管理). */
export const participantMessages = {
  participantRole: '须为商机渠道类型之一：RSP、CSP、ASP、CCP',
  participantNotAgent: '请选择一个您范围内合作中的代理商',
  participantIsRegistrant: '该代理商是本商机的报备代理商，已在参与代理商中',
  participantTaken: '该代理商已参与本商机，请修改其交易角色',
  participantRegistrant: '报备代理商的角色即其渠道类型，只能通过商机归属变更更换',
  participantFixed: '添加后只能修改交易角色；要换成其他代理商或商机，请移除后重新添加',
  participantsClosed: '商机 {{no}} {{state}}，不能再修改参与代理商',
};

/** The agents of a deal on its page: listed for whoever sees it, kept there by whoever keeps the deal. */
export const opportunityParticipants = {
  title: '参与代理商',
  add: '添加代理商',
  save: '保存角色',
  remove: '移除',
  actions: '操作',
  removeTitle: '移除参与代理商',
  removeConfirm: '确定将 {{name}} 从本商机的参与代理商中移除吗？',
  confirm: '移除',
  cancel: '取消',
};
