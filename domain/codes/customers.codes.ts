import { type CodeOf, defineCodes } from './code';

/** Agents and customers (SPEC §3 "Customer"): types, statuses, processes, agreement templates, addresses. */

// Reconciled: the customer pages proposed 101/111; kept RSP/CCP, the SPEC §3 content-filter keywords.
export const ChannelType = defineCodes({
  rsp: ['RSP', '省级代理', 'RSP'],
  ccp: ['CCP', '城市代理', 'CCP'],
});
export type ChannelType = CodeOf<typeof ChannelType>;

export const CustomerType = defineCodes({
  generalDistributor: ['101', '总代理', 'General distributor'],
  rsp: ['111', '省级代理', 'Regional agent (RSP)'],
  ccp: ['121', '城市代理', 'City agent (CCP)'],
});
export type CustomerType = CodeOf<typeof CustomerType>;

// The select variant: the types an agent can register or be moved to (general distributors are appointed).
export const CustomerTypeSelect = defineCodes({
  rsp: ['111', '省级代理', 'Regional agent (RSP)'],
  ccp: ['121', '城市代理', 'City agent (CCP)'],
});
export type CustomerTypeSelect = CodeOf<typeof CustomerTypeSelect>;

export const CustomerStatus = defineCodes({
  draft: ['101', '资料填写中', 'Draft'],
  preReview: ['111', '初审', 'Pre-review'],
  awaitingDocuments: ['121', '待补充资料', 'Awaiting documents'],
  qualificationReview: ['131', '资质审核', 'Qualification review'],
  riskReview: ['141', '风控审核', 'Risk review'],
  awaitingSignature: ['151', '待签署协议', 'Awaiting signature'],
  active: ['161', '正常合作', 'Active'],
  renewalDue: ['171', '待续签', 'Renewal due'],
  suspended: ['181', '暂停合作', 'Suspended'],
  blacklisted: ['191', '黑名单', 'Blacklisted'],
  rejected: ['201', '已拒绝', 'Rejected'],
  expired: ['211', '已到期', 'Expired'],
  terminated: ['221', '已终止', 'Terminated'],
});
export type CustomerStatus = CodeOf<typeof CustomerStatus>;

// The select variant: the statuses an administrator may set by hand (same keywords as CustomerStatus).
export const CustomerStatusSelect = defineCodes({
  active: ['161', '正常合作', 'Active'],
  renewalDue: ['171', '待续签', 'Renewal due'],
  suspended: ['181', '暂停合作', 'Suspended'],
  blacklisted: ['191', '黑名单', 'Blacklisted'],
  terminated: ['221', '已终止', 'Terminated'],
});
export type CustomerStatusSelect = CodeOf<typeof CustomerStatusSelect>;

export const ProductGroup = defineCodes({
  servers: ['101', '服务器', 'Servers'],
  storage: ['111', '存储', 'Storage'],
  businessPcs: ['121', '商用PC', 'Business PCs'],
  networking: ['131', '网络产品', 'Networking'],
});
export type ProductGroup = CodeOf<typeof ProductGroup>;

// Invented general-distributor companies (not real firms).
export const TotalAgent = defineCodes({
  jiangsuHongyuan: ['101', '江苏宏远信息科技有限公司', 'Jiangsu Hongyuan Information Technology Co., Ltd.'],
  shanghaiZhuoxin: ['111', '上海卓信数码科技有限公司', 'Shanghai Zhuoxin Digital Technology Co., Ltd.'],
  beijingHengtai: ['121', '北京恒泰智联科技有限公司', 'Beijing Hengtai Zhilian Technology Co., Ltd.'],
  guangzhouHuatuo: ['131', '广州华拓系统集成有限公司', 'Guangzhou Huatuo Systems Integration Co., Ltd.'],
  sichuanShurun: ['141', '四川蜀润计算机有限公司', 'Sichuan Shurun Computer Co., Ltd.'],
  hubeiChuheng: ['151', '湖北楚衡网络技术有限公司', 'Hubei Chuheng Network Technology Co., Ltd.'],
});
export type TotalAgent = CodeOf<typeof TotalAgent>;

/**
 * Where a registration stands (its ApprovalNode): the review step it waits at, or where it ended. The
 * codes are the registration workflow's own step and state names (machines/workflows/registration).
 */
export const RegistrationStep = defineCodes({
  preReview: ['preReview', '初审', 'Pre-review'],
  qualificationReview: ['qualificationReview', '资质审核', 'Qualification review'],
  riskReview: ['riskReview', '风控/财务审核', 'Risk / finance review'],
  supplement: ['supplement', '待补充资料', 'Awaiting documents'],
  toSign: ['toSign', '待签署协议', 'Awaiting signature'],
  active: ['active', '正常合作', 'Active'],
  rejected: ['rejected', '已拒绝', 'Rejected'],
  withdrawn: ['withdrawn', '已撤回', 'Withdrawn'],
});
export type RegistrationStep = CodeOf<typeof RegistrationStep>;

/**
 * Where a credit-limit request stands (docs/credit-limits.md): the codes are the states of the workflow
 * creditLimitChange, whose words the record panel shows too (locales creditLimits.decision.states).
 */
export const CreditLimitRequestStatus = defineCodes({
  requested: ['requested', '待财务审批', 'Awaiting finance'],
  returned: ['returned', '已退回', 'Returned'],
  approved: ['approved', '已生效', 'In force'],
  rejected: ['rejected', '已驳回', 'Rejected'],
  withdrawn: ['withdrawn', '已撤回', 'Withdrawn'],
});
export type CreditLimitRequestStatus = CodeOf<typeof CreditLimitRequestStatus>;

export const CustomerProcessType = defineCodes({
  rspOnboarding: ['101', 'RSP注册准入', 'RSP onboarding'],
  ccpOnboarding: ['111', 'CCP注册准入', 'CCP onboarding'],
  renewal: ['121', '协议续签', 'Agreement renewal'],
  seniorCertification: ['131', '高级认证', 'Senior certification'],
  conversion: ['141', 'RSP/CCP转换', 'RSP–CCP conversion'],
  suspension: ['151', '暂停合作', 'Suspension'],
  blacklisting: ['161', '列入黑名单', 'Blacklisting'],
  reinstatement: ['171', '恢复合作', 'Reinstatement'],
  generalApplication: ['181', '通用申请审批', 'General application'],
});
export type CustomerProcessType = CodeOf<typeof CustomerProcessType>;

export const TemplateType = defineCodes({
  generalDistributor: ['101', '总代协议', 'General distributor agreement'],
  rsp: ['111', '省级代理协议', 'RSP agreement'],
  ccp: ['121', '城市代理协议', 'CCP agreement'],
  integrity: ['131', '廉洁协议', 'Integrity agreement'],
  confidentiality: ['141', '保密协议', 'Confidentiality agreement'],
  tripartite: ['151', '三方协议', 'Tripartite agreement'],
});
export type TemplateType = CodeOf<typeof TemplateType>;

export const TemplateStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  inApproval: ['111', '审批中', 'In approval'],
  enabled: ['121', '启用', 'Enabled'],
  disabled: ['131', '停用', 'Disabled'],
});
export type TemplateStatus = CodeOf<typeof TemplateStatus>;

/**
 * Whether an agent's latest signed agreement has its PDF beside the Word file (docs/templates.md):
 * made by LibreOffice where the server has it; otherwise the Word file alone, and the reason.
 */
export const AgreementPdf = defineCodes({
  made: ['101', '已生成，与 Word 文件一同提供', 'Made, offered beside the Word file'],
  noConverter: [
    '111',
    '未生成：服务器未安装 LibreOffice，仅提供 Word 文件',
    'Not made: LibreOffice is not installed on the server, so only the Word file is offered',
  ],
  failed: [
    '121',
    '未生成：转换为 PDF 失败，仅提供 Word 文件',
    'Not made: the conversion to PDF failed, so only the Word file is offered',
  ],
});
export type AgreementPdf = CodeOf<typeof AgreementPdf>;

// An agent's addresses (POST /address/*): where goods are delivered and where invoices are sent.
export const AddressType = defineCodes({
  delivery: ['101', '收货地址', 'Delivery address'],
  invoice: ['111', '收票地址', 'Invoice address'],
});
export type AddressType = CodeOf<typeof AddressType>;
