import { Cron } from 'croner';
import { businessTimeZone } from './business-clock';

/**
 * Cron expressions of the scheduled jobs, read the same way by the schedule form (to warn before
 * sending) and by the server (the truth): five fields (minute hour day month weekday) or six with
 * seconds first, in China's time zone. Parsing and the calendar arithmetic are croner's; what is
 * accepted, and what `?` means, is decided here.
 */
export const CRON_MAX_LENGTH = 200;

/** Why an expression is refused; each is a message under server.jobs.cron. */
export type CronProblem = 'required' | 'tooLong' | 'fieldCount' | 'invalid' | 'never';

/**
 * The pattern croner should read, or the problem. `?` is Quartz's "no specific value" for the day of
 * month or of week, as the job lists of older schedulers write it; croner would read it as "the
 * moment the job was created", so it becomes `*`, and anywhere else it is refused.
 */
function patternOf(expression: string): { pattern: string } | { problem: CronProblem } {
  const trimmed = expression.trim();
  if (!trimmed) return { problem: 'required' };
  if (trimmed.length > CRON_MAX_LENGTH) return { problem: 'tooLong' };
  const fields = trimmed.split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) return { problem: 'fieldCount' };
  const dayFields = fields.length === 5 ? [2, 4] : [3, 5];
  const normalised = fields.map((field, index) => (field === '?' && dayFields.includes(index) ? '*' : field));
  if (normalised.some((field) => field.includes('?'))) return { problem: 'invalid' };
  return { pattern: normalised.join(' ') };
}

function scheduleOf(expression: string): { cron: Cron } | { problem: CronProblem } {
  const parsed = patternOf(expression);
  if ('problem' in parsed) return parsed;
  try {
    return {
      cron: new Cron(parsed.pattern, { timezone: businessTimeZone(), paused: true, mode: '5-or-6-parts' }),
    };
  } catch {
    return { problem: 'invalid' };
  }
}

/** Why the expression cannot schedule a job, or null when it can (it must also come round again). */
export function cronProblem(expression: string, now = new Date()): CronProblem | null {
  const schedule = scheduleOf(expression);
  if ('problem' in schedule) return schedule.problem;
  return schedule.cron.nextRun(now) ? null : 'never';
}

/** The first time the schedule fires strictly after `after`, or null (no such time, or refused). */
export function nextRunAfter(expression: string, after: Date): Date | null {
  const schedule = scheduleOf(expression);
  return 'problem' in schedule ? null : schedule.cron.nextRun(after);
}

/** The next `count` times, for the schedule form's preview. */
export function nextRunsAfter(expression: string, after: Date, count: number): Date[] {
  const schedule = scheduleOf(expression);
  return 'problem' in schedule ? [] : schedule.cron.nextRuns(count, after);
}
