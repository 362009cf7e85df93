import type { DictionarySeed } from './dictionaries.seed';

/**
 * SPEC §3 "Customer": customer type (and its select variant), customer status (the process status, and
 * its select variant), channel type, product group, total agent; plus the agent approval-process and
 * agreement-template lookups of the agent pages.
 */
export const customerDictionaries: DictionarySeed[] = [
  // Reconciled: the customer pages proposed 101/111; kept RSP/CCP, the SPEC §3 content-filter keywords.
  ['ChannelType', 'Customer', 'RSP', '省级代理', 'RSP'],
  ['ChannelType', 'Customer', 'CCP', '城市代理', 'CCP'],

  ['CustomerType', 'Customer', '101', '总代理', 'General distributor'],
  ['CustomerType', 'Customer', '111', '省级代理', 'Regional agent (RSP)'],
  ['CustomerType', 'Customer', '121', '城市代理', 'City agent (CCP)'],

  // The select variant: the types an agent can register or be moved to (general distributors are appointed).
  ['CustomerTypeSelect', 'Customer', '111', '省级代理', 'Regional agent (RSP)'],
  ['CustomerTypeSelect', 'Customer', '121', '城市代理', 'City agent (CCP)'],

  ['CustomerStatus', 'Customer', '101', '资料填写中', 'Draft'],
  ['CustomerStatus', 'Customer', '111', '初审', 'Pre-review'],
  ['CustomerStatus', 'Customer', '121', '待补充资料', 'Awaiting documents'],
  ['CustomerStatus', 'Customer', '131', '资质审核', 'Qualification review'],
  ['CustomerStatus', 'Customer', '141', '风控审核', 'Risk review'],
  ['CustomerStatus', 'Customer', '151', '待签署协议', 'Awaiting signature'],
  ['CustomerStatus', 'Customer', '161', '正常合作', 'Active'],
  ['CustomerStatus', 'Customer', '171', '待续签', 'Renewal due'],
  ['CustomerStatus', 'Customer', '181', '暂停合作', 'Suspended'],
  ['CustomerStatus', 'Customer', '191', '黑名单', 'Blacklisted'],
  ['CustomerStatus', 'Customer', '201', '已拒绝', 'Rejected'],
  ['CustomerStatus', 'Customer', '211', '已到期', 'Expired'],
  ['CustomerStatus', 'Customer', '221', '已终止', 'Terminated'],

  // The select variant: the statuses an administrator may set by hand (same keywords as CustomerStatus).
  ['CustomerStatusSelect', 'Customer', '161', '正常合作', 'Active'],
  ['CustomerStatusSelect', 'Customer', '171', '待续签', 'Renewal due'],
  ['CustomerStatusSelect', 'Customer', '181', '暂停合作', 'Suspended'],
  ['CustomerStatusSelect', 'Customer', '191', '黑名单', 'Blacklisted'],
  ['CustomerStatusSelect', 'Customer', '221', '已终止', 'Terminated'],

  ['ProductGroup', 'Customer', '101', '服务器', 'Servers'],
  ['ProductGroup', 'Customer', '111', '存储', 'Storage'],
  ['ProductGroup', 'Customer', '121', '商用PC', 'Business PCs'],
  ['ProductGroup', 'Customer', '131', '网络产品', 'Networking'],

  // Invented general-distributor companies (not real firms).
  [
    'TotalAgent',
    'Customer',
    '101',
    '江苏宏远信息科技有限公司',
    'Jiangsu Hongyuan Information Technology Co., Ltd.',
  ],
  [
    'TotalAgent',
    'Customer',
    '111',
    '上海卓信数码科技有限公司',
    'Shanghai Zhuoxin Digital Technology Co., Ltd.',
  ],
  [
    'TotalAgent',
    'Customer',
    '121',
    '北京恒泰智联科技有限公司',
    'Beijing Hengtai Zhilian Technology Co., Ltd.',
  ],
  [
    'TotalAgent',
    'Customer',
    '131',
    '广州华拓系统集成有限公司',
    'Guangzhou Huatuo Systems Integration Co., Ltd.',
  ],
  ['TotalAgent', 'Customer', '141', '四川蜀润计算机有限公司', 'Sichuan Shurun Computer Co., Ltd.'],
  ['TotalAgent', 'Customer', '151', '湖北楚衡网络技术有限公司', 'Hubei Chuheng Network Technology Co., Ltd.'],

  ['CustomerProcessType', 'Customer', '101', 'RSP注册准入', 'RSP onboarding'],
  ['CustomerProcessType', 'Customer', '111', 'CCP注册准入', 'CCP onboarding'],
  ['CustomerProcessType', 'Customer', '121', '协议续签', 'Agreement renewal'],
  ['CustomerProcessType', 'Customer', '131', '高级认证', 'Senior certification'],
  ['CustomerProcessType', 'Customer', '141', 'RSP/CCP转换', 'RSP–CCP conversion'],
  ['CustomerProcessType', 'Customer', '151', '暂停合作', 'Suspension'],
  ['CustomerProcessType', 'Customer', '161', '列入黑名单', 'Blacklisting'],
  ['CustomerProcessType', 'Customer', '171', '恢复合作', 'Reinstatement'],
  ['CustomerProcessType', 'Customer', '181', '通用申请审批', 'General application'],

  ['TemplateType', 'Template', '101', '总代协议', 'General distributor agreement'],
  ['TemplateType', 'Template', '111', '省级代理协议', 'RSP agreement'],
  ['TemplateType', 'Template', '121', '城市代理协议', 'CCP agreement'],
  ['TemplateType', 'Template', '131', '廉洁协议', 'Integrity agreement'],
  ['TemplateType', 'Template', '141', '保密协议', 'Confidentiality agreement'],
  ['TemplateType', 'Template', '151', '三方协议', 'Tripartite agreement'],

  ['TemplateStatus', 'Template', '101', '草稿', 'Draft'],
  ['TemplateStatus', 'Template', '111', '审批中', 'In approval'],
  ['TemplateStatus', 'Template', '121', '启用', 'Enabled'],
  ['TemplateStatus', 'Template', '131', '停用', 'Disabled'],

  // An agent's addresses (POST /address/*): where goods are delivered and where invoices are sent.
  ['AddressType', 'Customer', '101', '收货地址', 'Delivery address'],
  ['AddressType', 'Customer', '111', '收票地址', 'Invoice address'],
];
