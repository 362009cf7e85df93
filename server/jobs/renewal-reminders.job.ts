import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import {
  REMINDED_STATUSES,
  REMINDER_WINDOWS,
  reminderHorizon,
  renewalReminders as remindersOf,
} from '../customers/renewal-reminders';
import type { JobHandler } from './job-handlers';

/**
 * The daily renewal reminder (DOMAIN.md: T−90/60/30 days): the agents whose agreement ends within 90
 * days, counted per window, by the same pure rule as the /customer/renewalDue list. It reports and
 * records only. No rule in the portal turns an agent into "renewal due" (171) on entering a window —
 * status 171 is set by people, and a renewal's approval sets 161 again — so the job changes no status.
 */
export const renewalReminders: JobHandler = {
  descriptionKey: 'server.jobs.handlers.renewalReminders',
  schedule: { code: 'agentRenewalReminders', cron: '0 8 * * *', timeoutSeconds: 300 },
  async run(db, { now }) {
    const today = businessDay(now);
    const end = sql`(data->>'ExtAgreementEndDate_SDK')`;
    const { rows } = await sql<{
      ExtCustomerStatus_SDK: string;
      ExtAgreementEndDate_SDK: string;
    }>`select status as "ExtCustomerStatus_SDK", ${end} as "ExtAgreementEndDate_SDK" from customer
      where status in (${sql.join(REMINDED_STATUSES)})
        and ${end} >= ${today} and ${end} <= ${reminderHorizon(today)}`.execute(db);
    const due = remindersOf(rows, today);
    const count = (window: number) => due.filter((agent) => agent.ReminderWindow === window).length;
    const [within30, within60, within90] = REMINDER_WINDOWS.map(count);
    return {
      key: 'server.jobs.messages.renewalReminders',
      params: { today, total: due.length, within30, within60, within90 },
    };
  },
};
