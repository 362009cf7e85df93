/** The business rules of the charts of customers, agents and orders, in Chinese (see workflow-descriptions.ts). */
export const customersOrdersWorkflowDescriptions: Record<string, Record<string, string>> = {
  approval: {
    inApproval: '由所配置审批链当前一步的审批人审批：同意、驳回或退回（须填理由），或转交。',
    'inApproval:approval.return:0': '退回申请人，修改后以同一编号重新提交。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:application.withdraw:0': '申请人只能在第一次审批前撤回。',
    'approved:application.void:0': '已批准的申请被厂商取消后变为只读。',
  },
  registration: {
    inReview:
      '审批链各步依次审核（每一步由配置指定的人，否则由该角色的任何人审核）：同意进入下一步，驳回即结束，退回要求补充材料（须填理由）。',
    supplement: '退回补充材料：申请人补全申请后以同一编号重新提交，或撤回。',
    toSign: '已批准：签署启用的协议模板，创建代理商及其账号。',
    'inReview:review.forward:0': '转交给同一角色的另一位审核人；步骤不变。',
    'inReview:application.withdraw:0': '申请人只能在第一次审核前撤回（重新提交的申请已经审核过）。',
  },
  customerChange: {
    draft:
      '按变更类型记录所需内容，由申请人立即提交。代理商员工为本公司发起续约、高级认证和 RSP/CCP 转换；暂停、列入黑名单和恢复由厂商发起（按规则中的发起人）。',
    inApproval: '由所配置审批链当前一步的审批人审批：同意、驳回或退回（须填理由），或转交给同一角色的同事。',
    approved: '已生效；只能由新的申请撤销。',
    'draft:application.submit:0':
      '只能发起代理商符合条件的申请：例如为 CCP 供货的 RSP 不能转为 CCP；列入黑名单须有理由且不少于 180 天。',
    'inApproval:approval.agree:0': '最后一次同意在同一事务中将变更应用到代理商。',
    'inApproval:approval.return:0': '退回申请人，以同一申请重新提交。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:application.withdraw:0': '申请人只能在第一次审批前收回待审批的申请。',
  },
  creditLimitChange: {
    draft: '商务填写新的授信额度与原因，随即提交。',
    requested: '财务审批；期间代理商仍按原额度下单。',
    returned: '附财务的原因退回申请人，进入其待办：修改后重新提交，或撤回。',
    approved: '代理商的授信额度即为本次批准的额度，直到下一次批准。',
    'draft:request.submit:0': '新额度为以元计的金额，并已填写原因（由命令的格式检查）。',
    'requested:review.agree:0': '新额度在同一事务中写入代理商。',
  },
  orderApproval: {
    draft: '申请人可编辑；订单尚不占用库存和信用额度。',
    inApproval:
      '由订单类型和金额区间所对应审批链当前一步的审批人审批：同意、驳回或退回（须填理由），或转交给同一角色的同事。',
    returned: '重新可编辑并回到申请人的待办；以同一编号重新提交，届时按其金额区间的审批链审批。',
    withdrawn: '作为草稿回到申请人手中；可重新提交或取消。',
    approved: '已生效：放行至回款、发货和开票。',
    'draft:application.submit:0':
      '没有启用的金额区间覆盖该订单类型的金额、金额超过代理商可用信用额度，或预付款代理商的订单超过信用限额时，服务器拒绝。',
    'draft:order.cancel:0': '申请人取消尚未生效的订单，并说明原因。',
    'inApproval:approval.agree:0':
      '最后一次同意放行订单：信用条件被违反（逾期、超额）时，或预付款代理商已确认回款低于订单金额时拒绝。',
    'inApproval:approval.return:0': '退回申请人，修改订单后以同一编号重新提交。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:application.withdraw:0': '申请人只能在第一次审批前收回订单。',
    'returned:order.cancel:0': '申请人取消尚未生效的订单，并说明原因。',
    'withdrawn:order.cancel:0': '申请人取消尚未生效的订单，并说明原因。',
    'approved:order.cancel:0': '销售运营可填写原因取消已生效的订单；已有回款或发货时服务器拒绝。',
  },
  orderChange: {
    draft: '由发起方编辑：新的明细（数量、价格、产品）和抬头（交货日期、收货人、发票抬头）。',
    awaitingConfirmation: '由另一方确认或拒绝：代理商发起的变更由销售运营确认，厂商发起的由代理商员工确认。',
    inApproval:
      '由新金额对应的订单审批链当前一步的审批人审批：同意、驳回或退回（须填理由），或转交给同一角色的同事。',
    returned: '发起方重新可编辑；再次提交后重新等待确认。',
    applied: '订单带上新的版本号和明细；旧版本只读。',
    rejected: '被拒绝或驳回并附原因；订单保持不变。',
    'draft:change.submit:0':
      '该订单另有进行中的变更、某行低于已发货数量、订单低于已开票金额，或价格低于该行应得价格时，服务器拒绝。',
    'draft:change.withdraw:0': '发起方收回变更；订单保持不变。',
    'awaitingConfirmation:change.confirm:0': '金额增加超过 10% 或单价下降：按新金额的订单审批链审批。',
    'awaitingConfirmation:change.confirm:1': '立即生效：以新明细生成订单的下一版本，旧版本只读保留。',
    'awaitingConfirmation:change.withdraw:0': '发起方收回变更；订单保持不变。',
    'inApproval:approval.agree:0': '最后一次同意应用变更：生成下一版本，并再次核对已发货数量和已开票金额。',
    'inApproval:approval.return:0': '退回发起方，修改后再次提交：由另一方重新确认。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:change.withdraw:0': '只能在审批的第一次决定前收回。',
    'returned:change.submit:0':
      '该订单另有进行中的变更、某行低于已发货数量、订单低于已开票金额，或价格低于该行应得价格时，服务器拒绝。',
    'returned:change.withdraw:0': '发起方收回变更；订单保持不变。',
  },
  paymentApproval: {
    inApproval: '已登记（或重新提交），等待财务确认；仍可编辑，其分配金额按待确认计入各订单。',
    returned: '登记人更正回款单或其分配，以同一编号重新提交。',
    approved: '已确认并锁定；更正须另开回款单。',
    rejected: '不是回款：其分配不再计入。',
    'inApproval:approval.agree:0': '已确认：回款单及其分配锁定；所付订单在同一事务中变为部分回款或已回款。',
    'inApproval:approval.return:0': '附原因退回登记人：更正金额、付款方或分配。',
    'inApproval:approval.forward:0': '转交给另一位财务同事；回款单仍等待财务确认。',
  },
  invoiceApproval: {
    financeReview: '已提交（或重新提交），财务审核中；财务在同意前填写发票号和开票日期。',
    returned: '申请人以同一编号重新提交申请，金额重新核对。',
    invoiced: '已开票并锁定；更正须开红字发票。',
    rejected: '未开票：其金额不再计入各订单。',
    'financeReview:approval.agree:0': '已开票：申请连同发票号锁定；各订单在同一事务中变为部分开票或已开票。',
    'financeReview:approval.return:0': '附原因退回申请人；驳回前其金额仍计入各订单。',
    'financeReview:approval.forward:0': '转交给另一位财务同事；申请仍在财务审核中。',
  },
  loanOrder: {
    inApproval:
      '由借货金额区间对应审批链当前一步的审批人审批：同意、驳回或退回（须填理由），或转交给同一角色的同事。',
    withdrawn: '申请人已收回；未借出任何货物。',
    rejected: '已驳回；未借出任何货物。',
    approved: '已批准，等待仓库发货。',
    onLoan: '在代理商或其最终用户处，直到到期日（或延期后的日期）。',
    overdue: '已过到期日仍有货物未还；该代理商的新借货申请被拒绝。',
    partial: '部分已归还或转销售；未还部分到期日不变。',
    toVerify: '财务核对借出数 = 归还数 + 转销售数 + 报废数，然后核销借货。',
    verified: '已核销：借出的每件货物都已归还、报废或售出。',
    'inApproval:approval.agree:0': '最后一次同意将借货放行至仓库。',
    'inApproval:approval.return:0': '退回申请人，更正条款后以同一编号重新提交。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:application.withdraw:0': '申请人只能在第一次审批前收回借货申请。',
    'approved:loan.ship:0': '已发货：借出日期为出库的业务日；借货在到期日前处于借出状态。',
    'onLoan:loan.markOverdue:0': '每日任务：已过到期日。结清前该代理商不能再借货。',
    'onLoan:loan.return:0':
      '货物归还并逐行验货（完好：入库；损坏：报废，由代理商承担）；每行不超过尚未归还的数量。',
    'onLoan:loan.convert:0': '货物留在客户处并售出：服务器在同一事务中为其生成借转销订单并关联。',
    'overdue:loan.extend:0': '延期到更晚的到期日：解除逾期，部分已结清。',
    'overdue:loan.extend:1': '延期到更晚的到期日：重新处于借出状态。',
    'overdue:loan.return:0':
      '货物归还并逐行验货（完好：入库；损坏：报废，由代理商承担）。仍有未还货物时仍属逾期：下次每日任务会再次标记。',
    'overdue:loan.convert:0': '货物留在客户处并售出：服务器在同一事务中为其生成借转销订单并关联。',
    'partial:loan.markOverdue:0': '每日任务：已过到期日且仍有货物未还。',
    'partial:loan.return:0':
      '货物归还并逐行验货（完好：入库；损坏：报废，由代理商承担）；每行不超过尚未归还的数量。',
    'partial:loan.convert:0': '货物留在客户处并售出：服务器在同一事务中为其生成借转销订单并关联。',
    'partial:loan.requestVerification:0': '借出的每件货物都已归还或转销售：请财务核销借货。',
    'toVerify:loan.verify:0': '已核销：借货及其记录关闭。',
  },
};
