import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnnouncementStatus } from '../../domain/codes/rebates.codes';
import { jobHandler, runJobOnce } from '../../server/jobs/job-handlers';
import { businessDay } from '../../server/rebates/ledger.service';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { enterPolicy } from './rebate-fixtures';

/**
 * A policy's state and dates are its workflow's (docs/rebates.md "Policy announcements"): approved reads
 * approved, publishing writes the publication day in business time, it takes effect from its start date
 * (refused before, naming the date) and the nightly job moves it on its start and end dates.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };

const policy = async (id: string, who = 'ops') =>
  (await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens[who])).body.results?.[0];
const decide = (who: string, id: string, command: string) =>
  t.post('/workflow/decide', { workflow: 'rebatePolicy', ObjectID: id, command, payload: {} }, tokens[who]);
const commandsOf = async (id: string, who: string) =>
  (
    await t.post('/workflow/options', { workflow: 'rebatePolicy', ObjectID: id }, tokens[who])
  ).body.results.Commands.map((c: { Name: string }) => c.Name);
const runJob = (now: Date) => runJobOnce(t.database.db, jobHandler('rebatePolicyDates')!, now);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'vp', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = (
    await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db)
  ).rows[0];
});
afterAll(() => t?.close());

describe('a rebate policy’s state and dates', () => {
  it('reads approved once approved, and writes the business day it was published on', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Approved then published', {
      publish: false,
      start: '2027-01-01',
      end: '2027-03-31',
    });
    expect((await decide('ops', id, 'submit')).status).toBe(200);
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.inApproval);
    expect((await decide('vp', id, 'agree')).status).toBe(200);
    const approved = await policy(id);
    expect(approved.AnnouncementStatus).toBe(AnnouncementStatus.approved);
    expect(approved.PublishedOn ?? null).toBeNull();
    // Approved is not yet published: an agent does not see it.
    expect((await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens.rsp)).status).toBe(404);
    const before = businessDay(new Date());
    expect((await decide('ops', id, 'publish')).status).toBe(200);
    const after = businessDay(new Date());
    const published = await policy(id);
    expect(published.AnnouncementStatus).toBe(AnnouncementStatus.published);
    expect([before, after]).toContain(published.PublishedOn);
  });

  it('refuses to take effect before the start date, naming the date; the agent may not move it at all', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Starts next year', {
      publish: true,
      start: '2027-01-01',
      end: '2027-03-31',
    });
    const early = await decide('ops', id, 'takeEffect');
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('2027-01-01');
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.published);
    expect(await commandsOf(id, 'rsp')).not.toContain('takeEffect');
    expect((await decide('rsp', id, 'takeEffect')).status).toBe(403);
    // Ending is for a policy in effect: a published one is in the wrong state for it.
    expect((await decide('ops', id, 'end')).status).toBe(409);
  });

  it('is offered putting into effect from its start day in Beijing time on, by the rule that refuses it before', async () => {
    const users = ['ops', 'vp', 'rsp'];
    /** Now on the business clock; people log in again, as a day later they would. */
    const now = async (instant: string) => {
      vi.setSystemTime(new Date(instant));
      for (const user of users) tokens[user] = await t.login(user, 'Demo@123456');
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 on 31 December in Beijing: its start date is tomorrow.
      await now('2026-12-31T23:30:00+08:00');
      const { id } = await enterPolicy({ t, tokens }, 'Starts tomorrow', {
        publish: false,
        start: '2027-01-01',
        end: '2027-06-30',
      });
      expect((await decide('ops', id, 'submit')).status).toBe(200);
      expect((await decide('vp', id, 'agree')).status).toBe(200);
      // The answer to publishing offers what the page then shows: not yet 'put into effect'.
      const published = await decide('ops', id, 'publish');
      expect(published.body.results.State).toBe('published');
      const offered = published.body.results.Commands.map((c: { Name: string }) => c.Name);
      expect(offered).toContain('void');
      expect(offered).not.toContain('takeEffect');
      expect(await commandsOf(id, 'ops')).not.toContain('takeEffect');
      const early = await decide('ops', id, 'takeEffect');
      expect([early.status, early.body.message]).toEqual([409, expect.stringContaining('2027-01-01')]);
      expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.published);

      // 00:05 on 1 January in Beijing, still 31 December in UTC: its start day.
      await now('2027-01-01T00:05:00+08:00');
      expect(await commandsOf(id, 'ops')).toContain('takeEffect');
      expect(await commandsOf(id, 'rsp')).not.toContain('takeEffect');
      const taken = await decide('ops', id, 'takeEffect');
      expect(taken.status, taken.body.message).toBe(200);
      expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.inEffect);
      // The event keeps the dates the rule was checked on.
      const event = await sql<{ dates: unknown }>`select e.payload->'dates' as dates from workflow_event e
        join workflow_stream s on s.stream_id = e.stream_id
        where s.subject_id = ${id} and e.type = 'policy.takeEffect'`.execute(t.database.db);
      expect(event.rows.map((r) => r.dates)).toEqual([{ today: '2027-01-01', startDate: '2027-01-01' }]);
    } finally {
      vi.useRealTimers();
      for (const user of users) tokens[user] = await t.login(user, 'Demo@123456');
    }
  });

  it('is put into effect by the nightly job on its start day in Beijing time and ended after its end date', async () => {
    const { id } = await enterPolicy({ t, tokens }, 'Moved by its dates', {
      publish: true,
      start: '2027-01-01',
      end: '2027-03-31',
    });
    // 23:30 on 31 December in Beijing: not yet.
    await runJob(new Date('2026-12-31T23:30:00+08:00'));
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.published);
    // 00:10 on 1 January in Beijing, still 31 December in UTC: its start day.
    const started = (await runJob(new Date('2027-01-01T00:10:00+08:00'))) as {
      params: Record<string, unknown>;
    };
    expect(started.params).toMatchObject({ today: '2027-01-01', skipped: 0 });
    expect(Number(started.params.effective)).toBeGreaterThanOrEqual(1);
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.inEffect);
    const history = await sql<{ actor: string }>`select e.actor_id as actor from workflow_event e
      join workflow_stream s on s.stream_id = e.stream_id
      where s.subject_id = ${id} and e.type = 'policy.takeEffect'`.execute(t.database.db);
    expect(history.rows.map((r) => r.actor)).toEqual(['system']);
    // Its last day is still in effect; the day after, it ends.
    await runJob(new Date('2027-03-31T23:00:00+08:00'));
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.inEffect);
    await runJob(new Date('2027-04-01T00:10:00+08:00'));
    expect((await policy(id)).AnnouncementStatus).toBe(AnnouncementStatus.ended);
  });

  it('is listed among the scheduled jobs', async () => {
    const row = await sql<{ handler: string; cron: string }>`select handler, cron_expression as cron
      from scheduled_job where code = 'rebatePolicyDates'`.execute(t.database.db);
    expect(row.rows[0]).toEqual({ handler: 'rebatePolicyDates', cron: '10 0 * * *' });
  });
});

describe('a rebate task’s period', () => {
  it('must lie within its policy’s validity, refused naming the period and the dates', async () => {
    // A quarterly policy for July to December 2026.
    const { id, no } = await enterPolicy({ t, tokens }, 'Second half of 2026', {
      publish: true,
      start: '2026-07-01',
      end: '2026-12-31',
    });
    const onForm = (Period: string) =>
      t.post(
        '/rebateTask/create',
        { PageID: 'rebates.rebateTaskEdit', PolicyNo: no, AgentName: rsp.name, Period, TaskAmount: '1000' },
        tokens.ops,
      );
    const byIds = (Period: string) =>
      t.post('/rebateTask/assign', { PolicyID: id, AgentID: rsp.id, Period, TaskAmount: '1000' }, tokens.ops);
    const count = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from record
          where resource = 'rebateTask' and data->>'PolicyID' = ${id}`.execute(t.database.db)
      ).rows[0].n;
    for (const period of ['2026-Q1', '2030-Q1', '2026-Q2']) {
      const refused = await onForm(period);
      expect(refused.status, period).toBe(400);
      expect(refused.body.message).toContain(period);
      expect(refused.body.message).toContain('2026-07-01');
      expect(refused.body.message).toContain('2026-12-31');
      expect((await byIds(period)).status).toBe(400);
    }
    expect(await count()).toBe(0);
    const inside = await onForm('2026-Q3');
    expect(inside.status, inside.body.message).toBe(200);
    expect((await byIds('2026-Q4')).status).toBe(200);
    expect(await count()).toBe(2);
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
