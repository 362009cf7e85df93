import { describe, expect, it } from 'vitest';
import { cronProblem, nextRunAfter, nextRunsAfter } from '../../domain/cron';
import { formatDateTime, formatDuration } from '../../domain/format';
import { formProblem } from '../../machines/admin/cron-job.rules';
import { businessIso } from '../../server/jobs/job.wire';
import { claimPlanOf } from '../../server/jobs/job-claim';

const at = (iso: string) => new Date(iso);

describe('the next run of a schedule, on Beijing time', () => {
  it('runs a daily 08:00 job at 08:00 in Beijing, which is midnight UTC', () => {
    expect(nextRunAfter('0 8 * * *', at('2026-05-15T01:00:00Z'))?.toISOString()).toBe(
      '2026-05-16T00:00:00.000Z',
    );
    expect(nextRunAfter('0 8 * * *', at('2026-05-14T23:59:00Z'))?.toISOString()).toBe(
      '2026-05-15T00:00:00.000Z',
    );
  });

  it('is strictly after the time it is asked from, so a claimed run moves on', () => {
    expect(nextRunAfter('0 8 * * *', at('2026-05-16T00:00:00Z'))?.toISOString()).toBe(
      '2026-05-17T00:00:00.000Z',
    );
  });

  it('reads the day as Beijing’s: Monday 08:00 is Monday in Beijing, Sunday night in UTC', () => {
    // 2026-05-17 is a Sunday; Monday 08:00 in Beijing is Monday 00:00 UTC.
    expect(nextRunAfter('0 8 * * MON', at('2026-05-17T12:00:00Z'))?.toISOString()).toBe(
      '2026-05-18T00:00:00.000Z',
    );
    // Midnight in Beijing on the 1st is 16:00 UTC on the last day of the month before.
    expect(nextRunAfter('0 0 1 * *', at('2026-05-15T00:00:00Z'))?.toISOString()).toBe(
      '2026-05-31T16:00:00.000Z',
    );
  });

  it('takes six fields with seconds first, and Quartz’s ? for a day it leaves open', () => {
    expect(nextRunAfter('30 */10 * * * ?', at('2026-05-15T01:03:00Z'))?.toISOString()).toBe(
      '2026-05-15T01:10:30.000Z',
    );
    expect(nextRunsAfter('*/5 * * * *', at('2026-05-15T01:03:00Z'), 3).map((d) => d.toISOString())).toEqual([
      '2026-05-15T01:05:00.000Z',
      '2026-05-15T01:10:00.000Z',
      '2026-05-15T01:15:00.000Z',
    ]);
  });

  it('names what is wrong with an expression it refuses', () => {
    expect(cronProblem('0 8 * * *')).toBeNull();
    expect(cronProblem('')).toBe('required');
    expect(cronProblem('* * *')).toBe('fieldCount');
    expect(cronProblem('0 0 8 * * * 2026')).toBe('fieldCount');
    expect(cronProblem('61 * * * *')).toBe('invalid');
    expect(cronProblem('? * * * *')).toBe('invalid');
    expect(cronProblem('0 0 30 2 *')).toBe('never');
    expect(cronProblem('0 '.repeat(101))).toBe('tooLong');
    expect(nextRunAfter('61 * * * *', new Date())).toBeNull();
  });

  it('is checked by the schedule form exactly as by the server', () => {
    const form = { CronExpression: '61 * * * *', TimeoutSeconds: '60', Params: '{}', Remark: '' };
    expect(formProblem(form)).toEqual({ error: 'server.jobs.cron.invalid', errorField: 'CronExpression' });
    expect(formProblem({ ...form, CronExpression: '0 8 * * *' })).toBeUndefined();
    expect(formProblem({ ...form, CronExpression: '0 8 * * *', TimeoutSeconds: '0' })?.errorField).toBe(
      'TimeoutSeconds',
    );
    expect(formProblem({ ...form, CronExpression: '0 8 * * *', Params: '[1]' })?.errorField).toBe('Params');
  });
});

describe('claiming a due run', () => {
  const now = at('2026-05-15T01:03:00Z');
  const due = {
    enabled: true,
    cron_expression: '*/5 * * * *',
    next_run_at: at('2026-05-15T01:00:00Z'),
    run_requested_at: null,
  };

  it('moves a due schedule to its next time after now', () => {
    expect(claimPlanOf(due, now)).toEqual({
      trigger: 'schedule',
      nextRunAt: at('2026-05-15T01:05:00Z'),
      clearsRequest: false,
    });
  });

  it('runs once for a schedule missed many times, not once per missed time', () => {
    const missedADay = { ...due, next_run_at: at('2026-05-14T01:00:00Z') };
    expect(claimPlanOf(missedADay, now)?.nextRunAt).toEqual(at('2026-05-15T01:05:00Z'));
  });

  it('has nothing to claim before the time, or from a disabled job', () => {
    expect(claimPlanOf({ ...due, next_run_at: at('2026-05-15T01:05:00Z') }, now)).toBeNull();
    expect(claimPlanOf({ ...due, enabled: false }, now)).toBeNull();
    expect(claimPlanOf({ ...due, next_run_at: null }, now)).toBeNull();
  });

  it('serves a "run now" request, even of a disabled job, without touching its schedule', () => {
    const asked = at('2026-05-15T01:02:00Z');
    const disabled = { ...due, enabled: false, next_run_at: null, run_requested_at: asked };
    expect(claimPlanOf(disabled, now)).toEqual({ trigger: 'manual', nextRunAt: null, clearsRequest: true });
    const later = { ...due, next_run_at: at('2026-05-15T01:05:00Z'), run_requested_at: asked };
    expect(claimPlanOf(later, now)?.nextRunAt).toEqual(at('2026-05-15T01:05:00Z'));
  });

  it('lets one run serve a request and a due schedule together', () => {
    const both = { ...due, run_requested_at: at('2026-05-15T01:02:00Z') };
    expect(claimPlanOf(both, now)).toEqual({
      trigger: 'manual',
      nextRunAt: at('2026-05-15T01:05:00Z'),
      clearsRequest: true,
    });
  });
});

describe('times and durations as the pages show them', () => {
  it('sends instants with Beijing’s offset and shows them on Beijing’s clock', () => {
    const instant = at('2026-05-16T00:00:00Z');
    expect(businessIso(instant)).toBe('2026-05-16T08:00:00.000+08:00');
    expect(Date.parse(businessIso(instant)!)).toBe(instant.getTime());
    expect(formatDateTime(businessIso(instant))).toBe('2026-05-16 08:00:00');
    expect(formatDateTime('2026-05-15T16:30:05Z')).toBe('2026-05-16 00:30:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a time')).toBe('');
  });

  it('shows a duration in the unit that reads best', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(185_000)).toBe('3:05 min');
    expect(formatDuration(null)).toBe('');
  });
});
