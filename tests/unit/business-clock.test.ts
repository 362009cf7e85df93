import { afterEach, describe, expect, it } from 'vitest';
import {
  businessIso,
  businessTimeZone,
  isTimeZone,
  offsetMinutesAt,
  setBusinessTimeZone,
  startOfBusinessDay,
} from '../../domain/business-clock';
import { DEFAULT_TIME_ZONE } from '../../domain/constants';
import { formatDateTime } from '../../domain/format';

const instant = new Date('2026-07-01T16:30:00Z');

afterEach(() => setBusinessTimeZone(DEFAULT_TIME_ZONE));

describe('the business clock', () => {
  it('is China’s by default: 16:30 UTC reads 00:30 the next day', () => {
    expect(businessTimeZone()).toBe('Asia/Shanghai');
    expect(offsetMinutesAt(instant)).toBe(480);
    expect(formatDateTime(instant)).toBe('2026-07-02 00:30:00');
    expect(businessIso(instant)).toBe('2026-07-02T00:30:00.000+08:00');
    expect(startOfBusinessDay('2026-07-02').toISOString()).toBe('2026-07-01T16:00:00.000Z');
  });

  it('follows a configured zone, summer time included, in every reading', () => {
    setBusinessTimeZone('America/New_York');
    expect(offsetMinutesAt(instant)).toBe(-240);
    expect(offsetMinutesAt(new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(formatDateTime(instant)).toBe('2026-07-01 12:30:00');
    expect(businessIso(instant)).toBe('2026-07-01T12:30:00.000-04:00');
    expect(startOfBusinessDay('2026-07-01').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('keeps the zone in use when told an unknown one', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    setBusinessTimeZone('Mars/Olympus');
    expect(businessTimeZone()).toBe('Asia/Shanghai');
  });
});
