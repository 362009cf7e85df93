/**
 * The rules of the books (docs/books.md), by area and invariant key as the areas declare them: what
 * holds (a heading of 账务核对) and one finding, naming its record by {{label}} and its figures.
 */
export const bookRules = {
  orders: {
    amountIsSumOfLines: {
      title: '订单金额 = 各行金额之和',
      message: '订单 {{label}}：金额 {{amount}}，各行合计 {{lines}}',
    },
    drawnIsSumOfLiveOrders: {
      title: '执行单每行已执行数量 = 在用订单各行数量之和',
      message: '执行单 {{label}} 第 {{line}} 行：已执行 {{drawn}}，在用订单合计 {{ordered}}',
    },
    figuresFollowLines: {
      title: '执行单的执行金额、已执行、剩余与状态随各行',
      message:
        '执行单 {{label}}：执行金额 {{amount}}、已执行 {{executed}}、剩余 {{remaining}}，各行应为 {{linesAmount}}、{{linesExecuted}}、{{linesRemaining}}（状态随已执行数量）',
    },
    executionOrderOpportunityOfItsAgent: {
      title: '执行单关联的报备编号是其代理商自己的商机',
      message: '执行单 {{label}}：报备编号 {{opportunityNo}} 不是代理商 {{agent}} 的商机',
    },
    shippedWithinOrdered: {
      title: '订单每行已发货数量不超过订购数量',
      message: '订单 {{label}} 第 {{line}} 行：订购 {{ordered}}，已发货 {{shipped}}',
    },
    deliveryFollowsShipments: {
      title: '订单的已发货数量与发货状态随其发货单',
      message:
        '订单 {{label}}：已发货 {{shipped}}，发货单合计 {{shipments}}、订购 {{ordered}}（发货状态随之）',
    },
    allocationsWithinReceipt: {
      title: '回款的核销合计不超过回款金额',
      message: '回款 {{label}}：金额 {{amount}}，核销合计 {{allocations}}',
    },
    receiptFollowsAllocations: {
      title: '回款的已核销、未核销金额 = 其核销合计',
      message:
        '回款 {{label}}：金额 {{amount}}，已核销 {{allocated}}、未核销 {{unallocated}}，核销合计 {{allocations}}',
    },
    paidFollowsConfirmedAllocations: {
      title: '订单的已回款、未回款与回款状态随已确认的核销',
      message:
        '订单 {{label}}：已回款 {{paid}}、未回款 {{unpaid}}，应付 {{due}}、已确认核销 {{confirmed}}（回款状态随之）',
    },
    invoicedWithinPaid: {
      title: '订单的开票金额不超过已确认回款',
      message: '订单 {{label}}：开票 {{invoiced}}（含审核中），已确认回款 {{paid}}',
    },
    invoicingFollowsApplications: {
      title: '订单的已开票金额与开票状态随其已开票的申请',
      message: '订单 {{label}}：已开票 {{invoiced}}，已开票申请合计 {{lines}}、应付 {{due}}（开票状态随之）',
    },
    outstandingFollowsRows: {
      title: '借货单未还 = 借出 − 归还 − 赔偿 − 转销，且各数量与明细相符',
      message:
        '借货单 {{label}}：借出 {{lent}}、归还 {{returned}}、赔偿 {{compensated}}、转销 {{converted}}；明细为借出 {{rowsLent}}、归还 {{rowsReturned}}、赔偿 {{rowsCompensated}}、转销 {{rowsConverted}}',
    },
    conversionsAreLiveSales: {
      title: '转销记录只计入未取消、未驳回的借转销订单',
      message: '借货单 {{label}}：{{units}} 件转销记在订单 {{orderNo}} 上，该订单已取消、已驳回或已不存在',
    },
    orderOpportunityOfItsAgent: {
      title: '订单关联的报备编号是其代理商自己的商机',
      message: '订单 {{label}}：报备编号 {{opportunityNo}} 不是代理商 {{agent}} 的商机',
    },
    yearCountsFollowOrders: {
      title: '订单列表按单号年份与范围记下的订单数 = 实有订单数',
      message: '{{label}}：记下 {{kept}} 张订单，实有 {{counted}} 张',
    },
    opportunityOfItsAgent: {
      title: '借货单关联的商机是其代理商自己的商机',
      message: '借货单 {{label}}：关联商机 {{opportunityNo}} 不是代理商 {{agent}} 的商机',
    },
    serialsFollowUnits: {
      title: '借货行每件未还的货物都有序列号，标记为已归还、已转销的序列号不多于归还、转销的件数',
      message:
        '借货行 {{label}}：未还 {{out}} 件、归还 {{back}} 件、转销 {{sold}} 件；序列号未还 {{serialsOut}} 个、已归还 {{serialsBack}} 个、已转销 {{serialsSold}} 个',
    },
  },
  rebates: {
    balanceIsSumOfFlows: {
      title: '返利账户余额 = 各流水之和',
      message:
        '{{agent}} 的账户（最近流水 {{label}}）：可用 {{available}}、冻结 {{frozen}}、待结 {{pending}}，各流水合计可用 {{available_flows}}、冻结 {{frozen_flows}}、待结 {{pending_flows}}',
    },
    flowsNumberedInTurn: {
      title: '返利账户的流水从 1 起依次编号、不缺号：最后一笔的序号就是客户返利流水列出的笔数',
      message: '{{agent}} 的账户（最近流水 {{label}}）：共 {{flows}} 笔流水，序号编到 {{last_seq}}',
    },
    summaryAddsUpToBalance: {
      title: '客户返利汇总：入账 + STI − 已使用 ± 冲回 ± 调整 − 过期 − 兑付 = 余额 = 可用 + 冻结',
      message:
        '{{agent}} 的账户（最近流水 {{label}}）：入账 {{posted}} + STI {{sti}} − 已使用 {{used}} ± 冲回 {{reversed}} ± 调整 {{adjusted}} − 过期 {{expired}} − 兑付 {{paid_out}} = {{columns}}，余额 {{balance}}（可用 {{available}} + 冻结 {{frozen}}）',
    },
    frozenBelongsToOrderInApproval: {
      title: '冻结的返利属于审批中的订单',
      message:
        '订单 {{label}}：{{agent}} 的返利为它冻结 {{frozen}}，但订单已不在审批中（已删除、已取消或已审完）',
    },
    rebateUsedFollowsLedger: {
      title:
        '订单已用返利 = 其使用流水 − 冲回流水（变更后仍按原订单号）：生效中为订单记的已用返利，取消或驳回后为 0',
      message:
        '订单 {{label}}（{{agent}}）：应占用返利 {{expected}}，订单显示已用 {{held}}，流水使用 {{used}}、冲回 {{reversed}}',
    },
    settlementPostsItsLines: {
      title: '结算入账 = 计算返利 + 调整',
      message:
        '结算 {{label}}：应付 {{payable}}（计算 {{calculated}} + 调整 {{adjusted}}），已入账 {{posted}}',
    },
    sheetLinesAreTheirFlows: {
      title: '结算单：已发布的每行 = 其入账流水；未发布或已作废的不含流水',
      message: '结算单 {{label}}：任务 {{task}} 行金额 {{amount}}，流水 {{flow}} 入账 {{posted}}',
    },
  },
  salesTasks: {
    stiPostedOnce: {
      title: 'RSP STI：已入账的 STI 在返利账户上恰好一笔同额流水，且没有无 STI 的 STI 流水',
      message: 'STI {{label}}：金额 {{amount}}，STI 流水 {{count}} 笔，合计 {{total}}',
    },
    stiOnlyForTargetsSetBefore: {
      title: 'RSP STI：只为省份任务审批通过之后开始的季度入账',
      message: 'STI {{label}}：季度始于 {{start}}，计算时省份任务的审批通过时间为 {{approved}}',
    },
    targetQuartersAddUp: {
      title: '省份任务：四个季度之和 = 年度任务',
      message: '省份任务 {{label}}：年度任务 {{annual}}，季度合计 {{quarters}}',
    },
    taskSplitAddsUp: {
      title: '任务分解：季度之和 = 年度任务，月度之和 = 所属季度',
      message: '任务 {{label}}：{{period}} {{amount}}，分解合计 {{parts}}',
    },
    lineQuartersAddUp: {
      title: 'RSP 与城市经理任务：四个季度之和 = 全年任务',
      message: '{{label}}：全年 {{annual}}，季度合计 {{quarters}}',
    },
    oneTargetPerKey: {
      title: '每个年度、省份、品牌、指标只有一个省份任务',
      message: '省份任务 {{label}}：同一年度、省份、品牌、指标共有 {{count}} 个',
    },
    lineBelongsToTarget: {
      title: '每条 RSP 任务属于一个现存的省份任务，且每家 RSP 只分配一次',
      message: 'RSP 任务 {{label}}：对应的省份任务 {{targets}} 个，同一 RSP 在该任务上共 {{lines}} 条',
    },
    confirmationStandsForItsFigure: {
      title: 'RSP 的确认只对其确认的任务额有效',
      message: 'RSP 任务 {{label}}：确认时 {{confirmed}}，现为 {{amount}}',
    },
    confirmationIsOfItsTarget: {
      title:
        'RSP 任务的确认只属于它现在所在的省份任务：移到别的省份任务后原确认不再有效，原任务的确认也不再等它',
      message: 'RSP 任务 {{label}}：第 {{round}} 轮确认（{{status}}）不属于它现在所在的省份任务',
    },
    targetOutAsksEveryLine: {
      title: '待代理商确认的省份任务至少有一条 RSP 任务，且每条 RSP 任务在答复前都有一轮确认等待其 RSP',
      message: '省份任务 {{label}} 待代理商确认，共 {{lines}} 条 RSP 任务；未发给 RSP 确认的：{{unasked}}',
    },
    loadBearingIsLinesOverTarget: {
      title: '省份承载 = RSP 承载合计 ÷ 省份任务',
      message:
        '省份任务 {{label}}：RSP 承载 {{allocated}}（实际合计 {{lines}}），承载率 {{rate}}%（应为 {{expected}}%）',
    },
    allocatedIsLinesOfKey: {
      title:
        '任务管理：已分配 = 同年度、省份、品牌、指标的 RSP 任务合计，未分配 = 年度任务减已分配（不低于零）',
      message:
        '任务 {{label}}：已分配 {{allocated}}（RSP 任务合计 {{lines}}），未分配 {{unallocated}}（应为 {{expected}}）',
    },
    cityManagerAllocatedIsTasks: {
      title: '省份任务：已分配城市经理任务 = 同年度、省份、品牌、指标的城市经理任务合计',
      message: '省份任务 {{label}}：已分配城市经理任务 {{allocated}}，城市经理任务合计 {{tasks}}',
    },
  },
  reports: {
    openingIsLastClosing: {
      title: '库存期初 = 上一期期末（向前、向后都成立）',
      message:
        '库存报表 {{label}}（{{agent}}，{{period}}）型号 {{model}}：期初 {{opening}}，{{previous}} 期末 {{expected}}',
    },
    countsTheLinesItLists: {
      title: '报表的明细行数和数量合计等于其列出的明细',
      message:
        '报表 {{label}}（{{agent}}，{{period}}）：记为 {{counted}} 行、数量 {{counted_quantity}}，明细为 {{listed}} 行、数量 {{listed_quantity}}',
    },
    oneLinePerKey: {
      title: '同一代理商的同一报表行只有一行',
      message: '报表 {{label}}（{{agent}}，{{period}}）：“{{line_key}}”有 {{lines}} 行',
    },
    linesNameAKnownModel: {
      title: '报表明细的产品型号都是已知的产品型号',
      message:
        '报表 {{label}}（{{agent}}，{{period}}）：{{lines}} 行明细的产品型号“{{model}}”不是已知的产品型号',
    },
    reconciliationCountsEachLineOnce: {
      title: '月度发货报表：供货与进货数量等于发货单和进货明细之和',
      message:
        '{{label}}：发货 {{shipped}}，报表供货 {{supplied}}；进货明细 {{reported}}，报表进货 {{purchased}}',
    },
    ownLineMonthFigures: {
      title: '看板与报表的月度汇总（自有品牌）= 其来源单据之和',
      message:
        '{{label}}（自有品牌）：汇总 {{keptCount}} 单、金额 {{keptAmount}}、回款 {{keptPaid}}、开票 {{keptInvoiced}}、发货 {{keptShipped}}/{{keptOrdered}}；单据合计 {{count}} 单、金额 {{amount}}、回款 {{paid}}、开票 {{invoiced}}、发货 {{shipped}}/{{ordered}}',
    },
    partnerLineMonthFigures: {
      title: '看板与报表的月度汇总（合作品牌）= 其来源单据之和',
      message:
        '{{label}}（合作品牌）：汇总 {{keptCount}} 单、金额 {{keptAmount}}、回款 {{keptPaid}}、开票 {{keptInvoiced}}、发货 {{keptShipped}}/{{keptOrdered}}；单据合计 {{count}} 单、金额 {{amount}}、回款 {{paid}}、开票 {{invoiced}}、发货 {{shipped}}/{{ordered}}',
    },
    ownLineCollections: {
      title: '销售任务的回款额（自有品牌）= 已确认回款的核销之和',
      message:
        '{{label}}（自有品牌）：汇总 {{keptCount}} 笔核销、回款 {{keptPaid}}；已确认回款核销 {{count}} 笔、{{paid}}',
    },
    partnerLineCollections: {
      title: '销售任务的回款额（合作品牌）= 已确认回款的核销之和',
      message:
        '{{label}}（合作品牌）：汇总 {{keptCount}} 笔核销、回款 {{keptPaid}}；已确认回款核销 {{count}} 笔、{{paid}}',
    },
  },
  agents: {
    limitIsLastApproved: {
      title: '代理商的授信额度 = 最近一次批准的授信额度变更申请的新额度',
      message:
        '代理商 {{label}}：自有品牌授信额度 {{limit}}、合作品牌 {{partnerLimit}}，最近批准的申请为 {{approved}}、{{approvedPartner}}',
    },
    supplierIsRspOfProvince: {
      title: '城市代理的供货上级 = 本省正常合作、待续签，或被暂停合作、列入黑名单的省级代理',
      message:
        '城市代理 {{label}}（{{province}}）：供货上级 {{supplier}}（{{supplierProvince}}）不是本省正常合作、待续签，或被暂停合作、列入黑名单的省级代理',
    },
    supplierNameIsSupplier: {
      title: '城市代理显示的供货上级名称 = 供货上级的名称',
      message: '城市代理 {{label}}：显示的供货上级为 {{kept}}，实际供货上级为 {{supplier}}',
    },
  },
  opportunities: {
    recordsInDealScope: {
      title: '商机的产品与进展记录随商机的归属：与商机同一代理商、省份、城市',
      message: '商机 {{label}}：归属 {{owner}}，其 {{records}} 条产品或进展记录归属 {{recordOwner}}',
    },
  },
  specialPrices: {
    executedIsExecutionLines: {
      title: '特价每行已执行数量 = 由其生成的执行单各行批准数量之和',
      message: '特价 {{label}} 第 {{line}} 行：已执行 {{executed}}，执行单合计 {{executionLines}}',
    },
    totalsAreSumOfLines: {
      title: '特价的标准价合计、申请价合计与批准价合计 = 各行单价 × 数量之和',
      message:
        '特价 {{label}}：标准价合计 {{listTotal}}（各行 {{linesList}}），申请价合计 {{applyTotal}}（各行 {{linesApply}}），批准价合计 {{approvedTotal}}（各行 {{linesApproved}}）',
    },
  },
  system: {
    stepsFollowEvents: {
      title: '流程记录的步数 = 其事件数',
      message: '流程 {{label}}：记录为第 {{steps}} 步，事件共 {{events}} 条',
    },
    stateIsLastReached: {
      title: '流程记录的状态 = 最后一次决定所到的状态',
      message: '流程 {{label}}：记录的状态不是第 {{step}} 步的决定所到的状态',
    },
  },
};
