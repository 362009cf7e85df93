import type { DictionarySeed } from './dictionaries.seed';

/**
 * SPEC §3 "Opportunity": stage, source, new source, business model, customer industry, partner customer
 * industry, channel, procurement method, base bid guide, project results, win-or-not, loss reason, product
 * line info, approval status, approval node type; plus the status, special-price, commitment-letter and
 * owner-change lookups of the opportunity pages.
 */
export const opportunityDictionaries: DictionarySeed[] = [
  ['OpportunityStage', 'Opportunity', '101', '线索确认', 'Lead'],
  ['OpportunityStage', 'Opportunity', '111', '需求分析', 'Needs analysis'],
  ['OpportunityStage', 'Opportunity', '121', '方案设计/测试', 'Solution & POC'],
  ['OpportunityStage', 'Opportunity', '131', '招投标', 'Bidding'],
  ['OpportunityStage', 'Opportunity', '141', '商务谈判', 'Negotiation'],
  ['OpportunityStage', 'Opportunity', '151', '赢单', 'Won'],
  ['OpportunityStage', 'Opportunity', '161', '输单', 'Lost'],
  ['OpportunityStage', 'Opportunity', '171', '无效', 'Invalid'],

  ['OpportunityStatus', 'Opportunity', '101', '草稿', 'Draft'],
  ['OpportunityStatus', 'Opportunity', '111', '待审核', 'Submitted'],
  ['OpportunityStatus', 'Opportunity', '121', '待补充', 'Returned'],
  ['OpportunityStatus', 'Opportunity', '131', '撞单待裁决', 'Conflict'],
  ['OpportunityStatus', 'Opportunity', '141', '保护中', 'Protected'],
  ['OpportunityStatus', 'Opportunity', '151', '待更新(预警)', 'At risk'],
  ['OpportunityStatus', 'Opportunity', '161', '延期审批中', 'Extension pending'],
  ['OpportunityStatus', 'Opportunity', '171', '已过期', 'Expired'],
  ['OpportunityStatus', 'Opportunity', '181', '已释放', 'Released'],
  ['OpportunityStatus', 'Opportunity', '191', '已成交', 'Won'],
  ['OpportunityStatus', 'Opportunity', '201', '已关闭', 'Closed'],
  ['OpportunityStatus', 'Opportunity', '211', '已驳回', 'Rejected'],
  ['OpportunityStatus', 'Opportunity', '221', '已撤回', 'Withdrawn'],

  ['OpportunitySource', 'Opportunity', '101', '代理商报备', 'Agent registration'],
  ['OpportunitySource', 'Opportunity', '111', '总代代报', 'Registered by general distributor'],
  ['OpportunitySource', 'Opportunity', '121', '厂商直销报备', 'Vendor direct'],

  // The newer source list: the three registration routes plus where the lead first came from.
  ['OpportunityNewSource', 'Opportunity', '101', '代理商报备', 'Agent registration'],
  ['OpportunityNewSource', 'Opportunity', '111', '总代代报', 'Registered by general distributor'],
  ['OpportunityNewSource', 'Opportunity', '121', '厂商直销报备', 'Vendor direct'],
  ['OpportunityNewSource', 'Opportunity', '131', '市场活动', 'Marketing event'],
  ['OpportunityNewSource', 'Opportunity', '141', '客户来电咨询', 'Inbound enquiry'],
  ['OpportunityNewSource', 'Opportunity', '151', '厂商转介', 'Vendor referral'],

  ['BusinessModel', 'Opportunity', '101', '渠道分销', 'Channel sale'],
  ['BusinessModel', 'Opportunity', '111', '总代分销', 'Via distributor'],
  ['BusinessModel', 'Opportunity', '121', '厂商直签', 'Direct contract'],

  ['CustomerIndustry', 'Opportunity', '101', '政府', 'Government'],
  ['CustomerIndustry', 'Opportunity', '111', '教育', 'Education'],
  ['CustomerIndustry', 'Opportunity', '121', '医疗卫生', 'Healthcare'],
  ['CustomerIndustry', 'Opportunity', '131', '金融', 'Finance'],
  ['CustomerIndustry', 'Opportunity', '141', '能源电力', 'Energy & power'],
  ['CustomerIndustry', 'Opportunity', '151', '交通运输', 'Transport'],
  ['CustomerIndustry', 'Opportunity', '161', '运营商', 'Telecom carriers'],
  ['CustomerIndustry', 'Opportunity', '171', '制造业', 'Manufacturing'],
  ['CustomerIndustry', 'Opportunity', '181', '互联网', 'Internet'],
  ['CustomerIndustry', 'Opportunity', '191', '其他', 'Other'],

  // The industry of a partner-line end customer, in the partner's coarser grouping.
  ['PartnerCustomerIndustry', 'Opportunity', '101', '政府及公共事业', 'Government & public sector'],
  ['PartnerCustomerIndustry', 'Opportunity', '111', '教育科研', 'Education & research'],
  ['PartnerCustomerIndustry', 'Opportunity', '121', '医疗卫生', 'Healthcare'],
  ['PartnerCustomerIndustry', 'Opportunity', '131', '金融', 'Finance'],
  ['PartnerCustomerIndustry', 'Opportunity', '141', '能源交通', 'Energy & transport'],
  ['PartnerCustomerIndustry', 'Opportunity', '151', '运营商', 'Telecom carriers'],
  ['PartnerCustomerIndustry', 'Opportunity', '161', '企业', 'Enterprise'],
  ['PartnerCustomerIndustry', 'Opportunity', '171', '其他', 'Other'],

  ['OpportunityChannel', 'Opportunity', 'RSP', 'RSP', 'RSP'],
  ['OpportunityChannel', 'Opportunity', 'CSP', 'CSP', 'CSP'],
  ['OpportunityChannel', 'Opportunity', 'ASP', 'ASP', 'ASP'],
  ['OpportunityChannel', 'Opportunity', 'CCP', 'CCP', 'CCP'],

  ['OpportunityChannelType', 'Opportunity', 'RSP', '省级代理', 'Regional agent (RSP)'],
  ['OpportunityChannelType', 'Opportunity', 'CSP', '解决方案代理', 'Solution partner (CSP)'],
  ['OpportunityChannelType', 'Opportunity', 'ASP', '授权服务代理', 'Authorised service partner (ASP)'],
  ['OpportunityChannelType', 'Opportunity', 'CCP', '城市代理', 'City agent (CCP)'],

  ['ProcurementMethod', 'Opportunity', '101', '公开招标', 'Open tender'],
  ['ProcurementMethod', 'Opportunity', '111', '邀请招标', 'Invited tender'],
  ['ProcurementMethod', 'Opportunity', '121', '竞争性谈判', 'Competitive negotiation'],
  ['ProcurementMethod', 'Opportunity', '131', '竞争性磋商', 'Competitive consultation'],
  ['ProcurementMethod', 'Opportunity', '141', '单一来源', 'Single source'],
  ['ProcurementMethod', 'Opportunity', '151', '询价', 'Request for quotation'],
  ['ProcurementMethod', 'Opportunity', '161', '框架协议', 'Framework agreement'],
  ['ProcurementMethod', 'Opportunity', '171', '非招标直采', 'Direct purchase'],

  // How far the tender's technical parameters were guided towards the vendor's products.
  ['BaseBidGuide', 'Opportunity', '101', '完全引导', 'Fully guided'],
  ['BaseBidGuide', 'Opportunity', '111', '部分引导', 'Partly guided'],
  ['BaseBidGuide', 'Opportunity', '121', '未引导', 'Not guided'],
  ['BaseBidGuide', 'Opportunity', '131', '竞品引导', 'Guided by a competitor'],

  ['ProjectConfidence', 'Opportunity', '101', 'A(把握很大)', 'A – very likely'],
  ['ProjectConfidence', 'Opportunity', '111', 'B(把握较大)', 'B – likely'],
  ['ProjectConfidence', 'Opportunity', '121', 'C(一般)', 'C – possible'],
  ['ProjectConfidence', 'Opportunity', '131', 'D(较低)', 'D – unlikely'],

  ['ProjectResults', 'Opportunity', '101', '中标', 'Won'],
  ['ProjectResults', 'Opportunity', '111', '未中标', 'Not won'],
  ['ProjectResults', 'Opportunity', '121', '流标', 'Failed tender'],
  ['ProjectResults', 'Opportunity', '131', '废标', 'Tender voided'],

  ['WinOrNot', 'Opportunity', '101', '赢单', 'Won'],
  ['WinOrNot', 'Opportunity', '111', '输单', 'Lost'],

  ['LossReason', 'Opportunity', '101', '价格因素', 'Price'],
  ['LossReason', 'Opportunity', '111', '技术参数不符', 'Specs not met'],
  ['LossReason', 'Opportunity', '121', '客户关系', 'Customer relationship'],
  ['LossReason', 'Opportunity', '131', '竞争对手控标', 'Competitor-controlled tender'],
  ['LossReason', 'Opportunity', '141', '项目取消', 'Project cancelled'],
  ['LossReason', 'Opportunity', '151', '其他', 'Other'],

  ['ProductLineInfo', 'Opportunity', '101', '机架式服务器', 'Rack servers'],
  ['ProductLineInfo', 'Opportunity', '111', '存储', 'Storage'],
  ['ProductLineInfo', 'Opportunity', '121', '台式机/笔记本', 'Desktops & laptops'],
  ['ProductLineInfo', 'Opportunity', '131', '交换机', 'Switches'],
  ['ProductLineInfo', 'Opportunity', '141', '路由器', 'Routers'],
  ['ProductLineInfo', 'Opportunity', '151', '无线AP', 'Wireless APs'],
  ['ProductLineInfo', 'Opportunity', '161', '防火墙', 'Firewalls'],

  ['ApprovalStatus', 'Opportunity', '101', '草稿', 'Draft'],
  ['ApprovalStatus', 'Opportunity', '111', '审批中', 'In approval'],
  ['ApprovalStatus', 'Opportunity', '121', '审批通过', 'Approved'],
  ['ApprovalStatus', 'Opportunity', '131', '已驳回', 'Rejected'],
  ['ApprovalStatus', 'Opportunity', '141', '已退回', 'Returned'],
  ['ApprovalStatus', 'Opportunity', '151', '已撤回', 'Withdrawn'],
  ['ApprovalStatus', 'Opportunity', '161', '已作废', 'Void'],

  ['ApprovalNodeType', 'Opportunity', '101', '规范性审核', 'Compliance review'],
  ['ApprovalNodeType', 'Opportunity', '111', '省区经理审批', 'Province manager'],
  ['ApprovalNodeType', 'Opportunity', '121', '大区总监审批', 'Region director'],
  ['ApprovalNodeType', 'Opportunity', '131', '商务负责人审批', 'Sales ops head'],
  ['ApprovalNodeType', 'Opportunity', '141', '分管副总裁审批', 'Executive'],
  ['ApprovalNodeType', 'Opportunity', '151', '待原厂特价', 'Awaiting manufacturer price'],

  ['SpecialPriceStatus', 'Opportunity', '101', '草稿', 'Draft'],
  ['SpecialPriceStatus', 'Opportunity', '111', '待规范性审核', 'Awaiting compliance review'],
  ['SpecialPriceStatus', 'Opportunity', '121', '审批中', 'In approval'],
  ['SpecialPriceStatus', 'Opportunity', '131', '待原厂特价', 'Awaiting manufacturer'],
  ['SpecialPriceStatus', 'Opportunity', '141', '已退回', 'Returned'],
  ['SpecialPriceStatus', 'Opportunity', '151', '已批复', 'Approved'],
  ['SpecialPriceStatus', 'Opportunity', '161', '已中标', 'Won'],
  ['SpecialPriceStatus', 'Opportunity', '171', '执行中', 'Executing'],
  ['SpecialPriceStatus', 'Opportunity', '181', '已执行完毕', 'Executed'],
  ['SpecialPriceStatus', 'Opportunity', '191', '已过期', 'Expired'],
  ['SpecialPriceStatus', 'Opportunity', '201', '已关闭', 'Closed'],
  ['SpecialPriceStatus', 'Opportunity', '211', '已作废', 'Void'],
  ['SpecialPriceStatus', 'Opportunity', '221', '已驳回', 'Rejected'],
  ['SpecialPriceStatus', 'Opportunity', '231', '已撤回', 'Withdrawn'],

  ['CommitmentLetterType', 'Opportunity', '101', '项目授权函', 'Project authorisation'],
  ['CommitmentLetterType', 'Opportunity', '111', '售后服务承诺函', 'After-sales service commitment'],
  ['CommitmentLetterType', 'Opportunity', '121', '原厂质保承诺函', 'Warranty commitment'],
  ['CommitmentLetterType', 'Opportunity', '131', '供货承诺函', 'Supply commitment'],
  ['CommitmentLetterType', 'Opportunity', '141', '唯一授权声明', 'Exclusive authorisation'],
  ['CommitmentLetterType', 'Opportunity', '151', '技术支持承诺函', 'Technical support commitment'],

  // The states of a letter's workflow (machines/workflows/commitment-letter.workflow.ts LETTER_STATUS).
  ['CommitmentLetterStatus', 'Opportunity', '111', '待业务审批', 'Awaiting business approval'],
  ['CommitmentLetterStatus', 'Opportunity', '121', '规范性审核', 'Compliance review'],
  ['CommitmentLetterStatus', 'Opportunity', '131', '服务/法务会签', 'Legal/service co-sign'],
  ['CommitmentLetterStatus', 'Opportunity', '141', 'OA审批中', 'In OA approval'],
  ['CommitmentLetterStatus', 'Opportunity', '151', '待盖章', 'To stamp'],
  ['CommitmentLetterStatus', 'Opportunity', '161', '已盖章', 'Stamped'],
  ['CommitmentLetterStatus', 'Opportunity', '171', '已完成', 'Done'],
  ['CommitmentLetterStatus', 'Opportunity', '181', '已退回', 'Returned'],
  ['CommitmentLetterStatus', 'Opportunity', '191', '已驳回', 'Rejected'],
  ['CommitmentLetterStatus', 'Opportunity', '201', '已撤回', 'Withdrawn'],
  ['CommitmentLetterStatus', 'Opportunity', '211', '已撤销', 'Revoked'],

  // SPEC §4: 101 shows no letter, 102 links the issued letter, anything else shows a picker.
  ['CommitmentLetterQuantity', 'Opportunity', '101', '无需承诺函', 'Not required'],
  ['CommitmentLetterQuantity', 'Opportunity', '102', '已出具', 'Issued'],
  ['CommitmentLetterQuantity', 'Opportunity', '103', '待选择', 'To be chosen'],

  ['OwnerChangeReason', 'Opportunity', '101', '代理商退出/降级', 'Agent exit or downgrade'],
  ['OwnerChangeReason', 'Opportunity', '111', '代理商申请转让', 'Transfer requested'],
  ['OwnerChangeReason', 'Opportunity', '121', '冲突裁决', 'Conflict arbitration'],
  ['OwnerChangeReason', 'Opportunity', '131', '区域调整', 'Territory change'],
  ['OwnerChangeReason', 'Opportunity', '141', 'CCP转RSP接手', 'Taken over by RSP'],

  ['CustomerLevel', 'Opportunity', '101', '战略客户', 'Strategic'],
  ['CustomerLevel', 'Opportunity', '111', '重点客户', 'Key'],
  ['CustomerLevel', 'Opportunity', '121', '一般客户', 'Regular'],
];
