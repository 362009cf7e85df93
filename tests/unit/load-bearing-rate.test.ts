import { describe, expect, it } from 'vitest';
import { carried, loadBearingRate } from '../../server/sales-tasks/task-package';

/**
 * The load-bearing rate a refusal names (docs/sales-tasks.md): a package outside 100 %–130 % must not
 * read as if it were on a bound, so a rate just above 130 % is rounded up and one just below 100 % down.
 */
describe('the load-bearing rate', () => {
  it('is exact in fen and cut to two decimals', () => {
    expect(loadBearingRate(115_000_01n, 100_000_00n)).toBe('115.00');
    expect(loadBearingRate(1n, 0n)).toBeNull();
  });

  it('just above the window reads above it, and just below reads below it', () => {
    const annual = 1_000_000_00n;
    const above = 1_300_040_00n; // 130.004 %
    expect(carried(above, annual)).toBe(false);
    expect(loadBearingRate(above, annual)).toBe('130.00');
    expect(loadBearingRate(above, annual, 'up')).toBe('130.01');
    const below = 999_960_00n; // 99.996 %
    expect(carried(below, annual)).toBe(false);
    expect(loadBearingRate(below, annual)).toBe('99.99');
    expect(carried(1_300_000_00n, annual)).toBe(true);
    expect(loadBearingRate(1_300_000_00n, annual, 'up')).toBe('130.00');
  });
});
