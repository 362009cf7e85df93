import { CronJobStatus, JobRunResult } from './codes/base.codes';
/**
 * The wire shape of the scheduled jobs (docs/scheduled-jobs.md), shared by the server that answers it
 * and the client that shows it. Status and outcomes travel as the codes of the CronJobStatus and
 * JobRunResult dictionaries, so lists show them in the reader's language like any other code.
 */

/** CronJobStatus: 101 running (enabled), 111 paused. */
export const JOB_STATUS = { enabled: CronJobStatus.running, paused: CronJobStatus.paused } as const;

/** JobRunResult codes of a run's outcome. */
export const RUN_RESULT = {
  ok: JobRunResult.succeeded,
  failed: JobRunResult.failed,
  running: JobRunResult.running,
  timeout: JobRunResult.timedOut,
} as const;
export type RunOutcome = keyof typeof RUN_RESULT;

/** One job as cronJob/search and cronJob/getOne answer it. Times are ISO instants (+08:00). */
export interface CronJobRecord {
  ObjectID: string;
  JobCode: string;
  JobName: string;
  JobGroup: string;
  Handler: string;
  /** What the handler does, in the reader's language. */
  HandlerDescription: string;
  CronExpression: string;
  Status: string;
  Concurrent: boolean;
  TimeoutSeconds: number;
  /** The params as JSON text, as the schedule form edits them. */
  Params: string;
  Remark: string | null;
  NextRunTime: string | null;
  LastRunTime: string | null;
  LastRunResult: string | null;
  LastRunMessage: string | null;
  /** "Run now" was asked and no server has taken the run yet. */
  RunRequested: boolean;
  Version: number;
  CreationOn: string;
  ModifiedOn: string;
}

/** One run as cronJob/runs answers it, newest first. */
export interface CronJobRun {
  ObjectID: string;
  /** 'schedule' or 'manual' (run now). */
  Trigger: string;
  StartedOn: string;
  FinishedOn: string | null;
  DurationMs: number | null;
  Outcome: string;
  Message: string | null;
  /** The server (host#process) that ran it. */
  Instance: string;
}

/** What the schedule form may change, by wire name. */
export interface CronJobChanges {
  CronExpression?: string;
  TimeoutSeconds?: number;
  Params?: string;
  Remark?: string | null;
  Status?: string;
  Concurrent?: boolean;
}
