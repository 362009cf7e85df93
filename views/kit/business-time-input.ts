import { formatDateTime, fromBusinessTime } from '../../domain/format';

/**
 * A stored instant as a `datetime-local` input shows it: the business clock's wall time (Asia/Shanghai),
 * not the browser's and not UTC, so what one types is what the lists show after the save.
 */
export const businessLocalValue = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? ''
    : formatDateTime(value as string)
        .slice(0, 16)
        .replace(' ', 'T');

/** What a `datetime-local` input typed, as the instant it means on the business clock; null when cleared. */
export const instantOfBusinessLocal = (typed: string): string | null =>
  typed ? fromBusinessTime(typed) : null;
