import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { registerJobHandler, unregisterJobHandler } from '../../server/jobs/job-handlers';
import { createJobRunner, type JobRunner } from '../../server/jobs/job-runner';
import { startTestApp, type TestApp } from './harness';

/**
 * "Run now" claims once (docs/scheduled-jobs.md): of twenty presses at once one queues a run and the
 * others hear 409, while the run waits and while it runs; once it has finished the job may run again.
 * On PGlite by default, on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let app: FastifyInstance;
let runner: JobRunner;
let filesDir: string;
let admin: string;
let jobId: string;
/** Lets the test's run finish; until then it runs. */
let finish: () => void = () => undefined;
let runs = 0;

const HANDLER = 'testRunNowOnce';

const runNow = (lang = 'zh') =>
  app.inject({
    method: 'POST',
    url: '/portal/cronJob/runNow',
    payload: { ObjectID: jobId },
    headers: { 'x-token': admin, 'accept-language': lang },
  });
const runRows = async () =>
  t.database.db.selectFrom('scheduled_job_run').selectAll().where('job_id', '=', jobId).execute();

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  filesDir = mkdtempSync(join(tmpdir(), 'portal-run-now-'));
  registerJobHandler(HANDLER, {
    descriptionKey: 'server.jobs.handlers.sessionCleanup',
    run: () => {
      runs += 1;
      return new Promise((resolve) => {
        finish = () => resolve({ key: 'server.jobs.messages.stopped' });
      });
    },
  });
  const row = await t.database.db
    .insertInto('scheduled_job')
    .values({
      code: 'testRunNowOnce',
      name: '测试任务 立即执行',
      job_group: '测试',
      handler: HANDLER,
      cron_expression: '0 0 1 1 *',
      enabled: true,
      // Overlapping runs allowed: only the request itself keeps a second press from starting one.
      concurrent: true,
      params: '{}',
      timeout_seconds: 60,
      remark: null,
      next_run_at: new Date(Date.now() + 86_400_000),
    })
    .returning('object_id')
    .executeTakeFirstOrThrow();
  jobId = row.object_id;
  // The seeded jobs are due at once on a new portal: paused here, so the runner's places are this job's.
  await t.database.db
    .updateTable('scheduled_job')
    .set({ enabled: false, next_run_at: null })
    .where('object_id', '<>', jobId)
    .execute();
  // A server as in production: its runner is woken by a press and also ticks on its own (on
  // PostgreSQL a claim skips the job row while a refused press holds its lock: the next tick takes it).
  runner = createJobRunner({ db: t.database.db, filesDir, tickMs: 500 });
  app = await buildApp({ db: t.database.db, filesDir, jobRunner: runner });
  runner.start();
});
afterAll(async () => {
  finish();
  await runner.stop();
  await app.close();
  unregisterJobHandler(HANDLER);
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('run now', () => {
  it('starts one run for twenty presses at once; the others are refused with 409', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => runNow()));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409))
      expect(['该任务已在执行队列中', '该任务正在执行，请待本次执行结束后再试']).toContain(
        answer.json().message,
      );

    await expect.poll(async () => (await runRows()).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => runs, { timeout: 15_000 }).toBe(1);
    expect((await runRows())[0]).toMatchObject({ trigger: 'manual', outcome: 'running' });
  });

  it('refuses a press while the run runs, in the reader’s language, and starts nothing', async () => {
    const zh = await runNow();
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toMatchObject({ state: false, message: '该任务正在执行，请待本次执行结束后再试' });
    const en = await runNow('en');
    expect(en.json().message).toBe('The job is running: run it again once this run has finished');
    await runner.tick();
    expect(await runRows()).toHaveLength(1);
    const job = await t.database.db
      .selectFrom('scheduled_job')
      .select('run_requested_at')
      .where('object_id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(job.run_requested_at, 'no request left behind to start later').toBeNull();
  });

  it('runs again once the run has finished', async () => {
    finish();
    await runner.settled();
    expect((await runRows())[0].outcome).toBe('ok');
    expect((await runNow()).statusCode).toBe(200);
    await expect.poll(async () => (await runRows()).length, { timeout: 15_000 }).toBe(2);
  });
});
