/** Dictionary options: [code, module, keyword, zh, en]. The full set of SPEC §3 lookups grows here. */
export const dictionarySeeds: [string, string, string, string, string][] = [
  ['ChannelType', 'Customer', 'RSP', '省级代理', 'RSP'],
  ['ChannelType', 'Customer', 'CCP', '城市代理', 'CCP'],
  ['CustomerType', 'Customer', '101', '总代理', 'General distributor'],
  ['CustomerType', 'Customer', '111', '省级代理', 'Regional agent (RSP)'],
  ['CustomerType', 'Customer', '121', '城市代理', 'City agent (CCP)'],
  ['OpportunityChannel', 'Opportunity', 'RSP', 'RSP', 'RSP'],
  ['OpportunityChannel', 'Opportunity', 'CSP', 'CSP', 'CSP'],
  ['OpportunityChannel', 'Opportunity', 'ASP', 'ASP', 'ASP'],
  ['OpportunityChannel', 'Opportunity', 'CCP', 'CCP', 'CCP'],
];
