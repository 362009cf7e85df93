/** The products of an opportunity (商机产品) and the product search. */
export const opportunityItems = {
  title: '商机产品',
  search: '按物料编码、名称或型号搜索本产品线的产品',
  choose: '选择产品',
  add: '添加产品',
  save: '保存',
  remove: '移除',
  empty: '暂无产品',
  owner: {
    open: '变更商机归属',
    title: '变更商机归属（商机转移）',
    agent: '新的归属代理商',
    reason: '变更原因',
    remark: '备注',
    submit: '确认变更',
    close: '关闭',
    done: '商机已转给 {{name}}，保护截止日期不变；请刷新页面查看',
  },
  bidders: '投标方数量（有投标方时需选择承诺函）',
  columns: {
    pn: '物料编码（PN）',
    description: '产品描述',
    quantity: '数量',
    standardPrice: '标准渠道价（元）',
    expectedPrice: '预计单价（元）',
    actions: '操作',
  },
};
