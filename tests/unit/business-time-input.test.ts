import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { businessTimeZone, setBusinessTimeZone } from '../../domain/business-clock';
import { businessLocalValue, instantOfBusinessLocal } from '../../views/kit/business-time-input';

/**
 * A time typed into a list cell or a form's `datetime-local` input is a wall time on the business
 * clock (Asia/Shanghai): 08:00 typed is the instant 00:00 UTC, and shows 08:00 again, whatever the
 * browser's own zone. `tests/e2e/cell-business-time.test.ts` types it in a New York browser.
 */
describe('a time typed into a cell', () => {
  // The clock the browser takes from its session: China's, whatever zone this process runs in.
  let before = businessTimeZone();
  beforeEach(() => {
    before = businessTimeZone();
    setBusinessTimeZone('Asia/Shanghai');
  });
  afterEach(() => setBusinessTimeZone(before));

  it('is the instant its wall time means in Beijing, and shows that wall time again', () => {
    const typed = '2031-12-05T08:00';
    const instant = instantOfBusinessLocal(typed);
    expect(instant).toBe('2031-12-05T00:00:00.000Z');
    expect(businessLocalValue(instant)).toBe(typed);
    // Past midnight in Beijing is the day before in UTC, and still the typed day on the screen.
    expect(instantOfBusinessLocal('2031-12-05T00:30')).toBe('2031-12-04T16:30:00.000Z');
    expect(businessLocalValue('2031-12-04T16:30:00.000Z')).toBe('2031-12-05T00:30');
  });

  it('is nothing once cleared, and an empty value shows an empty input', () => {
    expect(instantOfBusinessLocal('')).toBeNull();
    for (const value of [null, undefined, '']) expect(businessLocalValue(value)).toBe('');
  });
});
