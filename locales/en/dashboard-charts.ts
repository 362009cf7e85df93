import type { dashboardCharts as zh } from '../zh/dashboard-charts';

/** The dashboard's charts (views/pages/dashboard-charts.tsx): titles, axes and their accessible tables. */
export const dashboardCharts: typeof zh = {
  title: 'At a glance',
  loading: 'Loading the charts…',
  failed: 'The charts could not be loaded: {{message}}',
  empty: 'No data yet',
  openReport: 'Open the report',
  noValue: 'Not given',
  orders: {
    title: '{{report}} · orders and payments, last {{months}} months',
    month: 'Month',
    count: 'Orders',
    amount: 'Order amount (CNY)',
    paid: 'Paid (CNY)',
  },
  stages: {
    title: 'Opportunities by stage',
    stage: 'Stage',
    count: 'Opportunities',
    amount: 'Estimated amount (CNY)',
    wonCount: 'Won',
  },
  attainment: {
    title: 'Task attainment by province, {{year}}',
    titleOwn: 'My task attainment, {{year}}',
    ProvinceName: 'Province',
    Brand: 'Brand',
    indicator: 'Indicator',
    task: 'Target (CNY)',
    completed: 'Completed (CNY)',
    rate: 'Completion (%)',
  },
  rebate: {
    titleOwn: 'My rebate balance',
    titleTop: 'Top {{count}} agents by available rebate',
    account: 'Rebate account',
    agent: 'Agent',
    available: 'Available (CNY)',
    frozen: 'Frozen (CNY)',
    balance: 'Balance (CNY)',
    total: 'Total ({{count}} agents)',
    ownTotal: 'Total',
  },
};
