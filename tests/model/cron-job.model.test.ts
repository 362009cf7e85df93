import { afterAll, describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { JOB_STATUS, RUN_RESULT } from '../../domain/scheduled-jobs';
import { cronJobMachine } from '../../machines/admin/cron-job.machine';
import {
  type CronJobRecord,
  type CronJobRun,
  changesOf,
  isRunPending,
} from '../../machines/admin/cron-job.rules';
import {
  CoverageRecorder,
  type Deferred,
  deferred,
  shortestPathsOf,
  walkPath,
  writeCoverageReport,
} from './model-kit';

type Snapshot = SnapshotFrom<typeof cronJobMachine>;

const ID = '0b6f3c2e-8d1a-4f5b-9c7e-2a3b4c5d6e7f';
const job: CronJobRecord = {
  ObjectID: ID,
  JobCode: 'sessionCleanup',
  JobName: '过期登录令牌清理',
  JobGroup: '系统维护',
  Handler: 'sessionCleanup',
  HandlerDescription: '删除已退出或闲置超过 5 小时的登录令牌',
  CronExpression: '*/5 * * * *',
  Status: JOB_STATUS.enabled,
  Concurrent: false,
  TimeoutSeconds: 60,
  Params: '{}',
  Remark: null,
  NextRunTime: '2026-05-16T08:05:00.000+08:00',
  LastRunTime: '2026-05-16T08:00:00.000+08:00',
  LastRunResult: RUN_RESULT.ok,
  LastRunMessage: '删除登录令牌 2 个（已退出 2 个，闲置超时 0 个）',
  RunRequested: false,
  Version: 3,
  CreationOn: '2026-05-01T08:00:00.000+08:00',
  ModifiedOn: '2026-05-01T08:00:00.000+08:00',
};
const queued: CronJobRecord = { ...job, RunRequested: true };
const paused: CronJobRecord = { ...job, Status: JOB_STATUS.paused, NextRunTime: null, Version: 4 };
const rescheduled: CronJobRecord = { ...job, CronExpression: '0 9 * * *', Version: 4 };
const run: CronJobRun = {
  ObjectID: 'r1',
  Trigger: 'manual',
  StartedOn: '2026-05-16T08:01:00.000+08:00',
  FinishedOn: '2026-05-16T08:01:00.120+08:00',
  DurationMs: 120,
  Outcome: RUN_RESULT.ok,
  Message: '删除登录令牌 1 个（已退出 1 个，闲置超时 0 个）',
  Instance: 'portal-1#42-ab12',
};
const loaded = (record: CronJobRecord) => ({ job: record, rows: [run], total: 1, dictionaries: {} });
const stale = new Error('该定时任务已被他人修改，请刷新后重试');
const badCron = new Error('CronExpression：Cron 表达式无法识别，请检查每一段的取值');

// Every event the page can meet, with the answers of the invoked calls as events too, so failures are
// walked like successes.
const events: AnyEventObject[] = [
  { type: 'job.reload' },
  { type: 'job.runNow' },
  { type: 'job.enable' },
  { type: 'job.disable' },
  { type: 'schedule.edit' },
  { type: 'form.change', field: 'CronExpression', value: '0 9 * * *' },
  { type: 'form.change', field: 'CronExpression', value: '61 * * * *' },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'runs.page', page: 2 },
  { type: 'xstate.done.actor.loadJob', output: loaded(job) },
  { type: 'xstate.done.actor.loadJob', output: loaded(queued) },
  { type: 'xstate.error.actor.loadJob', error: stale },
  { type: 'xstate.done.actor.pollRun', output: loaded(queued) },
  { type: 'xstate.done.actor.pollRun', output: loaded(job) },
  { type: 'xstate.error.actor.pollRun', error: stale },
  { type: 'xstate.done.actor.runNow', output: { job: queued, message: '已加入执行队列' } },
  { type: 'xstate.error.actor.runNow', error: stale },
  { type: 'xstate.done.actor.switchJob', output: { job: paused, message: '定时任务已保存' } },
  { type: 'xstate.error.actor.switchJob', error: stale },
  { type: 'xstate.done.actor.saveSchedule', output: { job: rescheduled, message: '定时任务已保存' } },
  { type: 'xstate.error.actor.saveSchedule', error: badCron },
  { type: 'xstate.done.actor.loadRuns', output: { rows: [run], total: 11 } },
  { type: 'xstate.error.actor.loadRuns', error: stale },
];

/** What decides the next step: the state, the job's status and request, unsaved edits, the error. */
const stateKey = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    s.context.job?.Status ?? null,
    s.context.job?.RunRequested ?? null,
    s.context.form.CronExpression,
    s.context.errorField ?? null,
  ]);

const coverage = new CoverageRecorder();
let pathCount = 0;

function startPage() {
  const pending = new Map<string, Deferred<unknown>>();
  const inputs = new Map<string, unknown>();
  // Parked under the invocation's id, so the two uses of saveJob (switch, schedule) are told apart.
  const call = (): any =>
    fromPromise<unknown, unknown>(({ input, self }) => {
      const d = deferred<unknown>();
      pending.set(self.id, d);
      inputs.set(self.id, input);
      return d.promise;
    });
  const emitted: { type: string; severity?: string; message?: string }[] = [];
  const srcs = ['loadJob', 'pollRun', 'loadRuns', 'runNow', 'saveJob'];
  const actor = createActor(
    cronJobMachine.provide({ actors: Object.fromEntries(srcs.map((s) => [s, call()])) }),
    {
      input: { objectId: ID },
      inspect: coverage.inspect,
    },
  );
  actor.on('*', (e) => emitted.push(e as { type: string }));
  actor.start();
  coverage.recordSnapshot(actor.getSnapshot());
  return { actor, pending, inputs, emitted };
}
type Page = ReturnType<typeof startPage>;

/** What an administrator relies on in each state, whatever the path that led there. */
function checkInvariants(before: Snapshot, after: Snapshot, page: Page, event: AnyEventObject) {
  if (after.matches('saving') && !before.matches('saving')) {
    const { ObjectID, Version, ...changed } = page.inputs.get('saveSchedule') as Record<string, unknown>;
    expect({ ObjectID, Version }, 'a new schedule names the version the page showed').toEqual({
      ObjectID: ID,
      Version: before.context.job?.Version,
    });
    expect(changed, 'only what changed goes out, and only a readable expression').toEqual({
      CronExpression: '0 9 * * *',
    });
  }
  if (after.matches('switching') && !before.matches('switching')) {
    const sent = page.inputs.get('switchJob') as { Status: string; Version: number };
    expect(sent.Status, 'enable and disable send the other status').not.toBe(before.context.job?.Status);
    expect(sent.Version).toBe(before.context.job?.Version);
  }
  if (event.type === 'form.submit' && before.context.form.CronExpression === '61 * * * *') {
    expect(after.matches('editing'), 'an unreadable expression is not sent').toBe(true);
    expect(after.context.errorField).toBe('CronExpression');
  }
  if (event.type === 'xstate.error.actor.saveSchedule') {
    expect(after.context.errorField, "the server's refusal shows under its field").toBe('CronExpression');
    expect(after.context.form, 'what was typed stays').toEqual(before.context.form);
  }
  if (event.type === 'xstate.done.actor.runNow') {
    expect(after.hasTag('watching'), 'a run asked for is watched until it has finished').toBe(true);
    expect(page.emitted.at(-1)).toMatchObject({ type: 'notify', severity: 'success' });
  }
  if (after.hasTag('watching')) expect(isRunPending(after.context.job)).toBe(true);
  if (after.context.job?.RunRequested)
    expect(after.can({ type: 'job.runNow' }), 'one request, one run').toBe(false);
  if (event.type === 'xstate.done.actor.loadRuns') expect(after.context.runsTotal).toBe(11);
}

describe('scheduled job page statechart, generated paths', () => {
  const paths = shortestPathsOf<Snapshot, { objectId: string }>(cronJobMachine, {
    events,
    input: { objectId: ID },
    stateKey,
  });
  pathCount += paths.length;

  it('generates paths', () => expect(paths.length).toBeGreaterThan(20));

  for (const path of paths) {
    it(path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), async () => {
      const page = startPage();
      await walkPath(page, path.steps, (before, after, event) => checkInvariants(before, after, page, event));
      page.actor.stop();
    });
  }
});

describe('the schedule form', () => {
  it('sends only the fields that changed, typed as the server takes them', () => {
    const form = { CronExpression: ' 0 9 * * * ', TimeoutSeconds: '120', Params: '{}', Remark: '' };
    expect(changesOf({ job, form })).toEqual({ CronExpression: '0 9 * * *', TimeoutSeconds: 120 });
  });
});

afterAll(() => {
  const report = coverage.report(cronJobMachine);
  writeCoverageReport(report, pathCount);
  expect(report.missingStates).toEqual([]);
  expect(report.missingTransitions).toEqual([]);
});
