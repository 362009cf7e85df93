import { sql } from 'kysely';
import { nextRunAfter } from '../../domain/cron';
import type { Db } from '../db/database';
import type { JobMessage, JobOutcome } from '../db/schema';

/** What the claim needs to know of a job. */
export interface ClaimableJob {
  enabled: boolean;
  cron_expression: string;
  next_run_at: Date | null;
  run_requested_at: Date | null;
}

export interface ClaimPlan {
  trigger: 'schedule' | 'manual';
  /** The job's next scheduled time once this run is claimed. */
  nextRunAt: Date | null;
  /** Whether the "run now" request is used up by this run. */
  clearsRequest: boolean;
}

/**
 * What claiming the job at `now` does, or null when nothing of it is due. A requested run counts as
 * manual even when the schedule is due too: one run serves both. A due schedule moves to its first
 * time after now, not after the time it was due, so a server that was down for a day runs a job once
 * on its return, not once for every time it missed.
 */
export function claimPlanOf(job: ClaimableJob, now: Date): ClaimPlan | null {
  const scheduled = job.enabled && job.next_run_at !== null && job.next_run_at.getTime() <= now.getTime();
  const requested = job.run_requested_at !== null;
  if (!scheduled && !requested) return null;
  return {
    trigger: requested ? 'manual' : 'schedule',
    nextRunAt: scheduled ? nextRunAfter(job.cron_expression, now) : job.next_run_at,
    clearsRequest: requested,
  };
}

/** A run a server has claimed and must now execute and record. */
export interface ClaimedRun {
  runId: string;
  jobId: string;
  handler: string;
  params: Record<string, unknown>;
  timeoutSeconds: number;
  trigger: 'schedule' | 'manual';
  /** The database's clock at the claim. */
  startedAt: Date;
}

type DueRow = ClaimableJob & {
  object_id: string;
  handler: string;
  params: Record<string, unknown>;
  timeout_seconds: number;
  db_now: Date;
};

/**
 * Claims the most overdue run, if any, in one transaction: the job row is locked (rows another server
 * holds are skipped, not waited for), its next time moved on, its request cleared and the run row
 * inserted before the commit. A second server reading the job after the commit finds nothing due;
 * one reading it before must wait for the lock it skips. So each due run is claimed exactly once.
 * A job that does not allow concurrent runs is not due while a run of it is still open.
 */
export async function claimDueRun(db: Db, instance: string): Promise<ClaimedRun | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<DueRow>`select j.object_id, j.handler, j.params, j.timeout_seconds,
        j.enabled, j.cron_expression, j.next_run_at, j.run_requested_at, now() as db_now
      from scheduled_job j
      where ((j.enabled and j.next_run_at <= now()) or j.run_requested_at is not null)
        and (j.concurrent or not exists (select 1 from scheduled_job_run r
          where r.job_id = j.object_id and r.outcome = 'running'))
      order by coalesce(j.run_requested_at, j.next_run_at)
      limit 1
      for update of j skip locked`.execute(trx);
    const job = rows[0];
    const plan = job ? claimPlanOf(job, job.db_now) : null;
    if (!job || !plan) return undefined;
    const run = await trx
      .insertInto('scheduled_job_run')
      .values({ job_id: job.object_id, trigger: plan.trigger, started_at: job.db_now, instance })
      .returning('object_id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('scheduled_job')
      .set({
        next_run_at: plan.nextRunAt,
        ...(plan.clearsRequest ? { run_requested_at: null } : {}),
        last_run_id: run.object_id,
        last_run_at: job.db_now,
        last_outcome: 'running',
        last_message: null,
      })
      .where('object_id', '=', job.object_id)
      .execute();
    return {
      runId: run.object_id,
      jobId: job.object_id,
      handler: job.handler,
      params: job.params ?? {},
      timeoutSeconds: job.timeout_seconds,
      trigger: plan.trigger,
      startedAt: job.db_now,
    };
  });
}

/**
 * Writes a run's outcome, and the job's last outcome while this is still its latest run (a slow run
 * finishing after a newer one started leaves the newer one shown). A run the sweep already closed
 * stays as the sweep wrote it.
 */
export async function recordOutcome(
  db: Db,
  run: ClaimedRun,
  outcome: Exclude<JobOutcome, 'running'>,
  message: JobMessage,
  durationMs: number,
) {
  const text = JSON.stringify(message);
  await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('scheduled_job_run')
      .set({
        outcome,
        message: text,
        duration_ms: Math.round(durationMs),
        finished_at: sql<Date>`started_at + make_interval(secs => ${durationMs / 1000})`,
      })
      .where('object_id', '=', run.runId)
      .where('outcome', '=', 'running')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) === 0) return;
    await trx
      .updateTable('scheduled_job')
      .set({ last_outcome: outcome, last_message: text })
      .where('last_run_id', '=', run.runId)
      .execute();
  });
}

/** How long past its timeout an open run may stay before it counts as lost with its server. */
export const ABANDONED_AFTER_S = 60;

/**
 * Closes the runs whose server stopped before it could report: still open a minute past the job's
 * timeout. They end as timed out, so a non-concurrent job becomes due again and the list tells why.
 */
export async function sweepAbandonedRuns(db: Db): Promise<number> {
  const result = await sql<{ object_id: string }>`with swept as (
      update scheduled_job_run r set outcome = 'timeout', finished_at = now(),
        duration_ms = least(round(extract(epoch from now() - r.started_at) * 1000), 2147483647)::int,
        message = jsonb_build_object('key', 'server.jobs.messages.abandoned',
          'params', jsonb_build_object('instance', r.instance))
      from scheduled_job j
      where r.job_id = j.object_id and r.outcome = 'running'
        and r.started_at < now() - make_interval(secs => j.timeout_seconds + ${ABANDONED_AFTER_S})
      returning r.object_id, r.message)
    update scheduled_job j set last_outcome = 'timeout', last_message = swept.message
    from swept where j.last_run_id = swept.object_id
    returning j.object_id`.execute(db);
  return result.rows.length;
}
