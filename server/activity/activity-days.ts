import { businessToday } from '../customers/customer-facts';

export { businessToday };

/** A business day ('YYYY-MM-DD') moved by whole days. */
export function dayPlus(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one business day to another (positive when `to` is later). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * A working day: Monday to Friday. Public holidays and the swapped weekend days of China's calendar are
 * not modelled; a report may still be written for such a day.
 */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The business day of an instant. */
export const dayOfInstant = (at: Date | string) => businessToday(typeof at === 'string' ? new Date(at) : at);
