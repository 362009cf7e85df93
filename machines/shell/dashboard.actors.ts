import { fromPromise } from 'xstate';
import { type DashboardSummary, fetchDashboard } from '../../services/dashboard.service';
import { dashboardMachine } from './dashboard.machine';

export const dashboardLogic = dashboardMachine.provide({
  actors: { loadSummary: fromPromise<DashboardSummary, void>(() => fetchDashboard()) },
});
