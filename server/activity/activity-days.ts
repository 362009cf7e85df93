import { businessDay } from '../../domain/business-clock';

/**
 * A working day: Monday to Friday. Public holidays and the swapped weekend days of China's calendar are
 * not modelled; a report may still be written for such a day.
 */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The business day of an instant. */
export const dayOfInstant = (at: Date | string) => businessDay(typeof at === 'string' ? new Date(at) : at);
