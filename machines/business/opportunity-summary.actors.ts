import { fromPromise } from 'xstate';
import { fetchOpportunitySummary, type OpportunitySummary } from '../../services/opportunity-summary.service';
import { opportunitySummaryMachine } from './opportunity-summary.machine';

/** The opportunity report page wired to POST /opportunityReport/summary. */
export const opportunitySummaryLogic = opportunitySummaryMachine.provide({
  actors: {
    loadSummary: fromPromise<OpportunitySummary, { filters: Record<string, string>; lang: string }>(
      ({ input }) => fetchOpportunitySummary(input.filters, input.lang),
    ),
  },
});
