import type { opportunityReport as zh } from '../zh/opportunity-report';

/** The opportunity report page (views/pages/opportunity-report-page.tsx). */
export const opportunityReport: typeof zh = {
  byStage: 'By stage',
  byProvince: 'By province',
  byProductLine: 'By product line',
  count: 'Opportunities',
  amount: 'Estimated amount (CNY)',
  wonCount: 'Won',
  wonAmount: 'Won amount (CNY)',
};
