import { sql } from 'kysely';
import { cronProblem, nextRunAfter } from '../../domain/cron';
import { JOB_STATUS } from '../../domain/scheduled-jobs';
import type { Db } from '../db/database';
import { badField, PortalError } from '../http/envelope';
import { lockJob } from './job.repo';
import type { JobUpdate } from './job.schema';
import type { JobRow } from './job.wire';
import { jobHandler } from './job-handlers';

/** No handler takes params nested this deep or this long; the database refuses far less than deep JSON. */
const MAX_PARAMS_DEPTH = 8;
const MAX_PARAMS_LENGTH = 10_000;

/** How deep a parsed JSON value nests, counted without recursion (the value may be thousands deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_PARAMS_DEPTH) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Params as the handler will get them: a JSON object its schema accepts, else a 400 naming Params. */
function paramsOf(handlerKey: string, value: string | Record<string, unknown>): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = value.trim() === '' ? {} : JSON.parse(value);
    } catch (error) {
      throw badField('Params', { key: 'server.jobs.params', params: { problem: (error as Error).message } });
    }
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badField('Params', { key: 'server.jobs.params', params: { problem: 'JSON' } });
  if (depthOf(parsed) > MAX_PARAMS_DEPTH || JSON.stringify(parsed).length > MAX_PARAMS_LENGTH)
    throw badField('Params', {
      key: 'server.jobs.paramsSize',
      params: { depth: MAX_PARAMS_DEPTH, length: MAX_PARAMS_LENGTH },
    });
  const schema = jobHandler(handlerKey)?.params;
  if (!schema) return parsed as Record<string, unknown>;
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const problem = `${issue.path.join('.') || 'Params'}: ${issue.message}`;
    throw badField('Params', { key: 'server.jobs.params', params: { problem } });
  }
  return parsed as Record<string, unknown>;
}

/**
 * Applies an administrator's change to a job (schedule, params, timeout, remark, enabled, overlap) if
 * they saw its latest version. Enabling, or a new expression on an enabled job, schedules the next run
 * from now; disabling clears it. Answers the job as saved, or unchanged when nothing differs.
 */
export async function updateJob(db: Db, body: JobUpdate): Promise<{ row: JobRow; changed: boolean }> {
  if (body.CronExpression !== undefined) {
    const problem = cronProblem(body.CronExpression);
    if (problem) throw badField('CronExpression', `server.jobs.cron.${problem}`);
  }
  return db.transaction().execute(async (trx) => {
    const job = await lockJob(trx, body.ObjectID);
    if (job.version !== body.Version) throw new PortalError(409, 'server.jobs.staleVersion');

    const cron = body.CronExpression?.trim() ?? job.cron_expression;
    const enabled = body.Status === undefined ? job.enabled : body.Status === JOB_STATUS.enabled;
    const params = body.Params === undefined ? undefined : paramsOf(job.handler, body.Params);
    const changes = {
      ...(cron !== job.cron_expression ? { cron_expression: cron } : {}),
      ...(enabled !== job.enabled ? { enabled } : {}),
      ...(params && JSON.stringify(params) !== JSON.stringify(job.params)
        ? { params: JSON.stringify(params) }
        : {}),
      ...(body.TimeoutSeconds !== undefined && body.TimeoutSeconds !== job.timeout_seconds
        ? { timeout_seconds: body.TimeoutSeconds }
        : {}),
      ...(body.Remark !== undefined && (body.Remark ?? null) !== job.remark
        ? { remark: body.Remark ?? null }
        : {}),
      ...(body.Concurrent !== undefined && body.Concurrent !== job.concurrent
        ? { concurrent: body.Concurrent }
        : {}),
    };
    if (Object.keys(changes).length === 0) return { row: job, changed: false };

    const reschedule = 'cron_expression' in changes || 'enabled' in changes;
    const now = (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]!.now;
    const row = await trx
      .updateTable('scheduled_job')
      .set({
        ...changes,
        ...(reschedule ? { next_run_at: enabled ? nextRunAfter(cron, now) : null } : {}),
        version: job.version + 1,
        updated_at: now,
      })
      .where('object_id', '=', job.object_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, changed: true };
  });
}
