/** The partner line's pull (server/partner): its job, why a partner row was refused, how a run ended. */
export const partner = {
  job: {
    title: { name: '合作品牌订单拉取', group: '订单' },
    handler:
      '从合作品牌接口拉取订单：有效数据生成同步订单，无效数据记入订单错误日志，每次拉取记入订单拉取日志',
    message: '批次 {{batchNo}}：拉取 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
    notConfigured: '未配置合作品牌接口地址（任务参数 url 或环境变量 PARTNER_URL），未拉取',
  },
  reasons: {
    malformed: '数据不是有效的 JSON：{{problem}}',
    notObject: '数据不是一个订单对象',
    missingField: '缺少字段 {{field}}',
    badDate: '下单日期“{{value}}”须为有效日期(YYYY-MM-DD)',
    missingAgent: '缺少代理商编码',
    unknownAgent: '代理商编码 {{code}} 在门户中不存在',
    noLines: '订单没有明细行',
    tooManyLines: '订单明细行不能超过 {{max}} 行',
    missingProduct: '第 {{line}} 行缺少物料编码',
    unknownProduct: '第 {{line}} 行物料编码 {{code}} 在门户中不存在',
    badQuantity: '第 {{line}} 行数量“{{value}}”须为正整数',
    badPrice: '第 {{line}} 行单价“{{value}}”须为不小于 0 且最多两位小数的金额',
    changedAfterTracking: '订单 {{orderNo}} 已有回款、发货或开票记录，合作品牌的修改未同步',
  },
  run: {
    done: '拉取 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
    timeout: '合作品牌接口 {{seconds}} 秒内未响应，本次未写入任何数据',
    status: '合作品牌接口返回 HTTP {{status}}，本次未写入任何数据',
    unreachable: '无法连接合作品牌接口（{{problem}}），本次未写入任何数据',
  },
  server: {
    errorNotFound: '错误记录不存在',
    alreadyResolved: '该错误记录已重处理成功',
    payloadRequired: '请填写更正后的数据',
    retried: '重处理成功',
    stillFailing: '重处理失败：{{reason}}',
  },
  products: {
    job: {
      title: { name: '产品档案拉取', group: '基础数据' },
      handler:
        '从产品数据源拉取产品档案：按物料编码新增或更新产品，无效数据计入失败，每次拉取记入产品拉取日志',
      message:
        '批次 {{batchNo}}：拉取 {{total}} 条，新增 {{created}} 条，更新 {{updated}} 条，失败 {{fail}} 条',
      notConfigured: '未配置产品数据源地址（任务参数 url 或环境变量 PARTNER_URL），未拉取',
    },
    reasons: {
      malformed: '数据不是有效的 JSON：{{problem}}',
      notObject: '数据不是一个产品对象',
      badPartNumber: '物料编码“{{value}}”须为 1–64 位字母、数字、点、横线或下划线',
      badName: '缺少产品名称或名称超过 200 个字符',
      badCategory: '产品类别“{{value}}”不在产品类别字典中',
      badPrice: '标准价“{{value}}”须为不小于 0 且最多两位小数的金额',
      duplicate: '同一物料编码在本次数据中出现多次，只取第一条',
    },
    run: {
      done: '拉取 {{total}} 条：新增 {{created}} 条，更新 {{updated}} 条，无变化 {{unchanged}} 条，失败 {{fail}} 条{{reasons}}',
      reasons: '；失败原因：{{reasons}}',
      timeout: '产品数据源 {{seconds}} 秒内未响应，本次未修改任何产品',
      status: '产品数据源返回 HTTP {{status}}，本次未修改任何产品',
      unreachable: '无法连接产品数据源（{{problem}}），本次未修改任何产品',
    },
  },
};
