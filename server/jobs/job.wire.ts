import type { Selectable } from 'kysely';
import { businessIso as onBusinessClock } from '../../domain/business-clock';
import { type CronJobRecord, type CronJobRun, JOB_STATUS, RUN_RESULT } from '../../domain/scheduled-jobs';
import type { JobMessage, ScheduledJobRunTable, ScheduledJobTable } from '../db/schema';
import { type Lang, translate } from '../http/i18n';
import { jobHandler } from './job-handlers';

/** An instant on the business clock, as the schedules are (see domain/business-clock.ts). */
export function businessIso(value: Date | null): string | null {
  return value ? onBusinessClock(value) : null;
}

/** A stored run message in the reader's language. */
export function messageText(lang: Lang, message: JobMessage | null): string | null {
  if (!message) return null;
  return 'text' in message ? message.text : translate(lang, message.key, message.params);
}

export const outcomeCode = (outcome: string | null) =>
  outcome ? (RUN_RESULT[outcome as keyof typeof RUN_RESULT] ?? null) : null;

export type JobRow = Selectable<ScheduledJobTable>;

/** A job's name or group: the reader's language for a code the locales word, else as stored. */
function titleOf(lang: Lang, row: JobRow, part: 'name' | 'group') {
  const key = `server.jobs.titles.${row.code}.${part}`;
  const text = translate(lang, key);
  return text === key ? (part === 'name' ? row.name : row.job_group) : text;
}

export function jobToWire(row: JobRow, lang: Lang): CronJobRecord {
  const handler = jobHandler(row.handler);
  return {
    ObjectID: row.object_id,
    JobCode: row.code,
    JobName: titleOf(lang, row, 'name'),
    JobGroup: titleOf(lang, row, 'group'),
    Handler: row.handler,
    HandlerDescription: handler ? translate(lang, handler.descriptionKey) : '',
    CronExpression: row.cron_expression,
    Status: row.enabled ? JOB_STATUS.enabled : JOB_STATUS.paused,
    Concurrent: row.concurrent,
    TimeoutSeconds: row.timeout_seconds,
    Params: JSON.stringify(row.params ?? {}),
    Remark: row.remark,
    NextRunTime: businessIso(row.next_run_at),
    LastRunTime: businessIso(row.last_run_at),
    LastRunResult: outcomeCode(row.last_outcome),
    LastRunMessage: messageText(lang, row.last_message),
    RunRequested: row.run_requested_at !== null,
    Version: row.version,
    CreationOn: businessIso(row.created_at) ?? '',
    ModifiedOn: businessIso(row.updated_at) ?? '',
  };
}

export function runToWire(row: Selectable<ScheduledJobRunTable>, lang: Lang): CronJobRun {
  return {
    ObjectID: row.object_id,
    Trigger: row.trigger,
    StartedOn: businessIso(row.started_at) ?? '',
    FinishedOn: businessIso(row.finished_at),
    DurationMs: row.duration_ms,
    Outcome: outcomeCode(row.outcome) ?? RUN_RESULT.running,
    Message: messageText(lang, row.message),
    Instance: row.instance,
  };
}
