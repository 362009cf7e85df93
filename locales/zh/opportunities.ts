import { opportunityConfigMessages } from './opportunity-config';
import { participantMessages } from './opportunity-participants';

/**
 * Opportunity registration and protection (DOMAIN.md "Opportunities"): the words of its workflow, its
 * server messages, its daily job and its guards. Spread into the shared sections where they are read.
 */
export const opportunities = {
  decision: {
    title: '商机报备',
    commands: {
      submit: '提交报备',
      withdraw: '撤回报备',
      award: '裁决给本商机',
      keepFirst: '维持先报备者',
      recordProgress: '填写进展',
      extend: '延期保护',
      release: '释放',
      win: '赢单',
      close: '输单',
      // The system's own steps (the check after submitting, the daily protection job).
      protect: '确认保护',
      flagConflict: '标记撞单',
      markAtRisk: '标记预警',
      expire: '保护到期',
    },
    // The words a win or a loss asks for beside its amount or its loss reason.
    reasonOf: { win: '备注', close: '输单说明', recordProgress: '进展内容' },
    states: {
      draft: '草稿',
      submitted: '待审核',
      conflict: '撞单待裁决',
      protected: '保护中',
      atRisk: '待更新(预警)',
      expired: '已过期',
      released: '已释放',
      won: '已成交',
      closed: '已关闭',
      rejected: '已驳回',
      withdrawn: '已撤回',
    },
  },
  server: {
    ...opportunityConfigMessages,
    ...participantMessages,
    extendedAlready: '保护期只能延期 {{max}} 次，已用完',
    stageContradicts:
      '与报备状态矛盾：赢单只能通过“赢单”操作，输单/无效只能通过“关闭”，已结束的报备不能改为赢单',
    lockedUnderProtection: '保护期内不能修改（最终客户与产品线决定报备保护）',
    ownerChanged: '商机归属已变更，保护截止日期不变',
    notProtected: '只有保护中或预警中的商机可以变更归属',
    notAnAgent: '请选择一个合作中的代理商',
    ownerByTransfer: '商机归属只能通过商机转移变更',
    agentNotOwn: '只能是本公司：代理商为本公司报备商机',
    channelNotOwn: '只能是本公司或本公司供货的城市代理',
    notOwnerManager: '只有渠道经理或省区经理可以变更商机归属',
    customerTaken: '已有同名的商机客户 {{name}}',
    creditCodeInvalid: '不是有效的统一社会信用代码',
    creditCodeTaken: '已被商机客户 {{name}} 使用',
    unknownProvince: '不是省份名称，请从区域中选择',
    unknownCity: '不是 {{province}} 的城市',
    unknownOwner: '须为员工选择器中的一位在职员工',
    letterNotAsked: '本产品行无需选择承诺函（无投标方，或承诺函已出具）',
    letterNotOfDeal: '须为本商机的有效承诺函（未驳回、撤回或撤销）',
    itemsOwnerOnly: '只有商机的归属代理商（或代其报备的员工）可以维护商机产品',
    itemsClosed: '商机 {{no}} {{state}}，不能再修改产品',
    itemNotOwnLine: '配置的子件随配置一起维护，请修改配置行',
    itemLine: '{{code}} 不属于本商机的产品线',
    itemTaken: '{{code}} 已在本商机的产品中，请修改数量',
    itemPrice: '须为大于 0 的金额，最多两位小数',
    specialPriceLine: '{{code}} 不是本商机的产品，也不属于商机的产品线',
  },
  endingJob: {
    title: { name: '商机保护期即将结束提醒', group: '商机' },
    handler:
      '保护期将在参数天数（days，默认 7 天）内结束的商机，通知其归属代理商；同一商机同一截止日只通知一次',
    message: '{{today}}：{{ending}} 个商机的保护期将在 {{days}} 天内结束，新通知 {{told}} 个',
  },
  job: {
    title: { name: '商机保护到期与预警', group: '商机' },
    handler: '商机报备保护：保护期已过的置为已过期，超过配置天数无进展记录的置为待更新(预警)',
    message: '{{today}}：{{expired}} 个商机保护到期，{{atRisk}} 个商机因长期无进展记录转为预警',
  },
  guards: {
    isDealSide: '商机一方（代理商、城市经理、渠道经理或省区经理）',
    isSystem: '系统',
    isProvinceManager: '省区经理',
    isProtectionManager: '渠道经理或省区经理',
    hasExtensionLeft: '尚未延期',
  },
};

/** Labels of the registration's fields that only its pages show. */
export const opportunityRegistrationFields = {
  ExtConflictWith_SDK: '撞单的已保护商机',
  ExtPartnerSalesArea_SDK: '销售区域',
};
