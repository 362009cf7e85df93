/**
 * Arithmetic on calendar days ('YYYY-MM-DD'), done in UTC so no clock change shifts a day. Which day it
 * is comes from the business clock (business-clock.ts); counting from it is the same everywhere.
 */

const DAY_MS = 86_400_000;
const midnightOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** A day moved by whole days (back where `days` is negative). */
export function addDays(day: string, days: number): string {
  return new Date(midnightOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from one day to another (positive when `to` is later). */
export const daysBetween = (from: string, to: string) =>
  Math.round((midnightOf(to) - midnightOf(from)) / DAY_MS);
