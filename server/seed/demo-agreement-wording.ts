import { TemplateType } from '../../domain/codes/customers.codes';
import { makeCreditCode } from '../../domain/credit-code';
import type { DocBlock, DocOptions } from '../agreements/docx-writer';

/**
 * The demo vendor's channel agreements as its legal department would write them in Word: the parties
 * with their full names, the authorisation, territory and term, prices and payment through the
 * agent's bank account, rebates, reports, confidentiality, breach and disputes, then a signature page
 * with both parties' seal and signature blocks; numbered pages with the agreement's number on top.
 * `{Name}` are the portal's placeholders (domain/agreement-placeholders.ts). The vendor is invented.
 */
const VENDOR = {
  name: '华岳星辰计算机系统有限公司',
  creditCode: makeCreditCode('91110108MA01HYXC0'),
  address: '北京市海淀区中关村大街 88 号星辰大厦 12 层',
  representative: '林远航',
};

/** What the agent is called in each type of agreement. */
const ROLE: Record<string, string> = {
  [TemplateType.generalDistributor]: '总代理',
  [TemplateType.rsp]: '省级代理',
  [TemplateType.ccp]: '城市代理',
};

const p = (text: string): DocBlock => ({ kind: 'paragraph', text, indent: true });
const h = (text: string): DocBlock => ({ kind: 'heading', text });
const f = (label: string, value: string): DocBlock => ({ kind: 'field', label, value });

const sealBlock = (party: string, name: string) => [
  `${party}（盖章）：`,
  name,
  '',
  '',
  '法定代表人或授权代表（签字）：',
  '',
  '日期：　　　　年　　月　　日',
];

export const AGREEMENT_LAYOUT: DocOptions = {
  header: '协议编号：{AgreementNo}',
  pageNumbers: { before: '第 ', between: ' 页 共 ', after: ' 页' },
};

/** The blocks of one type's agreement, titled with the type's name. */
export function agreementWording(type: string, title: string): DocBlock[] {
  const role = ROLE[type] ?? '代理商';
  return [
    { kind: 'title', text: title },
    f('协议编号：', '{AgreementNo}'),
    f('签订日期：', '{SignDate}'),
    { kind: 'paragraph', text: '' },
    f('甲方（供货方）：', VENDOR.name),
    f('统一社会信用代码：', VENDOR.creditCode),
    f('住所：', VENDOR.address),
    f('法定代表人：', VENDOR.representative),
    { kind: 'paragraph', text: '' },
    f(`乙方（${role}）：`, '{AgentName}'),
    f('统一社会信用代码：', '{CreditCode}'),
    f('客户编号：', '{AccountID}'),
    f('住所：', '{FullAddress}'),
    f('法定代表人：', '{LegalRepresentative}'),
    f('联系人：', '{ContactName}（电话 {ContactPhone}，邮箱 {Email}）'),
    p(
      `甲乙双方本着平等互利、诚实信用的原则，经友好协商，就甲方授权乙方作为甲方${role}销售甲方产品事宜，达成如下协议，以资共同遵守。`,
    ),
    h('第一条 授权内容'),
    p(
      `1.1 甲方授权乙方在本协议第二条约定的区域内，以甲方${role}的身份销售甲方自有品牌的服务器、存储、商用 PC 及网络产品（以下简称“产品”），并提供相应的售前与售后服务。`,
    ),
    p('1.2 未经甲方书面同意，乙方不得将本协议项下的权利义务转让或再授权给任何第三方。'),
    h('第二条 授权区域'),
    p(
      '乙方的授权区域为：{Territory}。乙方不得在授权区域以外主动销售产品；跨区域项目须按甲方的商机报备规则事先报备，经甲方确认后方可进行。',
    ),
    h('第三条 协议期限'),
    p(
      '本协议有效期自 {StartDate} 起至 {EndDate} 止。期满前九十日甲方启动续签评审；双方续签的，以新签协议为准，未续签的本协议期满终止。',
    ),
    h('第四条 价格、订货与付款'),
    p('4.1 产品价格按甲方公布的渠道价格执行；特殊价格须经甲方特价审批，仅限审批所列项目使用。'),
    p('4.2 乙方通过甲方销售管理门户下达订单，甲方按订单约定的付款方式与账期安排发货。'),
    p('4.3 乙方向甲方付款应以乙方名义从下列账户支付，甲方应付乙方的返利等款项亦汇入该账户：'),
    f('开户银行：', '{BankName}'),
    f('开户名称：', '{BankAccountName}'),
    f('银行账号：', '{BankAccount}'),
    p('乙方变更上述账户的，应提前十五日书面通知甲方并提交新账户的开户证明，否则由此产生的损失由乙方承担。'),
    h('第五条 任务与返利'),
    p('乙方的年度销售任务由双方另行确认；返利按甲方年度渠道政策计算，以甲方发布的结算公告为准。'),
    h('第六条 报表与信息'),
    p('乙方应于每月 5 日前通过门户提交上月的进货、销售与库存报表，并保证数据真实、完整。'),
    h('第七条 保密与廉洁'),
    p(
      '双方对在合作中获知的对方商业秘密负有保密义务，保密期限至本协议终止后两年。双方另行签署的《廉洁协议》《保密协议》为本协议的附件，与本协议具有同等效力。',
    ),
    h('第八条 违约与终止'),
    p(
      '一方严重违反本协议且在收到对方书面通知后三十日内未予纠正的，守约方有权书面通知解除本协议，并要求违约方赔偿由此造成的损失。',
    ),
    h('第九条 争议解决'),
    p(
      '因本协议引起或与本协议有关的争议，双方应友好协商解决；协商不成的，任何一方均可向甲方住所地有管辖权的人民法院提起诉讼。',
    ),
    h('第十条 其他'),
    p(
      '本协议一式两份，甲乙双方各执一份，具有同等法律效力，自双方法定代表人或授权代表签字并加盖公章之日起生效。',
    ),
    p('（以下无正文，为签署页）'),
    { kind: 'pageBreak' },
    { kind: 'paragraph', text: `（本页为《${title}》之签署页，无正文）` },
    { kind: 'paragraph', text: '' },
    { kind: 'signatures', columns: [sealBlock('甲方', VENDOR.name), sealBlock('乙方', '{AgentName}')] },
  ];
}
