import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../../server/db/database';
import { type JobHandler, registerJobHandler, unregisterJobHandler } from '../../server/jobs/job-handlers';
import { createJobRunner, type JobRunner } from '../../server/jobs/job-runner';
import { seededJobs } from '../../server/jobs/seeded-jobs';
import { namesField } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * The scheduled jobs as an administrator meets them (docs/scheduled-jobs.md): the seeded jobs with
 * their next runs, run now, a failing and a hanging handler, enable and disable, the refusals, and
 * two servers on one database running every due run exactly once.
 */
let t: TestApp;
let admin: string;
let filesDir: string;
let runner: JobRunner;
const registered: string[] = [];

/** A handler only these tests know, under a key no production job uses. */
function testHandler(key: string, run: JobHandler['run']) {
  registerJobHandler(key, { descriptionKey: 'server.jobs.handlers.sessionCleanup', run });
  registered.push(key);
}

/** A job row for a test handler: jobs are declared in code, so there is no API to create one. */
async function insertJob(code: string, handler: string, values: Record<string, unknown> = {}) {
  const row = await t.database.db
    .insertInto('scheduled_job')
    .values({
      code,
      name: `测试任务 ${code}`,
      job_group: '测试',
      handler,
      cron_expression: '0 0 1 1 *',
      enabled: true,
      params: '{}',
      timeout_seconds: 30,
      remark: null,
      next_run_at: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning('object_id')
    .executeTakeFirstOrThrow();
  return row.object_id;
}

const getOne = async (id: string) =>
  (await t.post('/cronJob/getOne', { ObjectID: id }, admin)).body.results[0];
const runsOf = async (id: string) =>
  (await t.post('/cronJob/runs', { ObjectID: id, pageSize: 100 }, admin)).body;

/** Everything due now runs, as the server's ticks would do it. */
async function runDue(...runners: JobRunner[]) {
  for (let round = 0; round < 10; round++) {
    const started = await Promise.all(runners.flatMap((r) => [r.tick(), r.tick()]));
    await Promise.all(runners.map((r) => r.settled()));
    if (started.every((n) => n === 0)) return;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  filesDir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
  runner = createJobRunner({ db: t.database.db, filesDir });
});
afterAll(async () => {
  await runner.stop();
  for (const key of registered) unregisterJobHandler(key);
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('the scheduled jobs list', () => {
  it('lists the seeded jobs with their schedules and next runs on China time', async () => {
    const { body } = await t.post('/cronJob/search', { pageSize: 100, sort: 'JobName' }, admin);
    expect(body.state).toBe(true);
    expect(body.totalSize).toBe(seededJobs().length);
    const names = body.results.map((r: { JobName: string }) => r.JobName);
    expect(names).toEqual(expect.arrayContaining(['代理商续约提醒', '过期导出文件清理', '过期登录令牌清理']));
    for (const job of body.results) {
      expect(job).toMatchObject({ Status: '101', RunRequested: false, Version: 1 });
      expect(job.CronExpression).toBe(seededJobs().find((s) => s.name === job.JobName)?.cron);
      expect(job.NextRunTime, job.JobName).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
      expect(job.HandlerDescription).not.toBe('');
    }
    const renewal = body.results.find((r: { JobName: string }) => r.JobName === '代理商续约提醒');
    expect(renewal.CronExpression).toBe('0 8 * * *');
    // The jobs are the program's own: an English reader sees their names and groups in English.
    const english = await t.post('/cronJob/search', { pageSize: 100 }, admin, { 'accept-language': 'en' });
    const renewalEn = english.body.results.find(
      (r: { JobCode: string }) => r.JobCode === 'agentRenewalReminders',
    );
    expect([renewalEn.JobName, renewalEn.JobGroup]).toEqual(['Agent renewal reminders', 'Agents']);
  });

  it('filters by status and name, sorts, pages, and refuses what it cannot do by name', async () => {
    const named = await t.post('/cronJob/search', { JobName: '清理', Status: '101' }, admin);
    expect(named.body.totalSize).toBe(3);
    const page2 = await t.post('/cronJob/search', { currentPage: 2, pageSize: 2, sort: '-JobName' }, admin);
    expect(page2.body.results).toHaveLength(2);
    const refusals: [Record<string, unknown>, string][] = [
      [{ pageSize: 1000 }, 'pageSize'],
      [{ currentPage: 0 }, 'currentPage'],
      [{ JobName: 'x'.repeat(201) }, 'JobName'],
      [{ Status: '999' }, 'Status'],
      [{ Owner: 'x' }, 'Owner'],
      [{ sort: '-Params' }, 'Params'],
    ];
    for (const [body, field] of refusals) {
      const answer = await t.post('/cronJob/search', body, admin);
      expect(answer.status, field).toBe(400);
      expect(namesField(answer.body.message, field, 'cronJob'), `${field}: ${answer.body.message}`).toBe(
        true,
      );
    }
  });

  it('is refused to roles without the page', async () => {
    for (const login of ['ops', 'vp', 'rsp']) {
      const token = await t.login(login, 'Demo@123456');
      expect((await t.post('/cronJob/search', {}, token)).status, login).toBe(403);
      const id = (await t.post('/cronJob/search', {}, admin)).body.results[0].ObjectID;
      expect((await t.post('/cronJob/runNow', { ObjectID: id }, token)).status, login).toBe(403);
      expect(
        (await t.post('/cronJob/update', { ObjectID: id, Version: 1, Status: '111' }, token)).status,
      ).toBe(403);
    }
  });
});

describe('running jobs', () => {
  it('runs a job now: the run shows with its duration, outcome and what it did', async () => {
    // Something for the session cleanup to delete: a login that ended.
    const ended = await t.login('finance', 'Demo@123456');
    await t.post('/user/logout', {}, ended);
    const job = (await t.post('/cronJob/search', { JobName: '登录令牌' }, admin)).body.results[0];

    const queued = await t.post('/cronJob/runNow', { ObjectID: job.ObjectID }, admin);
    expect(queued.body).toMatchObject({ state: true, results: { RunRequested: true } });
    expect((await t.post('/cronJob/runNow', { ObjectID: job.ObjectID }, admin)).body.message).toBe(
      '该任务已在执行队列中',
    );
    await runDue(runner);

    const { results, totalSize } = await runsOf(job.ObjectID);
    expect(totalSize, 'one run for the request and the due schedule together').toBe(1);
    expect(results[0]).toMatchObject({ Trigger: 'manual', Outcome: '101', Instance: runner.instance });
    expect(results[0].DurationMs).toBeGreaterThanOrEqual(0);
    expect(results[0].FinishedOn).toMatch(/\+08:00$/);
    expect(results[0].Message).toMatch(/^删除登录令牌 [1-9]\d* 个（已退出 [1-9]/);
    const after = await getOne(job.ObjectID);
    expect(after).toMatchObject({
      LastRunResult: '101',
      RunRequested: false,
      LastRunMessage: results[0].Message,
    });
    expect(Date.parse(after.NextRunTime)).toBeGreaterThan(Date.parse(after.LastRunTime));
    // The run's message reads in the caller's language.
    const english = await t.post('/cronJob/runs', { ObjectID: job.ObjectID }, admin, {
      'accept-language': 'en',
    });
    expect(english.body.results[0].Message).toMatch(/^Deleted [1-9]\d* login tokens/);
  });

  it('ran the seeded jobs that were due, each reporting what it found', async () => {
    const { body } = await t.post('/cronJob/search', { pageSize: 100 }, admin);
    for (const job of body.results) expect(job.LastRunResult, job.JobName).toBe('101');
    const renewal = body.results.find((r: { JobName: string }) => r.JobName === '代理商续约提醒');
    expect(renewal.LastRunMessage).toMatch(/T−30 窗口（30 天内）\d+ 家/);
    expect(renewal.LastRunMessage).toContain('未修改代理商状态');
  });

  it('records a failing handler as a failed run with its error, and a hanging one as timed out', async () => {
    testHandler('testFailing', async () => {
      throw new Error('对端接口无响应');
    });
    testHandler(
      'testHanging',
      (_db, { signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const failing = await insertJob('testFailing', 'testFailing');
    const hanging = await insertJob('testHanging', 'testHanging', { timeout_seconds: 1 });
    for (const id of [failing, hanging]) await t.post('/cronJob/runNow', { ObjectID: id }, admin);
    await runDue(runner);

    expect((await runsOf(failing)).results[0]).toMatchObject({ Outcome: '111', Message: '对端接口无响应' });
    expect(await getOne(failing)).toMatchObject({ LastRunResult: '111', LastRunMessage: '对端接口无响应' });
    expect((await runsOf(hanging)).results[0]).toMatchObject({
      Outcome: '131',
      Message: '执行超过 1 秒，已按超时结束',
    });
    // The server goes on answering.
    expect((await t.post('/cronJob/search', {}, admin)).body.state).toBe(true);
  });
});

describe('changing a job', () => {
  it('disables and enables it: a disabled job has no next run and is not run on schedule', async () => {
    const id = await insertJob('testToggle', 'sessionCleanup');
    const job = await getOne(id);
    const off = await t.post('/cronJob/update', { ObjectID: id, Version: job.Version, Status: '111' }, admin);
    expect(off.body).toMatchObject({
      state: true,
      results: { Status: '111', NextRunTime: null, Version: 2 },
    });
    expect((await t.post('/cronJob/search', { Status: '111' }, admin)).body.results).toEqual([
      expect.objectContaining({ ObjectID: id }),
    ]);
    await t.database.db
      .updateTable('scheduled_job')
      .set({ next_run_at: new Date(0) })
      .where('object_id', '=', id)
      .execute();
    await runDue(runner);
    expect((await runsOf(id)).totalSize).toBe(0);

    const on = await t.post('/cronJob/update', { ObjectID: id, Version: 2, Status: '101' }, admin);
    expect(on.body.results).toMatchObject({ Status: '101', Version: 3 });
    expect(Date.parse(on.body.results.NextRunTime)).toBeGreaterThan(Date.now());
    const stale = await t.post('/cronJob/update', { ObjectID: id, Version: 2, Remark: '旧的' }, admin);
    expect(stale.status).toBe(409);
    expect((await getOne(id)).Remark).toBeNull();
  });

  it('takes a new schedule, params and timeout; refuses a bad one by its field and writes nothing', async () => {
    const job = (await t.post('/cronJob/search', { JobName: '上传临时文件' }, admin)).body.results[0];
    const saved = await t.post(
      '/cronJob/update',
      {
        ObjectID: job.ObjectID,
        Version: job.Version,
        CronExpression: '0 */2 * * *',
        Params: '{"olderThanMinutes":60}',
        TimeoutSeconds: 120,
        Remark: '每两小时',
      },
      admin,
    );
    expect(saved.body).toMatchObject({
      state: true,
      message: '定时任务已保存',
      results: { CronExpression: '0 */2 * * *', Params: '{"olderThanMinutes":60}', TimeoutSeconds: 120 },
    });
    // Every two hours on the hour, Beijing time.
    expect(saved.body.results.NextRunTime).toMatch(/T(0|1|2)[02468]:00:00\.000\+08:00$/);

    const version = saved.body.results.Version;
    const refusals: [Record<string, unknown>, string, number][] = [
      [{ CronExpression: '61 * * * *' }, 'CronExpression', 400],
      [{ CronExpression: '* * *' }, 'CronExpression', 400],
      [{ CronExpression: '0 0 30 2 *' }, 'CronExpression', 400],
      [{ Params: '{"olderThanMinutes":1}' }, 'Params', 400],
      [{ Params: 'not json' }, 'Params', 400],
      [{ TimeoutSeconds: 0 }, 'TimeoutSeconds', 400],
      [{ Remark: 'x'.repeat(201) }, 'Remark', 400],
      [{ Status: '999' }, 'Status', 400],
      [{ JobName: '改名' }, 'JobName', 400],
      [{ Handler: 'sessionCleanup' }, 'Handler', 400],
      [{ Nonsense: 1 }, 'Nonsense', 400],
    ];
    for (const [change, field, status] of refusals) {
      const answer = await t.post(
        '/cronJob/update',
        { ObjectID: job.ObjectID, Version: version, ...change },
        admin,
      );
      expect(answer.status, JSON.stringify(change)).toBe(status);
      expect(
        namesField(answer.body.message, field, 'cronJob'),
        `${JSON.stringify(change)}: ${answer.body.message}`,
      ).toBe(true);
    }
    expect(await getOne(job.ObjectID)).toMatchObject({ Version: version, CronExpression: '0 */2 * * *' });
    expect(
      (
        await t.post(
          '/cronJob/update',
          { ObjectID: job.ObjectID, Version: version, CronExpression: '61 * * * *' },
          admin,
        )
      ).body.message,
    ).toMatch(/^Cron 表达式：/);
  });

  it('offers neither create nor delete: jobs are declared in code', async () => {
    expect((await t.post('/cronJob/create', { JobName: 'x' }, admin)).status).toBe(404);
    expect((await t.post('/cronJob/delete', [], admin)).status).toBe(404);
  });
});

describe('two servers on one database', () => {
  let other: OpenDatabase | undefined;
  afterAll(async () => other?.close());

  it('run every due run exactly once', async () => {
    // A second connection pool on the same schema when a PostgreSQL server is used; PGlite is one
    // database in one process, so there both runners share it.
    other = t.databaseUrl
      ? await openDatabase({ databaseUrl: t.databaseUrl, schema: t.database.schema })
      : undefined;
    const calls = new Map<number, number>();
    testHandler('testCounter', async (_db, { params }) => {
      const slot = Number(params.slot);
      calls.set(slot, (calls.get(slot) ?? 0) + 1);
      // Long enough for the other server to look at the same jobs meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { text: `slot ${slot}` };
    });
    const overdue = new Date(Date.now() - 60_000);
    const ids: string[] = [];
    for (let slot = 0; slot < 10; slot++) {
      ids.push(
        await insertJob(`testCounter${slot}`, 'testCounter', {
          params: JSON.stringify({ slot }),
          // Some due by schedule, some asked to run now, some both, one disabled but asked.
          next_run_at: slot % 3 === 2 ? new Date(Date.now() + 86_400_000) : overdue,
          run_requested_at: slot % 3 === 0 ? null : overdue,
          enabled: slot !== 8,
        }),
      );
    }
    const first = createJobRunner({ db: t.database.db, filesDir, maxRunning: 3 });
    const second = createJobRunner({ db: other?.db ?? t.database.db, filesDir, maxRunning: 3 });
    try {
      await runDue(first, second);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }

    expect([...calls.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(
      [...calls.values()].every((n) => n === 1),
      JSON.stringify([...calls]),
    ).toBe(true);
    const runs = await t.database.db
      .selectFrom('scheduled_job_run')
      .select(['job_id', 'instance', 'outcome'])
      .where('job_id', 'in', ids)
      .execute();
    expect(runs).toHaveLength(10);
    expect(new Set(runs.map((r) => r.job_id)).size).toBe(10);
    expect(
      runs.every((r) => r.outcome === 'ok' && [first.instance, second.instance].includes(r.instance)),
    ).toBe(true);
    const left = await sql<{ n: number }>`select count(*)::int as n from scheduled_job
      where object_id in (${sql.join(ids)}) and (run_requested_at is not null or (enabled and next_run_at <= now()))`.execute(
      t.database.db,
    );
    expect(left.rows[0].n, 'nothing is left due').toBe(0);
  });
});
