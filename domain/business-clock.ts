import { DEFAULT_TIME_ZONE } from './constants';

/**
 * The one clock every business day, time and schedule is read on (SPEC §9): China's by default, or the
 * server's `TZ` setting. The server reads it from its environment; the browser takes it from the
 * session, so a list, an export's file name and its log all show the same time.
 */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const configured = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  ?.TZ;
let zone = configured && isTimeZone(configured) ? configured : DEFAULT_TIME_ZONE;

export const businessTimeZone = () => zone;

/** Sets the clock from what the server said; an unknown zone keeps the one in use. */
export function setBusinessTimeZone(name: string | undefined) {
  if (name && isTimeZone(name)) zone = name;
}

const wallOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
let wallClock = { zone: '', format: new Intl.DateTimeFormat('en-CA', wallOptions) };

/** The parts of an instant on the business clock; the formatter is made again only when the zone changes. */
export function wallTime(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  if (wallClock.zone !== zone)
    wallClock = { zone, format: new Intl.DateTimeFormat('en-CA', { ...wallOptions, timeZone: zone }) };
  const parts = Object.fromEntries(wallClock.format.formatToParts(at).map((part) => [part.type, part.value]));
  return parts as ReturnType<typeof wallTime>;
}

/** The business day ('YYYY-MM-DD') of an instant, today's when none is named: not the UTC day. */
export function businessDay(at: Date = new Date()): string {
  const { year, month, day } = wallTime(at);
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/** Minutes the business clock is ahead of UTC at an instant (480 for China). */
export function offsetMinutesAt(at: Date): number {
  const p = wallTime(at);
  // setUTCFullYear, unlike Date.UTC, does not take years 0–99 for 1900–1999.
  const wall = new Date(0);
  wall.setUTCFullYear(+p.year, +p.month - 1, +p.day);
  wall.setUTCHours(+p.hour, +p.minute, +p.second);
  return Math.round((wall.getTime() - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** '+08:00' of an offset in minutes. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The instant a business day ('YYYY-MM-DD') starts on the business clock. */
export function startOfBusinessDay(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  return new Date(midnightUtc - offsetMinutesAt(new Date(midnightUtc)) * 60_000);
}

/**
 * An instant as ISO 8601 on the business clock ('2026-05-16T08:00:00.000+08:00'): the same instant as
 * the UTC form, and a list that shows the first 19 characters shows the business time.
 */
export function businessIso(value: Date): string {
  const minutes = offsetMinutesAt(value);
  return new Date(value.getTime() + minutes * 60_000).toISOString().replace('Z', offsetText(minutes));
}
