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
  /** The shipping instructions and shipments of the partner's orders (docs/partner-pull.md). */
  shipping: {
    instructions: {
      job: {
        title: { name: '合作品牌发货指令拉取', group: '订单' },
        handler:
          '从合作品牌接口拉取已同步订单的发货指令：有效指令保存，无效数据记入发货指令错误日志，每次拉取记入订单拉取日志',
        message: '批次 {{batchNo}}：拉取发货指令 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
        notConfigured: '未配置合作品牌接口地址（任务参数 url 或环境变量 PARTNER_URL），未拉取',
      },
      run: {
        done: '发货指令：拉取 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
        timeout: '发货指令：合作品牌接口 {{seconds}} 秒内未响应，本次未写入任何数据',
        status: '发货指令：合作品牌接口返回 HTTP {{status}}，本次未写入任何数据',
        unreachable: '发货指令：无法连接合作品牌接口（{{problem}}），本次未写入任何数据',
      },
    },
    shipments: {
      job: {
        title: { name: '合作品牌发货单拉取', group: '订单' },
        handler:
          '从合作品牌接口拉取按发货指令发出的发货单：有效发货单生成发货记录、等待代理商签收，无效数据记入发货指令错误日志，每次拉取记入订单拉取日志',
        message: '批次 {{batchNo}}：拉取发货单 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
        notConfigured: '未配置合作品牌接口地址（任务参数 url 或环境变量 PARTNER_URL），未拉取',
      },
      run: {
        done: '发货单：拉取 {{total}} 条，成功 {{success}} 条，失败 {{fail}} 条',
        timeout: '发货单：合作品牌接口 {{seconds}} 秒内未响应，本次未写入任何数据',
        status: '发货单：合作品牌接口返回 HTTP {{status}}，本次未写入任何数据',
        unreachable: '发货单：无法连接合作品牌接口（{{problem}}），本次未写入任何数据',
      },
    },
    reasons: {
      malformed: '数据不是有效的 JSON：{{problem}}',
      notObject: '数据不是一条发货指令或发货单',
      missingInstructionNo: '缺少发货指令号',
      missingOrderNo: '缺少合作品牌订单号',
      missingShipmentNo: '缺少合作品牌发货单号',
      badInstructionDate: '指令日期“{{value}}”须为有效日期(YYYY-MM-DD)',
      badShipDate: '发货日期“{{value}}”须为有效日期(YYYY-MM-DD)',
      receiverNameTooLong: '收货人不能超过 {{max}} 个字符',
      receiverPhoneTooLong: '收货人电话不能超过 {{max}} 个字符',
      receiverAddressTooLong: '收货地址不能超过 {{max}} 个字符',
      waybillTooLong: '物流公司和运单号均不能超过 {{max}} 个字符',
      unknownOrder: '合作品牌订单 {{orderNo}} 在门户中不存在（订单尚未同步或同步失败）',
      noLines: '没有明细行',
      tooManyLines: '明细行不能超过 {{max}} 行',
      unknownLine: '第 {{line}} 行不是合作品牌订单 {{orderNo}} 的订单行',
      lineTwice: '订单第 {{line}} 行出现了多次',
      missingProduct: '第 {{line}} 行缺少物料编码',
      unknownProduct: '第 {{line}} 行物料编码 {{code}} 在门户中不存在',
      productNotOnLine:
        '第 {{line}} 行物料编码 {{code}} 与合作品牌订单 {{orderNo}} 该行的物料 {{expected}} 不一致',
      badQuantity: '第 {{line}} 行数量“{{value}}”须为正整数',
      overInstructed: '第 {{line}} 行指令数量 {{value}} 超过该行尚未下达发货指令的数量 {{open}}',
      instructionChangedAfterShipping: '发货指令 {{no}} 已有发货，合作品牌的修改未同步',
      unknownInstruction: '发货指令 {{no}} 不存在或不属于合作品牌订单 {{orderNo}}（指令尚未拉取或拉取失败）',
      lineNotInstructed: '订单第 {{line}} 行不在发货指令 {{no}} 中',
      overInstruction: '第 {{line}} 行发货数量 {{value}} 超过发货指令尚未发货的数量 {{open}}',
      overShip: '第 {{line}} 行发货数量 {{value}} 超过订单行尚未发货的数量 {{open}}',
      badSerials: '第 {{line}} 行的序列号须为一组非空的文本',
      serialCount: '第 {{line}} 行发货 {{quantity}} 件，序列号却有 {{count}} 个',
      serialTooLong: '第 {{line}} 行的序列号不能超过 {{max}} 个字符',
      serialTaken: '序列号 {{serial}} 已经发过货',
      shipmentChanged: '该发货单已生成门户发货单 {{no}}，合作品牌修改后的明细未同步',
    },
  },
  /** The original data of a partner order: each line as the partner sent it. */
  original: {
    line: '第 {{line}} 行 {{code}} × {{quantity}}',
    separator: '；',
  },
  /** The retry panel of an error row (views/pages/partner). */
  retry: {
    title: '重处理',
    hint: '按门户当前的数据重新校验这条数据；合作品牌的数据有误时，可先更正原始数据再重处理。',
    payload: '原始数据（可更正）',
    submit: '重处理',
    resolved: '这条数据已处理成功。',
    done: '重处理成功',
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
