import { activityStorages } from '../activity/activity.storage';
import { activityDeadlines } from '../activity/activity-deadlines.job';
import { dailyReportHooks } from '../activity/daily-report.hooks';
import { afterReportWrite, refuseReportChange } from '../activity/daily-report.rules';
import { visitHooks } from '../activity/visit.hooks';
import { afterVisitWrite, refuseVisitChange } from '../activity/visit.rules';
import { type AreaParts, defineArea, stored } from './area';

/** Sales activity: visits and daily reports. */
export const activityArea = defineArea(
  'activity',
  (): AreaParts<'activity'> => ({
    resources: stored(activityStorages, {
      // A new visit or daily report is its writer's and starts its workflow.
      visit: { afterWrite: afterVisitWrite, beforeChange: refuseVisitChange },
      dailyReport: {
        afterWrite: (trx, def, caller, record, changed) =>
          afterReportWrite(trx, def, caller, record, changed),
        beforeChange: refuseReportChange,
      },
    }),
    workflows: { visit: visitHooks, dailyReport: dailyReportHooks },
    jobs: { activityDeadlines },
  }),
);
