/** Payments (回款): registration, allocation to orders, third-party payment agreements, the flow report. */
export const payments = {
  pages: {
    paymentEdit: '回款登记',
    paymentDetail: '回款详情',
    agentReceiptDetail: '我的回款详情',
    paymentAllocations: '回款核销',
    paymentAllocationEdit: '核销到订单',
    payerAgreements: '第三方代付协议',
    payerAgreementEdit: '第三方代付协议编辑',
  },
  fields: {
    paymentAllocation: {
      PaymentNo: '回款编号',
      OrderNo: '订单号',
      AgentName: '代理商名称',
      AllocatedAmount: '核销金额（元）',
    },
    payerAgreement: {
      AgentName: '代理商名称',
      PayerName: '代付单位',
      ValidFrom: '生效日期',
      ValidTo: '失效日期',
      Enabled: '启用',
    },
    paymentFlow: {
      PaymentNo: '回款编号',
      AgentName: '代理商名称',
      ProvinceName: '省份',
      OrderChannel: '订单渠道',
      OrderNo: '核销订单',
      PaymentMethod: '付款方式',
      PaymentAmount: '付款金额（元）',
      AllocatedAmount: '核销金额（元）',
      UnallocatedAmount: '预收余额（元）',
      PaymentDate: '付款日期',
      ConfirmedOn: '确认时间',
      ConfirmStatus: '确认状态',
    },
  },
  problems: {
    noSuchAgent: '没有找到该代理商，请从代理商列表中选择',
    payerNotAgent: '须为代理商本身（{{agent}}），或有在付款日期有效的第三方代付协议',
    notPositive: '须大于 0',
    belowAllocated: '不能小于已核销的 {{allocated}} 元',
    agentHasAllocations: '该回款已核销到订单，请先取消核销再更换代理商',
    overReceipt: '核销合计 {{total}} 元，超过回款金额 {{max}} 元',
    overOutstanding: '超过订单 {{no}} 尚未回款的 {{max}} 元',
    otherAgent: '订单 {{no}} 不是代理商 {{agent}} 的订单',
    notPayable: '订单 {{no}} 已驳回或已取消，不能核销回款',
    duplicateOrder: '订单 {{no}} 已在该回款的核销中',
    tooMany: '一笔回款最多核销 {{max}} 个订单',
  },
  /** The decision panel of a receipt (paymentApproval). */
  decision: { title: '回款确认', commands: { agree: '确认回款' } },
  errors: {
    locked: '回款 {{no}} 已由财务确认或已驳回，不能再修改或重新核销',
  },
};
