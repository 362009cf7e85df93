import type { opportunityReport as zh } from '../zh/opportunity-report';

/** The opportunity report page (views/pages/opportunity-report-page.tsx). */
export const opportunityReport: typeof zh = {
  byStage: 'By stage',
  byProvince: 'By province',
  byProductLine: 'By product line',
  count: 'Opportunities',
  amount: 'Estimated amount (CNY)',
  pipelineCount: 'In pipeline',
  pipelineAmount: 'Pipeline estimate (CNY)',
  wonCount: 'Won',
  wonAmount: 'Won amount (CNY)',
  lostCount: 'Lost',
  voidCount: 'Void, expired or released',
  note: 'Rejected and withdrawn registrations are not counted; the won amount is the one entered on winning.',
};
