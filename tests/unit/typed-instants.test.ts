import { afterEach, describe, expect, it } from 'vitest';
import { instantOf } from '../../server/http/validate';

/**
 * A time sent to the server without its zone is the business clock's (Asia/Shanghai), whatever the
 * process's own clock says: with that clock on New York or UTC, '08:00' is still 08:00 in Beijing.
 */
const hostZone = process.env.TZ;
afterEach(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

const iso = (value: unknown) => {
  const ms = instantOf(value);
  return ms === undefined ? undefined : new Date(ms).toISOString();
};

describe('a date-time value as the server reads it', () => {
  for (const host of ['UTC', 'America/New_York', 'Asia/Shanghai']) {
    it(`with the process's clock on ${host}: a zoneless time and a bare day are the business clock's`, () => {
      process.env.TZ = host;
      expect(iso('2026-11-28 08:00')).toBe('2026-11-28T00:00:00.000Z');
      expect(iso('2026-11-28T00:30:15')).toBe('2026-11-27T16:30:15.000Z');
      expect(iso('2026-11-28')).toBe('2026-11-27T16:00:00.000Z');
    });
  }

  it('keeps the instant of a time that names its zone, and of epoch milliseconds', () => {
    process.env.TZ = 'America/New_York';
    expect(iso('2026-11-28T08:00:00Z')).toBe('2026-11-28T08:00:00.000Z');
    expect(iso('2026-11-28T08:00:00.000+08:00')).toBe('2026-11-28T00:00:00.000Z');
    expect(iso('2026-11-28 08:00-0500')).toBe('2026-11-28T13:00:00.000Z');
    expect(iso(Date.UTC(2026, 10, 28))).toBe('2026-11-28T00:00:00.000Z');
  });

  it('refuses what names no instant', () => {
    for (const bad of ['2026-02-30 08:00', '2026-11-28T25:00', 'tomorrow', '2026-11-28T10', ''])
      expect(instantOf(bad), bad).toBeUndefined();
  });
});
