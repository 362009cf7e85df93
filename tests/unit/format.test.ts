import { afterEach, describe, expect, it } from 'vitest';
import { END_OF_DAY_MS } from '../../domain/constants';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatNumber,
  formatPersonWithLogin,
  formatPrice,
  toEpochEndOfDay,
  toEpochStartOfDay,
} from '../../domain/format';

describe('formatDate', () => {
  it('cuts strings to the first 10 characters', () => {
    expect(formatDate('2024-03-01T12:34:56.000Z')).toBe('2024-03-01');
    // An instant is shown on its business day: half past midnight in Beijing is the next day.
    expect(formatDate('2026-11-27T16:30:00.000Z')).toBe('2026-11-28');
    expect(formatDate('2026-11-28T00:30:00.000+08:00')).toBe('2026-11-28');
    expect(formatDate('2026-11-27T15:59:59Z')).toBe('2026-11-27');
    expect(formatDate('2024-03-01 08:00:00')).toBe('2024-03-01');
    expect(formatDate('2024-03')).toBe('2024-03');
    expect(formatDate('')).toBe('');
  });

  it('shows Dates and epoch milliseconds as their day on the business clock', () => {
    expect(formatDate(new Date('2024-03-01T15:59:00Z'))).toBe('2024-03-01');
    expect(formatDate(Date.parse('2024-12-31T16:00:00Z'))).toBe('2025-01-01');
    expect(formatDate(toEpochStartOfDay('2024-03-01'))).toBe('2024-03-01');
    expect(formatDate(toEpochEndOfDay('2024-03-01'))).toBe('2024-03-01');
  });

  it('is empty for null, undefined and invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate(new Date('nope'))).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('formatPrice', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatPrice(1234.5)).toBe('1,234.50');
    expect(formatPrice(1234567.891)).toBe('1,234,567.89');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(-42)).toBe('-42.00');
    expect(formatPrice('99.999')).toBe('100.00');
  });

  it('shows 0.00 for NaN, null, undefined, empty and non-numbers', () => {
    expect(formatPrice(Number.NaN)).toBe('0.00');
    expect(formatPrice(null)).toBe('0.00');
    expect(formatPrice(undefined)).toBe('0.00');
    expect(formatPrice('')).toBe('0.00');
    expect(formatPrice('abc')).toBe('0.00');
    expect(formatPrice({})).toBe('0.00');
  });

  it('uses another locale only when asked', () => {
    expect(formatPrice(1234.5, 'de-DE')).toBe('1.234,50');
  });
});

describe('formatNumber', () => {
  it('floors', () => {
    expect(formatNumber(12.9)).toBe('12');
    expect(formatNumber('7.2')).toBe('7');
    expect(formatNumber(-1.5)).toBe('-2');
    expect(formatNumber(-0.2)).toBe('-1');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(12345)).toBe('12345');
  });

  it('shows 0 for NaN, null, empty and infinities', () => {
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber('')).toBe('0');
    expect(formatNumber('x1')).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB, MB, GB with two decimals', () => {
    expect(formatFileSize(0)).toBe('0.00 B');
    expect(formatFileSize(1023)).toBe('1023.00 B');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(2048 * 1024 ** 3)).toBe('2048.00 GB');
  });

  it('steps up rather than showing 1024.00 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MB');
  });

  it('shows 0.00 B for nonsense', () => {
    expect(formatFileSize(Number.NaN)).toBe('0.00 B');
    expect(formatFileSize(null)).toBe('0.00 B');
    expect(formatFileSize(-5)).toBe('0.00 B');
  });
});

describe('toEpochStartOfDay / toEpochEndOfDay', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  // A browser in UTC, in New York or in Tokyo filters the same Beijing day as one in Shanghai.
  for (const browser of ['UTC', 'America/New_York', 'Asia/Tokyo']) {
    it(`gives midnight of the business day in a browser set to ${browser}`, () => {
      process.env.TZ = browser;
      expect(toEpochStartOfDay('2024-03-01')).toBe(Date.parse('2024-02-29T16:00:00Z'));
      expect(formatDateTime(toEpochStartOfDay('2024-02-29'))).toBe('2024-02-29 00:00:00');
      expect(formatDateTime(toEpochEndOfDay('2024-02-29'))).toBe('2024-02-29 23:59:59');
    });
  }

  it('adds 86,399,000 ms for the end of day', () => {
    expect(toEpochEndOfDay('2024-03-01') - toEpochStartOfDay('2024-03-01')).toBe(86_399_000);
    expect(END_OF_DAY_MS).toBe(86_399_000);
  });

  it('keeps two-digit years as written, not as 1999', () => {
    expect(new Date(toEpochStartOfDay('0099-01-02')).getUTCFullYear()).toBe(99);
  });

  it('refuses malformed and impossible dates', () => {
    expect(() => toEpochStartOfDay('2024-3-1')).toThrow(RangeError);
    expect(() => toEpochStartOfDay('')).toThrow(RangeError);
    expect(() => toEpochStartOfDay('2024-02-30')).toThrow(RangeError);
    expect(() => toEpochEndOfDay('2024-13-01')).toThrow(RangeError);
  });
});

describe('formatPersonWithLogin', () => {
  it('shows name plus login in brackets', () => {
    expect(formatPersonWithLogin('张三', 'zhangsan')).toBe('张三(zhangsan)');
  });

  it('handles missing parts', () => {
    expect(formatPersonWithLogin('张三', '')).toBe('张三');
    expect(formatPersonWithLogin('张三', null)).toBe('张三');
    expect(formatPersonWithLogin(undefined, 'zhangsan')).toBe('zhangsan');
    expect(formatPersonWithLogin(' ', ' ')).toBe('');
    expect(formatPersonWithLogin(null, undefined)).toBe('');
  });
});
