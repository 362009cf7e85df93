/** Refusals of the configuration pages of 商机管理 and of the processes that read them. */
export const opportunityConfigMessages = {
  areaCodeTaken: '已有相同编码的销售区域',
  areaRegion: '{{province}} 属于 {{region}} 大区',
  areaManager: '须为本省一位在职的城市经理',
  areaNoManager: '启用的销售区域须有区域负责人（本省的城市经理）',
  areaCityTaken: '该城市已有启用的销售区域 {{name}}，请先停用它',
  channelTaken: '已有同名的商机渠道 {{name}}',
  channelCreditCodeTaken: '已被商机渠道 {{name}} 使用',
  channelUnknown: '请从商机渠道管理中选择一个启用的渠道',
  configDates: '失效日期不能早于生效日期',
  configProductUnknown: '产品档案中没有这个产品编码',
  configProductTaken: '该产品已有销售产品配置，请修改原配置',
  configNotProducts: '与产品 {{code}} 的产品档案不一致',
  configCodeTaken: '已被其他特殊配置、产品或 CPQ 配置使用',
  configModel: '{{model}} 不是该产品线的产品型号',
  lineNotOnSale: '该产品线没有生效的销售产品配置，不能报备',
  specialPriceClosed: '{{code}} 在销售产品配置中不允许申请特价',
};
