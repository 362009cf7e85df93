/** Display rules of table cells and search parameters (SPEC §9, §3). */

import { businessDay, startOfBusinessDay, wallTime } from './business-clock';
import { DATE_DISPLAY_LENGTH, END_OF_DAY_MS } from './constants';

const DEFAULT_LOCALE = 'zh-CN';
const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant with its zone, as the server sends a timestamp ('2026-11-27T16:30:00.000Z'). */
const ZONED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The day of a backend value: a day or a zoneless time as written; an instant as its day on the
 * business clock (16:30 UTC on the 27th is the 28th in Beijing), never its UTC day. Dates and epoch
 * milliseconds are instants too: a day start made by toEpochStartOfDay shows as the same day again.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string')
    return (ZONED_INSTANT.test(value) ? formatDateTime(value) : value).slice(0, DATE_DISPLAY_LENGTH);
  const date = typeof value === 'number' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? '' : businessDay(date);
}

const priceFormats = new Map<string, Intl.NumberFormat>();

function priceFormat(locale: string): Intl.NumberFormat {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    priceFormats.set(locale, format);
  }
  return format;
}

function toFiniteNumber(value: unknown): number {
  if (value === null || value === undefined || value === '') return Number.NaN;
  if (typeof value !== 'number' && typeof value !== 'string') return Number.NaN;
  return Number(value);
}

/** Price cell: two decimals with grouping; anything that is not a finite number shows as 0.00. */
export function formatPrice(value: unknown, locale: string = DEFAULT_LOCALE): string {
  const n = toFiniteNumber(value);
  return priceFormat(locale).format(Number.isFinite(n) ? n : 0);
}

/** Number cell: floored; NaN, empty and infinities show 0 (an infinite count is never real data). */
export function formatNumber(value: unknown): string {
  const n = toFiniteNumber(value);
  if (!Number.isFinite(n)) return '0';
  // `+ 0` turns -0 into 0 so a floored -0.x never prints as "-0".
  return String(Math.floor(n) + 0);
}

/** File size in B, KB, MB or GB with two decimals, at 1024 per step. */
export function formatFileSize(bytes: unknown): string {
  const n = toFiniteNumber(bytes);
  let size = Number.isFinite(n) && n > 0 ? n : 0;
  let unit = 0;
  // Step up while the rounded figure would read 1024.00 or more, so 1048575 B shows 1.00 MB, not 1024.00 KB.
  while (unit < FILE_SIZE_UNITS.length - 1 && Number(size.toFixed(2)) >= 1024) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(2)} ${FILE_SIZE_UNITS[unit]}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Epoch milliseconds of 00:00:00 of a 'YYYY-MM-DD' day on the business clock (SPEC §9: a date filter
 * sends its days as the instants they start), whatever the browser's zone: a browser set to UTC or New
 * York filters the same Beijing day as one in Shanghai. Throws a RangeError for anything but a
 * calendar day.
 */
export function toEpochStartOfDay(dateString: string): number {
  const match = DATE_ONLY.exec(dateString);
  if (!match) throw new RangeError(`Expected a date as YYYY-MM-DD, got "${dateString}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, unlike Date.UTC, does not map years 0–99 to 1900–1999.
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day);
  if (
    midnight.getUTCFullYear() !== year ||
    midnight.getUTCMonth() !== month - 1 ||
    midnight.getUTCDate() !== day
  ) {
    throw new RangeError(`"${dateString}" is not a calendar date`);
  }
  return startOfBusinessDay(dateString).getTime();
}

/** The spec's end of day: start + 86,399,000 ms (23:59:59 except on a daylight-saving change day). */
export function toEpochEndOfDay(dateString: string): number {
  return toEpochStartOfDay(dateString) + END_OF_DAY_MS;
}

/** 'name(login)' for the person columns; either part may be missing. */
export function formatPersonWithLogin(
  name: string | null | undefined,
  login: string | null | undefined,
): string {
  const n = name?.trim() ?? '';
  const l = login?.trim() ?? '';
  if (!l) return n;
  if (!n) return l;
  return `${n}(${l})`;
}

const ZONELESS_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * 'YYYY-MM-DD HH:mm:ss' of an instant on the business clock (China's unless configured), whatever the browser's time
 * zone: a schedule written for 08:00 in Beijing reads 08:00 everywhere. Anything that is not an instant shows as ''.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // A time written without a zone ('2026-05-15 14:30:12') is already on the business clock.
  if (typeof value === 'string' && ZONELESS_TIME.test(value)) return value.replace('T', ' ').slice(0, 19);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = wallTime(date);
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** A run's duration: milliseconds under a second, seconds with one decimal under a minute, then m:ss. */
export function formatDuration(ms: unknown): string {
  const n = toFiniteNumber(ms);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1000) return `${Math.round(n)} ms`;
  if (n < 60_000) return `${(n / 1000).toFixed(1)} s`;
  const seconds = Math.round(n / 1000);
  return `${Math.floor(seconds / 60)}:${pad(seconds % 60)} min`;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/;
const wallAsUtc = (text: string) => {
  const m = WALL_TIME.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/**
 * The instant (ISO, UTC) of a time read on the business clock, e.g. typed into a date-time input:
 * '2026-05-16T08:00' is 00:00Z. The zone's offset is looked up at that moment (twice, so a
 * daylight-saving zone lands right too). Anything that is not such a time gives ''.
 */
export function fromBusinessTime(text: string): string {
  const wall = wallAsUtc(text);
  if (!Number.isFinite(wall)) return '';
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - (wallAsUtc(formatDateTime(instant)) - instant);
  return new Date(instant).toISOString();
}
