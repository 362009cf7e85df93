/** The business rules of the pages' own charts (forms, panels, the workflow viewer), in Chinese (keys as in workflow-descriptions.ts). */
export const pageWorkflowDescriptions: Record<string, Record<string, string>> = {
  workflowViewer: {
    'preparing:words.set:0': '布局过程中读者切换了语言：用新语言重新布局。',
    'shown:words.set:0': '读者切换了语言：用新语言重新布局并适应面板。',
    'workflowViewer:mode.change:0': '在状态机列表与实时状态之间切换时，从空白画布开始。',
    'workflowViewer:highlight.set:0': '回放或实时状态前进了一步：将其当前状态移入视野。',
    'workflowViewer:zoom.out:0': '缩小到整张图都在视野内为止。',
    'workflowViewer:panel.resize:0': '面板变小，图的普通布局都放不下：再算出它的紧凑布局（只算一次）。',
    'workflowViewer:panel.resize:1': '已适应面板的图随面板尺寸重新适应；分析人员手动选择的缩放保持不变。',
    'workflowViewer:chains.set:0': '画上审批链后，图的普通布局都放不下：再算出它的紧凑布局。',
    'workflowViewer:chains.set:1': '流程的审批链已读到：画在状态下方，图随之重新适应面板。',
    'preparing:xstate.done.actor.prepareDiagram:0':
      '布局期间量得的面板放不下图的任何布局：连同紧凑布局重新布局。',
    'preparing:xstate.done.actor.prepareDiagram:1': '新打开的图整张适应面板，初始状态在视野内。',
    'shown:direction.toggle:0': '自上而下适合层级深的图，自左向右适合宽的图；重新计算布局。',
  },
  processHistory: {
    'browsing:streams.search:0': '新的搜索从第一页开始。',
    'loadingHistory:xstate.done.actor.loadHistory:0': '回放从第一步打开，从头阅读整个过程。',
    'loadingHistory:xstate.done.actor.loadHistory:1': '其他流程的实例不能用本状态机回放。',
  },
  registrationForm: {
    'form.validating': '检查每个字段：缺少的提示“某某为必填项”，统一社会信用代码有误时指明。',
    'form.failed': '显示服务器给出的原因；所有输入保持不变。',
    'form.submitted': '申请已有编号；申请人可在进度页面跟踪。',
    'regions.unavailable': '省份列表无法加载；申请人可以重试。',
    'form.editing:company.pick:0': '选中的工商企业自动填入名称、统一社会信用代码和法定代表人。',
  },
  registrationProgress: {
    asking: '用注册编号（可从链接预填）和联系电话查找申请。',
    confirmingWithdrawal: '撤回不可恢复，因此申请人须先确认。',
    'loading:xstate.error.actor.fetchProgress:0': '编号或电话有误时只提示没有匹配的申请，不透露其他信息。',
    'shown:supplement.submit:0': '重新提交后，审核以同一编号从第一步重新开始。',
    'shown:withdraw.ask:0': '只在服务器表示申请人可以撤回时提供。',
    'withdrawing:xstate.done.actor.withdraw:0': '页面随后显示申请已撤回。',
    'withdrawing:xstate.error.actor.withdraw:0': '被拒绝（例如审核人已在此期间作出决定）：显示原因。',
  },
  customerWorkflow: {
    unavailable: '无法读取列表：重新读取前不提供任何操作。',
    ready: '只提供服务器列为可发起的申请类型（已有进行中的申请时不提供）。',
    editing: '对话框指出每个有误的字段；全部改正前不发送。',
    'ready:apply.start:0': '每种申请都打开对话框：填写内容，或确认。',
    'ready:panel.reload:0': '对进行中申请的操作已执行或被拒绝：重新读取列表。',
    'editing:dialog.confirm:1': '暂停和列入黑名单须填写理由，期限 180–3650 天，合同期 12/24/36 个月。',
    'submitting:xstate.done.actor.submit:0': '完成：重新读取列表和记录。',
    'submitting:xstate.error.actor.submit:0':
      '被拒绝（规则限制，或他人刚发起了申请）：显示原因并重新读取列表。',
  },
  creditLimitPanel: {
    unavailable: '无法读取授信额度：重新读取前不提供任何操作。',
    ready: '只在服务器表示可以发起或修改申请时提供按钮。',
    editing: '对话框指出每个有误的字段；全部改正前不发送。',
    'submitting:xstate.done.actor.sendCreditLimit:0': '已提交财务：重新读取面板和记录。',
    'submitting:xstate.error.actor.sendCreditLimit:0':
      '被拒绝（字段有误，或他人刚发起了申请）：原因留在对话框中。',
  },
  ownCompany: {
    shown: '本公司信息（只读），以及其员工可以发起的申请。',
    noCompany: '该账号不属于任何代理商公司：没有可显示的内容。',
  },
  errorRetry: {
    failing: '只有仍失败的行才重新处理：按原样，或改正其数据后。',
    settled: '已被处理（由重新处理，或之后的拉取再次带来该行）：无需操作。',
  },
  orderEntryApproval: {
    'asking:xstate.error.actor.0.orderEntryApproval.asking:0': '未得到答复：不提供提交，订单仍可保存为草稿。',
  },
  orderLines: {
    'showing:lines.edit:0': '草稿或被退回的订单：已保存的明细按保存时的价格转为可编辑的明细。',
    showing: '已保存的订单：显示服务器计价后的明细；订单通过变更流程修改。',
    typing:
      '新订单：从标准价目表选择产品，数量为整数，只在价格不同时填写单价；保存订单时服务器重新为每行计价。',
  },
  opportunityItems: {
    ready: '服务器保存的商机产品；商机开放期间由其归属方修改。',
    saving: '每次修改作为一条命令发送；被拒绝时显示原因（字段或商机状态），不做任何修改。',
  },
  ownerChange: {
    done: '归属已变更并记入商机转移记录；页面重新读取后显示新的归属代理商。',
  },
  orderChangeLines: {
    choosing: '新变更：在表单中输入订单号，然后读取其明细。',
    showing: '已提交的变更（或详情页）：按现状显示明细和历史。',
    'editing:row.remove:0': '删除订单原有行（可恢复）；删除变更新增的行则直接去掉。',
    'editing:row.add:0':
      '新行：标准价目表中的产品，默认一件、标准价，另填单价者除外（服务器按下单规则检查）。',
  },
  orderApprovalPage: {
    'shown:order.submit:0': '未曾提交的草稿；已提交的在审批面板中处理。',
    'submitting:xstate.error.actor.0.orderApprovalPage.submitting:0':
      '被拒绝（信用额度、无匹配金额区间、期间已被修改）：原因留在页面上。',
  },
  specialPricePage: {
    pricing: '输入产品的标准渠道价；未知产品留空。',
    'sending:xstate.error.actor.0.specialPricePage.sending:0':
      '被拒绝（商机未受保护、数量超出、期间已被修改）：原因留在页面上。',
  },
  cpqPicker: {
    'open.loadingChildren': '刚选中分类的下级分类填入下一层。',
    'open.pricing': '所选配置按配置层级计价后交回。',
  },
  shipmentForm: {
    choosing: '输入订单号，然后读取订单。',
    editing: '每个未完成的行：本次发货数量（不超过未完成数），产品每件一个序列号。',
    'loading:xstate.error.actor.0.shipmentForm.loading:0':
      '不在调用者的数据范围内、未生效，或不该由调用者发货。',
    'editing:shipment.submit:1': '未选择任何行，或有服务器会拒绝的行：各行说明原因。',
    'shipping:xstate.done.actor.0.shipmentForm.shipping:0': '已出库：重新读取订单，显示尚未发货的部分。',
    'shipping:xstate.error.actor.0.shipmentForm.shipping:0':
      '被拒绝（序列号已发过货、订单期间已被修改）：原因保留。',
  },
  loanSerials: {
    editing: '每行的序列号（每件一个，每行一个），显示已保存的或正在输入的；修改后清除上次的拒绝原因。',
    saving: '所有行连同看到的版本一起提交；服务器按发货的规则检查并指明出错的行，返回保存后的借货单。',
  },
  loanReturnLines: {
    idle: '尚未填写借货单号：没有可归还的货物。',
    typing: '借货单号还在输入：停止输入后再读取。',
    ready: '未归还的各行：本次归还的货物按序列号勾选（无序列号的行填写数量），并选择检验结果。',
  },
  shipmentReceipt: {
    shown: '服务器判断此人此刻能否答复：等待签收时，由代理商员工或销售运营答复。',
    reporting: '签收异常（损坏、短缺）须说明问题所在；处理结果须说明处理方式。',
    'shown:resolution.open:0': '销售运营处理已报告的异常（换货、赔偿）：之后视为已签收。',
  },
  deliveryInfo: {
    'shown:address.use:0': '由发货岗位操作，只在订单仍有未发货部分时。',
    'shown:info.confirm:0': '由发货岗位操作：尚未确认或确认后又有修改，且仍有未发货部分。',
  },
  policyVersions: {
    shown: '服务器判断此人此刻能否起草新版本：已发布或已生效、且没有未发布新版本的政策，由录入政策的人起草。',
  },
  rspSti: {
    shown: '总部（渠道部、高管、管理员）可以计算；能打开该行的人都能看到数字。',
  },
};
