import { addDays } from '../../domain/calendar-days';
import { dayOf, fieldError } from '../http/validate';
import { MAX_EXTENSION_DAYS } from './loan-rules';

const problem = (key: string, params: Record<string, unknown> = {}) =>
  fieldError('loanOrder', 'ExtendedTo', { key: `loans.problems.${key}`, params });

/**
 * One extension (notes §4.7 rule 2): a calendar day after the due date, at most 60 days past it; one
 * that takes a loan out of overdue must also lie after today.
 */
export function checkExtension(due: string, extendedTo: unknown, today: string, mustBeFuture: boolean) {
  const day = dayOf(extendedTo);
  if (!day) throw fieldError('loanOrder', 'ExtendedTo', 'server.problems.date');
  if (day <= due) throw problem('extensionBeforeDue', { due });
  const latest = addDays(due, MAX_EXTENSION_DAYS);
  if (day > latest) throw problem('extensionTooLate', { days: MAX_EXTENSION_DAYS, latest });
  if (mustBeFuture && day <= today) throw problem('dueNotAfterToday', { today });
  return day;
}
