/** The opportunity report page (views/pages/opportunity-report-page.tsx). */
export const opportunityReport = {
  byStage: '按商机阶段',
  byProvince: '按省份',
  byProductLine: '按产品线',
  count: '商机数量',
  amount: '预计金额（元）',
  pipelineCount: '跟进中',
  pipelineAmount: '跟进中预计金额（元）',
  wonCount: '赢单数量',
  wonAmount: '赢单金额（元）',
  lostCount: '输单数量',
  voidCount: '无效/过期/释放',
  // Rejected and withdrawn registrations were never deals: the report leaves them out.
  note: '已驳回、已撤回的报备不计入；赢单金额为赢单时填写的金额。',
};
