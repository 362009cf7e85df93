import { type CodeOf, defineCodes } from './code';

/** Opportunities (SPEC §3 "Opportunity"): stages, statuses, sources, channels, approvals, special prices, letters. */

export const OpportunityStage = defineCodes({
  lead: ['101', '线索确认', 'Lead'],
  needsAnalysis: ['111', '需求分析', 'Needs analysis'],
  solutionAndPoc: ['121', '方案设计/测试', 'Solution & POC'],
  bidding: ['131', '招投标', 'Bidding'],
  negotiation: ['141', '商务谈判', 'Negotiation'],
  won: ['151', '赢单', 'Won'],
  lost: ['161', '输单', 'Lost'],
  invalid: ['171', '无效', 'Invalid'],
});
export type OpportunityStage = CodeOf<typeof OpportunityStage>;

export const OpportunityStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  submitted: ['111', '待审核', 'Submitted'],
  returned: ['121', '待补充', 'Returned'],
  conflict: ['131', '撞单待裁决', 'Conflict'],
  protected: ['141', '保护中', 'Protected'],
  atRisk: ['151', '待更新(预警)', 'At risk'],
  extensionPending: ['161', '延期审批中', 'Extension pending'],
  expired: ['171', '已过期', 'Expired'],
  released: ['181', '已释放', 'Released'],
  won: ['191', '已成交', 'Won'],
  closed: ['201', '已关闭', 'Closed'],
  rejected: ['211', '已驳回', 'Rejected'],
  withdrawn: ['221', '已撤回', 'Withdrawn'],
});
export type OpportunityStatus = CodeOf<typeof OpportunityStatus>;

export const OpportunitySource = defineCodes({
  agentRegistration: ['101', '代理商报备', 'Agent registration'],
  registeredByGeneralDistributor: ['111', '总代代报', 'Registered by general distributor'],
  vendorDirect: ['121', '厂商直销报备', 'Vendor direct'],
});
export type OpportunitySource = CodeOf<typeof OpportunitySource>;

// The newer source list: the three registration routes plus where the lead first came from.
export const OpportunityNewSource = defineCodes({
  agentRegistration: ['101', '代理商报备', 'Agent registration'],
  registeredByGeneralDistributor: ['111', '总代代报', 'Registered by general distributor'],
  vendorDirect: ['121', '厂商直销报备', 'Vendor direct'],
  marketingEvent: ['131', '市场活动', 'Marketing event'],
  inboundEnquiry: ['141', '客户来电咨询', 'Inbound enquiry'],
  vendorReferral: ['151', '厂商转介', 'Vendor referral'],
});
export type OpportunityNewSource = CodeOf<typeof OpportunityNewSource>;

export const BusinessModel = defineCodes({
  channelSale: ['101', '渠道分销', 'Channel sale'],
  viaDistributor: ['111', '总代分销', 'Via distributor'],
  directContract: ['121', '厂商直签', 'Direct contract'],
});
export type BusinessModel = CodeOf<typeof BusinessModel>;

export const CustomerIndustry = defineCodes({
  government: ['101', '政府', 'Government'],
  education: ['111', '教育', 'Education'],
  healthcare: ['121', '医疗卫生', 'Healthcare'],
  finance: ['131', '金融', 'Finance'],
  energyAndPower: ['141', '能源电力', 'Energy & power'],
  transport: ['151', '交通运输', 'Transport'],
  telecomCarriers: ['161', '运营商', 'Telecom carriers'],
  manufacturing: ['171', '制造业', 'Manufacturing'],
  internet: ['181', '互联网', 'Internet'],
  other: ['191', '其他', 'Other'],
});
export type CustomerIndustry = CodeOf<typeof CustomerIndustry>;

// The industry of a partner-line end customer, in the partner's coarser grouping.
export const PartnerCustomerIndustry = defineCodes({
  governmentAndPublicSector: ['101', '政府及公共事业', 'Government & public sector'],
  educationAndResearch: ['111', '教育科研', 'Education & research'],
  healthcare: ['121', '医疗卫生', 'Healthcare'],
  finance: ['131', '金融', 'Finance'],
  energyAndTransport: ['141', '能源交通', 'Energy & transport'],
  telecomCarriers: ['151', '运营商', 'Telecom carriers'],
  enterprise: ['161', '企业', 'Enterprise'],
  other: ['171', '其他', 'Other'],
});
export type PartnerCustomerIndustry = CodeOf<typeof PartnerCustomerIndustry>;

export const OpportunityChannel = defineCodes({
  rsp: ['RSP', 'RSP', 'RSP'],
  csp: ['CSP', 'CSP', 'CSP'],
  asp: ['ASP', 'ASP', 'ASP'],
  ccp: ['CCP', 'CCP', 'CCP'],
});
export type OpportunityChannel = CodeOf<typeof OpportunityChannel>;

export const OpportunityChannelType = defineCodes({
  rsp: ['RSP', '省级代理', 'Regional agent (RSP)'],
  csp: ['CSP', '解决方案代理', 'Solution partner (CSP)'],
  asp: ['ASP', '授权服务代理', 'Authorised service partner (ASP)'],
  ccp: ['CCP', '城市代理', 'City agent (CCP)'],
});
export type OpportunityChannelType = CodeOf<typeof OpportunityChannelType>;

export const ProcurementMethod = defineCodes({
  openTender: ['101', '公开招标', 'Open tender'],
  invitedTender: ['111', '邀请招标', 'Invited tender'],
  competitiveNegotiation: ['121', '竞争性谈判', 'Competitive negotiation'],
  competitiveConsultation: ['131', '竞争性磋商', 'Competitive consultation'],
  singleSource: ['141', '单一来源', 'Single source'],
  requestForQuotation: ['151', '询价', 'Request for quotation'],
  frameworkAgreement: ['161', '框架协议', 'Framework agreement'],
  directPurchase: ['171', '非招标直采', 'Direct purchase'],
});
export type ProcurementMethod = CodeOf<typeof ProcurementMethod>;

// How far the tender's technical parameters were guided towards the vendor's products.
export const BaseBidGuide = defineCodes({
  fullyGuided: ['101', '完全引导', 'Fully guided'],
  partlyGuided: ['111', '部分引导', 'Partly guided'],
  notGuided: ['121', '未引导', 'Not guided'],
  guidedByACompetitor: ['131', '竞品引导', 'Guided by a competitor'],
});
export type BaseBidGuide = CodeOf<typeof BaseBidGuide>;

export const ProjectConfidence = defineCodes({
  a: ['101', 'A(把握很大)', 'A – very likely'],
  b: ['111', 'B(把握较大)', 'B – likely'],
  c: ['121', 'C(一般)', 'C – possible'],
  d: ['131', 'D(较低)', 'D – unlikely'],
});
export type ProjectConfidence = CodeOf<typeof ProjectConfidence>;

export const ProjectResults = defineCodes({
  won: ['101', '中标', 'Won'],
  notWon: ['111', '未中标', 'Not won'],
  failedTender: ['121', '流标', 'Failed tender'],
  tenderVoided: ['131', '废标', 'Tender voided'],
});
export type ProjectResults = CodeOf<typeof ProjectResults>;

export const WinOrNot = defineCodes({
  won: ['101', '赢单', 'Won'],
  lost: ['111', '输单', 'Lost'],
});
export type WinOrNot = CodeOf<typeof WinOrNot>;

export const LossReason = defineCodes({
  price: ['101', '价格因素', 'Price'],
  specsNotMet: ['111', '技术参数不符', 'Specs not met'],
  customerRelationship: ['121', '客户关系', 'Customer relationship'],
  competitorControlledTender: ['131', '竞争对手控标', 'Competitor-controlled tender'],
  projectCancelled: ['141', '项目取消', 'Project cancelled'],
  other: ['151', '其他', 'Other'],
});
export type LossReason = CodeOf<typeof LossReason>;

export const ProductLineInfo = defineCodes({
  rackServers: ['101', '机架式服务器', 'Rack servers'],
  storage: ['111', '存储', 'Storage'],
  desktopsAndLaptops: ['121', '台式机/笔记本', 'Desktops & laptops'],
  switches: ['131', '交换机', 'Switches'],
  routers: ['141', '路由器', 'Routers'],
  wirelessAps: ['151', '无线AP', 'Wireless APs'],
  firewalls: ['161', '防火墙', 'Firewalls'],
});
export type ProductLineInfo = CodeOf<typeof ProductLineInfo>;

export const ApprovalStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  inApproval: ['111', '审批中', 'In approval'],
  approved: ['121', '审批通过', 'Approved'],
  rejected: ['131', '已驳回', 'Rejected'],
  returned: ['141', '已退回', 'Returned'],
  withdrawn: ['151', '已撤回', 'Withdrawn'],
  void: ['161', '已作废', 'Void'],
});
export type ApprovalStatus = CodeOf<typeof ApprovalStatus>;

export const ApprovalNodeType = defineCodes({
  complianceReview: ['101', '规范性审核', 'Compliance review'],
  provinceManager: ['111', '省区经理审批', 'Province manager'],
  regionDirector: ['121', '大区总监审批', 'Region director'],
  salesOpsHead: ['131', '商务负责人审批', 'Sales ops head'],
  executive: ['141', '分管副总裁审批', 'Executive'],
  awaitingManufacturerPrice: ['151', '待原厂特价', 'Awaiting manufacturer price'],
});
export type ApprovalNodeType = CodeOf<typeof ApprovalNodeType>;

export const SpecialPriceStatus = defineCodes({
  draft: ['101', '草稿', 'Draft'],
  awaitingComplianceReview: ['111', '待规范性审核', 'Awaiting compliance review'],
  inApproval: ['121', '审批中', 'In approval'],
  awaitingManufacturer: ['131', '待原厂特价', 'Awaiting manufacturer'],
  returned: ['141', '已退回', 'Returned'],
  approved: ['151', '已批复', 'Approved'],
  won: ['161', '已中标', 'Won'],
  executing: ['171', '执行中', 'Executing'],
  executed: ['181', '已执行完毕', 'Executed'],
  expired: ['191', '已过期', 'Expired'],
  closed: ['201', '已关闭', 'Closed'],
  void: ['211', '已作废', 'Void'],
  rejected: ['221', '已驳回', 'Rejected'],
  withdrawn: ['231', '已撤回', 'Withdrawn'],
});
export type SpecialPriceStatus = CodeOf<typeof SpecialPriceStatus>;

export const CommitmentLetterType = defineCodes({
  projectAuthorisation: ['101', '项目授权函', 'Project authorisation'],
  afterSalesServiceCommitment: ['111', '售后服务承诺函', 'After-sales service commitment'],
  warrantyCommitment: ['121', '原厂质保承诺函', 'Warranty commitment'],
  supplyCommitment: ['131', '供货承诺函', 'Supply commitment'],
  exclusiveAuthorisation: ['141', '唯一授权声明', 'Exclusive authorisation'],
  technicalSupportCommitment: ['151', '技术支持承诺函', 'Technical support commitment'],
});
export type CommitmentLetterType = CodeOf<typeof CommitmentLetterType>;

// The states of a letter's workflow (machines/workflows/commitment-letter.workflow.ts LETTER_STATUS).
export const CommitmentLetterStatus = defineCodes({
  businessApproval: ['111', '待业务审批', 'Awaiting business approval'],
  complianceReview: ['121', '规范性审核', 'Compliance review'],
  countersign: ['131', '服务/法务会签', 'Legal/service co-sign'],
  oaPending: ['141', 'OA审批中', 'In OA approval'],
  toStamp: ['151', '待盖章', 'To stamp'],
  stamped: ['161', '已盖章', 'Stamped'],
  done: ['171', '已完成', 'Done'],
  returned: ['181', '已退回', 'Returned'],
  rejected: ['191', '已驳回', 'Rejected'],
  withdrawn: ['201', '已撤回', 'Withdrawn'],
  revoked: ['211', '已撤销', 'Revoked'],
});
export type CommitmentLetterStatus = CodeOf<typeof CommitmentLetterStatus>;

// SPEC §4: 101 shows no letter, 102 links the issued letter, anything else shows a picker.
export const CommitmentLetterQuantity = defineCodes({
  notRequired: ['101', '无需承诺函', 'Not required'],
  issued: ['102', '已出具', 'Issued'],
  toBeChosen: ['103', '待选择', 'To be chosen'],
});
export type CommitmentLetterQuantity = CodeOf<typeof CommitmentLetterQuantity>;

export const OwnerChangeReason = defineCodes({
  agentExitOrDowngrade: ['101', '代理商退出/降级', 'Agent exit or downgrade'],
  transferRequested: ['111', '代理商申请转让', 'Transfer requested'],
  conflictArbitration: ['121', '冲突裁决', 'Conflict arbitration'],
  territoryChange: ['131', '区域调整', 'Territory change'],
  takenOverByRsp: ['141', 'CCP转RSP接手', 'Taken over by RSP'],
});
export type OwnerChangeReason = CodeOf<typeof OwnerChangeReason>;

export const CustomerLevel = defineCodes({
  strategic: ['101', '战略客户', 'Strategic'],
  key: ['111', '重点客户', 'Key'],
  regular: ['121', '一般客户', 'Regular'],
});
export type CustomerLevel = CodeOf<typeof CustomerLevel>;
