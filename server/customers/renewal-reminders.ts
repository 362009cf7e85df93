import { addDays, daysBetween } from '../../domain/calendar-days';
import { CustomerStatus } from '../../domain/codes/customers.codes';

/** Reminder windows before an agreement ends (DOMAIN.md: T−90/60/30 days). */
export const REMINDER_WINDOWS = [30, 60, 90] as const;
export type ReminderWindow = (typeof REMINDER_WINDOWS)[number];

/** Agents whose agreement may be renewed: cooperating or already flagged renewal due. */
export const REMINDED_STATUSES: string[] = [CustomerStatus.active, CustomerStatus.renewalDue];

export interface AgreementHolder {
  ExtAgreementEndDate_SDK?: unknown;
  ExtCustomerStatus_SDK?: unknown;
}

/** The smallest window an agreement ending on `end` falls in today, or null when none. */
export function reminderWindow(end: string, today: string): ReminderWindow | null {
  const left = daysBetween(today, end);
  if (!Number.isFinite(left) || left < 0) return null;
  return REMINDER_WINDOWS.find((w) => left <= w) ?? null;
}

/** The last day the widest window covers: agreements ending by then are due for a reminder. */
export const reminderHorizon = (today: string) =>
  addDays(today, REMINDER_WINDOWS[REMINDER_WINDOWS.length - 1]);

/**
 * The agents to remind today: agreement ending within 90 days (not yet ended), still cooperating,
 * each with its window (30, 60 or 90) and the days left, soonest first. Pure: a scheduled job and the
 * /customer/renewalDue page read the same answer.
 */
export function renewalReminders<T extends AgreementHolder>(agents: T[], today: string) {
  return agents
    .filter((a) => REMINDED_STATUSES.includes(String(a.ExtCustomerStatus_SDK)))
    .flatMap((a) => {
      const end = typeof a.ExtAgreementEndDate_SDK === 'string' ? a.ExtAgreementEndDate_SDK.slice(0, 10) : '';
      const window = end ? reminderWindow(end, today) : null;
      return window ? [{ ...a, ReminderWindow: window, DaysLeft: daysBetween(today, end) }] : [];
    })
    .sort((a, b) => a.DaysLeft - b.DaysLeft);
}
