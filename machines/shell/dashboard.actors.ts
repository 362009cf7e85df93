import { fromPromise } from 'xstate';
import {
  type DashboardCharts,
  type DashboardSummary,
  fetchDashboard,
  fetchDashboardCharts,
} from '../../services/dashboard.service';
import { dashboardMachine } from './dashboard.machine';

export const dashboardLogic = dashboardMachine.provide({
  actors: {
    loadSummary: fromPromise<DashboardSummary, void>(() => fetchDashboard()),
    loadCharts: fromPromise<DashboardCharts, { lang: string }>(({ input }) =>
      fetchDashboardCharts(input.lang),
    ),
  },
});
