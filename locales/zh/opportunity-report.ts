/** The opportunity report page (views/pages/opportunity-report-page.tsx). */
export const opportunityReport = {
  byStage: '按商机阶段',
  byProvince: '按省份',
  byProductLine: '按产品线',
  count: '商机数量',
  amount: '预计金额（元）',
  wonCount: '赢单数量',
  wonAmount: '赢单金额（元）',
};
