import { cronProblem, nextRunsAfter } from '../../domain/cron';
import {
  type CronJobChanges,
  type CronJobRecord,
  type CronJobRun,
  RUN_RESULT,
} from '../../domain/scheduled-jobs';
import type { DictionaryOption } from '../../services/dictionary.service';
import { namedField } from '../kit/field-refusal';

export type { CronJobRecord, CronJobRun };

/** What the schedule dialog edits, each field as its input holds it. */
export interface ScheduleForm {
  CronExpression: string;
  TimeoutSeconds: string;
  Params: string;
  Remark: string;
}
export type ScheduleField = keyof ScheduleForm;
export const SCHEDULE_FIELDS: ScheduleField[] = ['CronExpression', 'TimeoutSeconds', 'Params', 'Remark'];

export const RUNS_PAGE_SIZE = 10;
/** How often the page looks again while a run it asked for is queued or running… */
export const POLL_MS = 1_500;
/** …and for how long (40 looks, a minute); a longer run is seen on the next reload. */
export const POLL_LIMIT = 40;

export interface CronJobContext {
  objectId: string;
  job?: CronJobRecord;
  runs: CronJobRun[];
  runsTotal: number;
  runsPage: number;
  dictionaries: Record<string, DictionaryOption[]>;
  form: ScheduleForm;
  /** A message key or the server's sentence; with errorField, shown under that field. */
  error?: string;
  errorField?: ScheduleField;
  polls: number;
}

export type CronJobEvent =
  | { type: 'job.reload' }
  | { type: 'job.runNow' }
  | { type: 'job.enable' }
  | { type: 'job.disable' }
  | { type: 'schedule.edit' }
  | { type: 'form.change'; field: ScheduleField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'runs.page'; page: number };

export type CronJobEmitted = {
  type: 'notify';
  severity: 'success' | 'error' | 'warn' | 'info';
  message: string;
};

export const formOf = (job?: CronJobRecord): ScheduleForm => ({
  CronExpression: job?.CronExpression ?? '',
  TimeoutSeconds: job ? String(job.TimeoutSeconds) : '',
  Params: job?.Params ?? '{}',
  Remark: job?.Remark ?? '',
});

/** A run the page asked for, or any run, has not finished yet. */
export const isRunPending = (job?: CronJobRecord) =>
  job !== undefined && (job.RunRequested || job.LastRunResult === RUN_RESULT.running);

/** The fields that differ from the job as loaded, typed as the server takes them. */
export function changesOf(context: Pick<CronJobContext, 'form' | 'job'>): CronJobChanges {
  const before = formOf(context.job);
  const { form } = context;
  return {
    ...(form.CronExpression.trim() !== before.CronExpression
      ? { CronExpression: form.CronExpression.trim() }
      : {}),
    ...(form.TimeoutSeconds.trim() !== before.TimeoutSeconds
      ? { TimeoutSeconds: Number(form.TimeoutSeconds.trim()) }
      : {}),
    ...(form.Params.trim() !== before.Params ? { Params: form.Params.trim() } : {}),
    ...(form.Remark.trim() !== before.Remark ? { Remark: form.Remark.trim() } : {}),
  };
}

const isJsonObject = (text: string) => {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
};

/**
 * What the form can tell before sending, as the server would (the server checks again, and the
 * handler's own params rules only it knows): the expression, the timeout, the params' shape.
 */
export function formProblem(form: ScheduleForm): { error: string; errorField: ScheduleField } | undefined {
  const cron = cronProblem(form.CronExpression);
  if (cron) return { error: `server.jobs.cron.${cron}`, errorField: 'CronExpression' };
  const timeout = Number(form.TimeoutSeconds.trim());
  if (!/^\d+$/.test(form.TimeoutSeconds.trim()) || timeout < 1 || timeout > 3600)
    return { error: 'cronJobs.schedule.timeoutRule', errorField: 'TimeoutSeconds' };
  if (!isJsonObject(form.Params.trim()))
    return { error: 'cronJobs.schedule.paramsRule', errorField: 'Params' };
  if (form.Remark.trim().length > 200) return { error: 'cronJobs.schedule.remarkRule', errorField: 'Remark' };
  return undefined;
}

/** The next times the expression fires, for the dialog to show while it is typed. */
export const schedulePreview = (expression: string, now = new Date()) =>
  cronProblem(expression, now) ? [] : nextRunsAfter(expression, now, 3);

const errorText = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'app.errors.network';

/** A refusal as the page shows it: the server's sentence, under the field it starts with when it names one. */
export function refusalOf(error: unknown): { error: string; errorField?: ScheduleField } {
  const message = errorText(error);
  // The envelope names the field; an older answer named it only at the start of its message.
  const named = [namedField(error), /^([A-Za-z]+)/.exec(message)?.[1]];
  const errorField = SCHEDULE_FIELDS.find((f) => named.includes(f));
  return errorField ? { error: message, errorField } : { error: message };
}
