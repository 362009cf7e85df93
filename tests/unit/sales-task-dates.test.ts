import { describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { confirmDeadline } from '../../server/sales-tasks/confirmation-deadline';
import { yearBegun } from '../../server/sales-tasks/plan-period.rules';
import { planYears } from '../../server/sales-tasks/task-references.rules';

/**
 * The days sales tasks name in their messages and fields — an RSP's confirmation deadline, the plan
 * year a target may name, whether that year has begun (the late-target refusal) — are Beijing days:
 * half an hour after midnight in Beijing is still the day before in UTC, and the portal says Beijing's.
 */
const BEIJING_00_30_ON_1_MARCH = new Date('2026-03-01T00:30:00+08:00');
const BEIJING_23_30_ON_28_FEB = new Date('2026-02-28T23:30:00+08:00');
const BEIJING_00_30_ON_NEW_YEAR = new Date('2027-01-01T00:30:00+08:00');

describe('sales task days on the business clock', () => {
  it('names the Beijing day a line was sent on, and its deadline 14 days later', () => {
    expect(BEIJING_00_30_ON_1_MARCH.toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(businessDay(BEIJING_00_30_ON_1_MARCH)).toBe('2026-03-01');
    expect(confirmDeadline(BEIJING_00_30_ON_1_MARCH)).toBe('2026-03-15');
    expect(businessDay(BEIJING_23_30_ON_28_FEB)).toBe('2026-02-28');
    expect(confirmDeadline(BEIJING_23_30_ON_28_FEB)).toBe('2026-03-14');
  });

  it('begins the plan year, and moves the years a target may name, at midnight in Beijing', () => {
    expect(yearBegun(2027, BEIJING_00_30_ON_NEW_YEAR)).toBe(true);
    expect(yearBegun(2027, new Date('2026-12-31T23:30:00+08:00'))).toBe(false);
    expect(planYears(BEIJING_00_30_ON_NEW_YEAR)).toEqual({ min: 2026, max: 2028 });
    expect(planYears(new Date('2026-12-31T23:30:00+08:00'))).toEqual({ min: 2025, max: 2027 });
  });
});
