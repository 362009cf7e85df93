import { wallTime } from '../../domain/business-clock';

/** Days an RSP has to confirm or object to its line (notes §6.2 step 4: about two working weeks). */
export const CONFIRM_DAYS = 14;

/** The business day of an instant, `yyyy-MM-dd`. */
export function businessDayOf(at: Date): string {
  const { year, month, day } = wallTime(at);
  return `${year}-${month}-${day}`;
}

/** The last day an RSP may answer a line sent at `at`: the business day plus CONFIRM_DAYS. */
export function confirmDeadline(at: Date): string {
  const day = new Date(`${businessDayOf(at)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + CONFIRM_DAYS);
  return day.toISOString().slice(0, 10);
}
