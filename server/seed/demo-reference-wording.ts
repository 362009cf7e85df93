import { TemplateType } from '../../domain/codes/customers.codes';
import type { DocBlock } from '../agreements/docx-writer';
import { agreementWording } from './demo-agreement-wording';

/**
 * The demo's agreements beside the channel agreement — integrity, confidentiality, tripartite — in
 * Word: the same parties and signature page as the channel agreement of the demo vendor, with the
 * clauses of their own subject between.
 */
const CLAUSES: Record<string, string[]> = {
  [TemplateType.integrity]: [
    '第一条 双方在业务往来中应遵守国家有关反商业贿赂的法律法规，不得以任何形式向对方人员提供或索取回扣、礼金、有价证券或其他不正当利益。',
    '第二条 乙方不得以任何名义邀请甲方人员参加可能影响公正履职的宴请、娱乐、旅游等活动；甲方人员的正常差旅费用由甲方自行承担。',
    '第三条 任何一方发现对方人员有违反本协议行为的，应及时向对方的纪检监察部门举报，对方应对举报人信息保密。',
    '第四条 乙方违反本协议的，甲方有权暂停供货、取消其当年返利资格，情节严重的解除双方签订的代理协议。',
  ],
  [TemplateType.confidentiality]: [
    '第一条 本协议所称保密信息，指一方在合作中获知的对方价格政策、客户与项目信息、产品规划、技术资料及其他未公开的商业信息。',
    '第二条 接收方仅可为履行代理协议之目的使用保密信息，不得向任何第三方披露；确需向其员工披露的，以工作必需为限，并使其承担同等保密义务。',
    '第三条 代理协议终止后，接收方应按披露方的要求返还或销毁保密信息及其复制件；保密义务在协议终止后两年内继续有效。',
    '第四条 一方违反本协议的，应赔偿对方因此遭受的全部损失。',
  ],
  [TemplateType.tripartite]: [
    '第一条 丙方为乙方的上级代理，其名称与住所由三方签署时填写：＿＿＿＿＿＿＿＿。甲方同意乙方通过丙方进货，丙方按甲方公布的渠道价格向乙方供货，并按代理协议约定的付款方式结算。',
    '第二条 乙方的授权区域为：{Territory}；跨区域项目须事先在甲方销售管理门户报备。',
    '第三条 丙方应按月向甲方报送对乙方的销售与库存数据；甲方据此核算乙方与丙方各自的返利。',
    '第四条 三方任何一方违约的，守约方有权书面通知违约方限期纠正；逾期未纠正的，甲方有权终止本协议。',
  ],
};

/** Whether the demo writes a version of this type with the clauses here rather than as a channel agreement. */
export const hasReferenceWording = (type: string) => type in CLAUSES;

/** The blocks of an integrity, confidentiality or tripartite agreement, titled `title`. */
export function referenceWording(type: string, title: string): DocBlock[] {
  const channel = agreementWording(type, title);
  // The parties end where the channel agreement's preamble begins; the signature page starts at its break.
  const preamble = channel.findIndex((b) => b.kind === 'paragraph' && b.text.startsWith('甲乙双方'));
  const signing = channel.findIndex((b) => b.kind === 'pageBreak');
  return [
    ...channel.slice(0, preamble),
    {
      kind: 'paragraph',
      text: `甲乙双方经友好协商，就${title}所涉事项达成如下约定，以资共同遵守。`,
      indent: true,
    },
    ...CLAUSES[type].map((text): DocBlock => ({ kind: 'paragraph', text, indent: true })),
    ...channel.slice(signing),
  ];
}
