export const policyGuards = {
  isPolicyOffice: '渠道或商务人员',
  isAgentStaff: '代理商人员',
  hasNotRead: '尚未确认阅读',
  mayTickRead: '代理商人员且尚未确认阅读',
  mayVoid: '渠道或商务人员且已填写原因',
  mayDraft: '服务端允许起草新版本（已发布或生效中，且没有未发布的新版本）',
};

/** The rebate ledger's and policy announcements' own words: account types, refusals, the read list. */
export const rebateMessages = {
  problems: {
    positiveFen: '须为大于 0 的金额（最多两位小数）',
    nonZeroFen: '须为不等于 0 的金额（最多两位小数）',
    reasonRequired: '调整须填写原因',
    ratioRange: '须在 0 到 100 之间',
    endBeforeStart: '不能早于生效日期',
    unknownAgent: '代理商不存在或无权查看',
  },
  overAvailable: '金额 {{amount}} 元超过可用余额 {{available}} 元',
  freezeOverAvailable: '冻结金额 {{amount}} 元超过可用余额 {{available}} 元',
  useOverFrozen: '订单 {{order}} 使用金额 {{amount}} 元超过其冻结金额 {{frozen}} 元',
  ratioOverlaps: '同一品牌和渠道层级在该期间已有启用的最大使用比例',
  usableOverLimit: '本单最多可用返利 {{usable}} 元',
  demoReasons: {
    supplement: '补发：进销存报表延迟提交的返利',
    penalty: '扣罚：跨区域销售',
    cashDiscount: '现金折扣：先款后货',
  },
  demoPolicies: {
    rsp: {
      title: '2026年第四季度省级代理提货返利政策',
      content:
        '季度提货额达到任务额100%及以上的省级代理，按提货额的2%计提返利；达到120%及以上按3%计提。特价单不计入返利基数。返利入账后12个月内可用于订单抵扣。',
    },
    all: {
      title: '2026年度自有品牌渠道返利政策',
      content:
        '自有品牌全渠道适用。年度提货额达到500万元返1%，达到1000万元返1.5%，按超额累进计算。借转销订单不计入返利基数。',
    },
    ccp: {
      title: '2026年第四季度城市代理回款激励政策',
      content: '城市代理季度回款额达到任务额的90%及以上，按回款额的1%计提返利，以订单抵扣方式兑付。',
    },
  },
  adjusted: '返利调整已入账',
  policy: {
    commands: {
      publish: '发布',
      read: '确认已阅',
      takeEffect: '开始生效',
      end: '结束',
      supersede: '由新版本取代',
    },
    states: {
      approved: '已通过待发布',
      published: '已发布',
      effective: '生效中',
      ended: '已结束',
      superseded: '已被新版本取代',
    },
    readConfirmed: '已确认阅读',
    notPublished: '公告尚未发布，不能确认阅读',
    frozenAfterPublish: '公告发布后计算参数已冻结，请新建版本更正',
    versionOfLiveOnly: '公告 {{no}} 不是已发布或生效中的政策，不能新建版本；草稿请直接修改',
    versionOpen: '该政策已有未发布的新版本 {{no}}，请在该版本上修改',
    versionDrafted: '新版本已起草，请修改后提交审批',
    versions: {
      title: '政策版本',
      columns: { version: '版本', no: '公告编号', status: '公告状态', open: '查看' },
      current: '当前',
      open: '打开 {{no}}',
      frozen: '本政策已发布，计算参数已冻结；如需更正，请起草新版本，新版本发布后本版本即被取代。',
      draft: '起草新版本',
      drafted: '新版本已起草，请修改后提交审批',
    },
    readers: '已阅代理商',
    readAt: '阅读时间',
    noReaders: '暂无代理商确认阅读',
    markRead: '确认已阅',
    newVersion: '新建版本',
    version: '版本',
    tiers: '阶梯表',
    threshold: '门槛（元）',
    rate: '返利率（%）',
    tierMode: '计算方式',
    tierModes: { full: '全额', progressive: '超额累进' },
    exclusions: '排除项',
    exclusionOptions: { specialPrice: '特价单', loanToSale: '借转销', partnerModels: '合作品牌指定型号' },
    channels: '适用渠道',
    provinces: '适用省份',
  },
};
