import { sql } from 'kysely';
import { JOB_STATUS, RUN_RESULT } from '../../domain/scheduled-jobs';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import type { JobSearch } from './job.schema';
import type { JobRow } from './job.wire';

/** Sortable wire fields and their columns (the list's sortable columns and its default). */
const SORTS = {
  JobName: 'name',
  JobGroup: 'job_group',
  Handler: 'handler',
  Status: 'enabled',
  LastRunTime: 'last_run_at',
  NextRunTime: 'next_run_at',
} as const;

const OUTCOME_OF_CODE = new Map<string, string>(
  Object.entries(RUN_RESULT).map(([outcome, code]) => [code, outcome]),
);

const likeAnywhere = (value: string) => `%${value.replace(/[\\%_]/g, '\\$&')}%`;

/** The codes of a dictionary filter ('101', '101,111' or a list), each one checked. */
function codesOf(field: string, value: string | string[], allowed: readonly string[]): string[] {
  const list = (Array.isArray(value) ? value : value.split(',')).map((v) => v.trim()).filter(Boolean);
  const wrong = list.find((code) => !allowed.includes(code));
  if (wrong) throw new PortalError(400, 'server.unknownOption', { field, value: wrong });
  return list;
}

function sortOf(sort: string | undefined) {
  const descending = sort?.startsWith('-') ?? false;
  const field = (sort ?? 'JobGroup').replace(/^-/, '');
  const column = SORTS[field as keyof typeof SORTS];
  if (!column) throw new PortalError(400, 'server.unknownSort', { field });
  return { column, direction: descending ? 'desc' : 'asc' };
}

/** One page of the jobs, with the total: few rows, so the count is exact and cheap. */
export async function searchJobs(db: Db, body: JobSearch) {
  let query = db.selectFrom('scheduled_job');
  if (body.JobName) query = query.where('name', 'ilike', likeAnywhere(body.JobName));
  if (body.JobGroup) query = query.where('job_group', 'ilike', likeAnywhere(body.JobGroup));
  if (body.Handler) query = query.where('handler', 'ilike', likeAnywhere(body.Handler));
  if (body.keyword) {
    const pattern = likeAnywhere(body.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('job_group', 'ilike', pattern),
        eb('handler', 'ilike', pattern),
      ]),
    );
  }
  if (body.Status) {
    const wanted = codesOf('Status', body.Status, Object.values(JOB_STATUS));
    query = query.where(
      'enabled',
      'in',
      wanted.map((code) => code === JOB_STATUS.enabled),
    );
  }
  if (body.LastRunResult) {
    const wanted = codesOf('LastRunResult', body.LastRunResult, Object.values(RUN_RESULT));
    query = query.where(
      'last_outcome',
      'in',
      wanted.map((code) => OUTCOME_OF_CODE.get(code) as never),
    );
  }
  const { column, direction } = sortOf(body.sort);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref(column), (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast())
      .orderBy('name')
      .orderBy('object_id')
      .limit(body.pageSize)
      .offset((body.currentPage - 1) * body.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function jobById(db: Db, id: string): Promise<JobRow> {
  const row = await db.selectFrom('scheduled_job').selectAll().where('object_id', '=', id).executeTakeFirst();
  if (!row) throw new PortalError(404, 'server.jobs.notFound');
  return row;
}

/** The job, locked until the transaction ends, so two administrators' edits queue up. */
export async function lockJob(trx: Db, id: string): Promise<JobRow> {
  const row = await trx
    .selectFrom('scheduled_job')
    .selectAll()
    .where('object_id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new PortalError(404, 'server.jobs.notFound');
  return row;
}

/** One page of a job's runs, newest first, with their total. */
export async function runsOf(db: Db, jobId: string, page: { currentPage: number; pageSize: number }) {
  await jobById(db, jobId);
  const query = db.selectFrom('scheduled_job_run').where('job_id', '=', jobId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('object_id', 'desc')
      .limit(page.pageSize)
      .offset((page.currentPage - 1) * page.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Queues a run: the runner's claim takes it like a due schedule. Once only: the request is one
 * conditional update of the job row, under its lock, that finds no request pending and no run open —
 * so of any number of presses at once (one server or several, PGlite or PostgreSQL) one queues a run
 * and the others are refused with a 409 saying whether the run is queued or running.
 */
export async function requestRun(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The lock first: a claim committing meanwhile is waited for, and the update below sees its run.
    const job = await lockJob(trx, id);
    const queued = await sql<{ object_id: string }>`update scheduled_job j
      set run_requested_at = now()
      where j.object_id = ${id} and j.run_requested_at is null
        and not exists (select 1 from scheduled_job_run r where r.job_id = j.object_id and r.outcome = 'running')
      returning j.object_id`.execute(trx);
    if (queued.rows.length === 1) return;
    throw new PortalError(
      409,
      job.run_requested_at ? 'server.jobs.alreadyQueued' : 'server.jobs.alreadyRunning',
    );
  });
}
