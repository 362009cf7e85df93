import { businessDay } from '../../domain/business-clock';
import { daysBetween } from '../../domain/calendar-days';
import { LATE_DAYS } from '../../machines/workflows/daily-report.workflow';
import { PortalError } from '../http/envelope';
import type { WorkflowHooks } from '../workflows/hooks';
import { refreshSummary } from './daily-summary';

/**
 * The server side of a daily report: a submission's time and lateness are the server's, one more than
 * three days after the report's day is refused (locked), and the summary is computed again from the
 * day's records as it is submitted; reading and commenting are stamped with the server's time.
 */
export const dailyReportHooks: WorkflowHooks = {
  explain: (call) =>
    call.command === 'submit' && call.state.snapshot.value === 'locked'
      ? new PortalError(409, 'activity.errors.reportLocked', {
          day: String(call.subject.ReportDate ?? '').slice(0, 10),
          days: LATE_DAYS,
        })
      : undefined,
  prepare: async (_trx, call) => {
    const at = call.clock?.at ?? new Date();
    if (call.command === 'submit') {
      const day = String(call.subject.ReportDate ?? '').slice(0, 10);
      const late = daysBetween(day, businessDay(at));
      if (late > LATE_DAYS)
        throw new PortalError(409, 'activity.errors.reportLocked', { day, days: LATE_DAYS });
      return { submittedAt: at.toISOString(), late: late > 0 };
    }
    if (call.command === 'markRead' || call.command === 'commentReport') return { readAt: at.toISOString() };
    return undefined;
  },
  after: async (trx, call) => {
    if (call.command === 'submit') await refreshSummary(trx, call.state.subject[1]);
  },
};
