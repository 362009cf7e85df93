/** The business rules of the charts of opportunities, special prices, letters and rebates, in Chinese (see workflow-descriptions.ts). */
export const opportunitiesRebatesWorkflowDescriptions: Record<string, Record<string, string>> = {
  opportunityRegistration: {
    draft: '创建时填写最终客户、产品线、销售区域和负责人；交易方编辑后提交，或撤回。',
    submitted:
      '提交时服务器在同一事务中查找同一最终客户、同一产品线的受保护报备：没有则受保护；有则冲突（先报备者优先）。',
    conflict:
      '省区经理仲裁：把商机判给本报备（释放原受保护的报备），或保留先报备者（本报备被驳回，须填理由）。',
    protected:
      '保护至截止日期。至少每 30 天一条进展记录可保持正常；否则每日任务将其标为风险，并在截止日期到期。更换负责人不改变截止日期。',
    atRisk: '30 天没有进展记录：新增一条即恢复正常保护。',
    won: '阶段为赢单（100%）；归属保留，用于返利和目标。',
    closed: '丢单或无效；保留原因。',
    expired: '保护已结束：该客户可以重新报备。',
    released: '被厂商释放，或仲裁失败。',
    'protected:protection.extend:0': '可延期一次，须填理由：截止日期按配置的天数顺延。',
    'protected:protection.expire:0': '每日任务，截止日期过后执行。',
    'protected:deal.win:0': '赢单：阶段和状态变为赢单（100%）。',
    'protected:deal.close:0': '丢单或无效，须填理由：阶段变为丢单。',
    'protected:protection.release:0': '由渠道经理或省区经理释放，或仲裁失败（须填理由）。',
    'atRisk:protection.expire:0': '每日任务，截止日期过后执行。',
    'atRisk:deal.win:0': '赢单：阶段和状态变为赢单（100%）。',
    'atRisk:deal.close:0': '丢单或无效，须填理由：阶段变为丢单。',
    'atRisk:protection.release:0': '由渠道经理或省区经理释放，或仲裁失败（须填理由）。',
  },
  specialPrice: {
    draft: '代理商已保存；明细和申请理由仍可编辑。',
    inApproval: '按加权折扣深度选定的审批链逐级审批；权限不覆盖该深度的层级同意后继续上报。',
    returned: '重新可编辑；以同一编号重新提交，按新的折扣深度对应的审批链审批。',
    approved: '有效至截止日期；须在开标后 10 个工作日内登记中标结果。',
    won: '中标：执行订单从批准的明细中提货。',
    executing: '部分批准数量已下执行订单；其余可继续下单，直到用完。',
    executed: '批准的每件数量都已下执行订单。',
    'draft:application.submit:0':
      '除非商机受保护、至少一行低于标准价，且该代理商之前没有开标后 10 个工作日仍未登记中标结果的特价，否则服务器拒绝。',
    'inApproval:approval.agree:0': '权限覆盖该折扣深度的层级批准：自今日起 90 天有效。',
    'inApproval:approval.return:0': '退回代理商，修改明细后以同一编号重新提交。',
    'inApproval:approval.forward:0': '转交给同一角色的另一位审批人；仍在当前审批步骤。',
    'inApproval:application.withdraw:0': '代理商只能在第一次审批前收回申请。',
    'approved:bid.win:0': '已中标。',
    'approved:bid.lose:0': '未中标或流标：特价关闭。',
    'won:execution.create:0': '已生成执行订单：数量不超过剩余数量，价格不低于批准价格，且在有效期内。',
    'won:execution.createLast:0': '用完最后一批批准数量的执行订单。',
    'executing:execution.create:0': '已生成执行订单：数量不超过剩余数量，价格不低于批准价格，且在有效期内。',
    'executing:execution.createLast:0': '用完最后一批批准数量的执行订单。',
  },
  commitmentLetter: {
    businessApproval: '针对受保护的商机申请；省区经理确认该投标真实、该代理商为应授权者。',
    complianceReview:
      '销售运营检查模板、措辞和唯一性。标准措辞直接提交 OA；偏离模板的措辞（或超出标准的服务年限）须法务和服务会签：标记为非标准的授权书在此不能直接同意。',
    countersign: '法务和服务会签非标准条款；会签同意后授权书提交 OA。',
    oaPending: '已提交 OA 用印审批（保留 OA 链接）；审批结果在此记录。',
    toStamp: 'OA 已批准；印章管理人盖章并上传扫描件。没有扫描件不能完成盖章。',
    stamped: '已盖章且不可更改：代理商下载扫描件并确认收到。',
    done: '已收到，仍不可更改。投标或代理商变化时撤销（须填理由）。',
    returned: '申请人更正申请后重新提交，或撤回。',
    rejected: '未出具；该招标项目和品牌重新可用。',
    revoked: '已撤销：不再有效。更正后的授权书属于重新出具，须新申请。',
    'businessApproval:approval.return:0': '附原因退回申请人；更正后以同一编号重新提交。',
    'businessApproval:application.withdraw:0': '申请人在第一次审批前收回申请。',
    'complianceReview:approval.agree:0': '仅限标准措辞：标记为非标准的授权书须转会签。',
    'complianceReview:approval.return:0': '附原因退回申请人；更正后以同一编号重新提交。',
    'countersign:approval.return:0': '附原因退回申请人；更正后以同一编号重新提交。',
  },
  rebatePolicy: {
    draft: '由渠道管理部或商务录入：正文、附件、适用范围、阶梯表、排除项、兑付方式。',
    inApproval: '分管副总裁审批：同意即批准政策，驳回或退回（须填理由），或转交给另一位分管副总裁。',
    approved: '已批准，代理商尚不可见。',
    superseded: '已被其发布的新版本取代；只读保留，其任务按原条款结算。',
    'inApproval:approval.return:0': '退回起草人，更正后再次提交。',
    'inApproval:approval.forward:0': '转交给另一位分管副总裁，由其审批。',
    'inApproval:application.withdraw:0': '起草人可在第一次审批前撤回。',
    'approved:policy.publish:0':
      '由渠道管理部或商务发布：代理商可见并须勾选已读；参数冻结；服务器记录发布日期。',
    'approved:policy.void:0': '由渠道管理部或商务附原因作废；参数保持原样以备查。',
    'published:policy.read:0': '代理商员工勾选政策为已读；页面列出谁在何时已读。',
    'published:policy.takeEffect:0':
      '到达开始日期（业务日，北京时间）：由夜间任务，或由渠道管理部或商务使其生效；开始日期前既不提供也不接受。',
    'published:policy.supersede:0':
      '新版本已发布：本版本停止，已按本版本设定的任务保留冻结的条款，新任务采用新版本。',
    'published:policy.void:0': '由渠道管理部或商务附原因作废；参数保持原样以备查。',
    'effective:policy.read:0': '代理商员工勾选政策为已读；页面列出谁在何时已读。',
    'effective:policy.end:0': '已过结束日期：由夜间任务，或由渠道管理部或商务使其结束。',
    'effective:policy.supersede:0':
      '新版本已发布：本版本停止，已按本版本设定的任务保留冻结的条款，新任务采用新版本。',
    'effective:policy.void:0': '由渠道管理部或商务附原因作废；参数保持原样以备查。',
  },
  rebateSettlement: {
    calculating: '任务执行中：每晚计算达成情况，返利显示为预估。考核期结束后，由渠道人员计算结算。',
    vendorReview:
      '销售运营核对计算：同意，或附原因作废。计算（或最近一次重新计算）的人不审核，由同组同事审核。',
    awaitingAgent: '代理商员工确认金额，或附原因提出异议。',
    disputed: '销售运营答复异议：重新计算（需要时附调整及原因）后再次审核。',
    confirmed: '代理商已确认：财务将应付金额记入代理商的返利账户。',
    'calculating:settlement.calculate:0':
      '按达成情况和政策发布时冻结的阶梯计算，自考核期结束的次日起（业务日，北京时间）；此前既不提供也不接受。',
    'calculating:settlement.void:0': '错误设定的任务在结算前附原因作废。',
    'vendorReview:review.return:0': '附原因退回重新计算（迟到的订单或回款）。',
    'confirmed:settlement.post:0': '返利台账记入一笔注明该结算的入账流水；金额在到期前可用。',
  },
  settlementSheet: {
    uploaded: '每一行都已与其返利任务核对（该代理商的、该期间的、已确认的、按应付金额）；代理商尚不可见。',
    published: '已入账：每个代理商只看到自己的行；更正通过台账调整完成。',
    void: '已附原因作废；不产生台账流水。',
    'uploaded:sheet.publish:0':
      '财务发布：每一行通过其任务的结算记入对应代理商的返利账户，并注明所写的流水。',
    'uploaded:sheet.void:0': '入账前附原因作废：其任务和文件可以重新提交。',
  },
};
