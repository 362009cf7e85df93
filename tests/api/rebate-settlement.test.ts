import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { refreshRunningTasks } from '../../server/rebates/rebate-task.service';
import { expectBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { openCredit, orderableProduct, effectiveOrder as placeOrder } from './rebate-fixtures';

/**
 * Rebate tasks and their settlement (machines/workflows/rebate-settlement.workflow.ts): a task's
 * achievement computed from effective orders, the settlement calculated after the period from the
 * policy's frozen tiers, reviewed, objected to and recalculated, confirmed by its agent and posted
 * to the agent's ledger.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<'rsp' | 'ccp', { id: string; name: string }> = {} as never;
let product: { code: string; fen: bigint };
let policyId: string;
/** The RSP's task of the fourth quarter of 2026, which runs until 31 December. */
let fourthQuarter: string;
const db = () => t.database.db;

const decide = (who: string, workflow: string, id: string, command: string, payload = {}, version?: number) =>
  t.post(
    '/workflow/decide',
    { workflow, ObjectID: id, command, payload, WorkflowVersion: version },
    tokens[who],
  );
const settle = (who: string, id: string, command: string, payload = {}, version?: number) =>
  decide(who, 'rebateSettlement', id, command, payload, version);
const commandsOf = async (id: string, who: string) =>
  (
    await t.post('/workflow/options', { workflow: 'rebateSettlement', ObjectID: id }, tokens[who])
  ).body.results.Commands.map((c: { Name: string }) => c.Name);
const task = async (id: string, who = 'ops') =>
  (await t.post('/rebateTask/getOne', { ObjectID: id }, tokens[who])).body.results?.[0];
const assign = (body: Record<string, unknown>, who = 'ops') =>
  t.post('/rebateTask/assign', body, tokens[who]);

/** An effective own-line order of the RSP dated `day`, of about `yuan`. */
const effectiveOrder = (day: string, yuan: number) =>
  placeOrder({ t, tokens }, { name: agents.rsp.name, staff: 'rsp' }, product, day, yuan);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp', 'vp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  // A second person of the desk: one calculates, the other reviews.
  const first = await t.login('newstaff', 'Welcome@2026');
  await t.post(
    '/user/updatePassword',
    { oldPassword: 'Welcome@2026', newPassword: 'Quartz-Ledger-47x' },
    first,
  );
  tokens.colleague = await t.login('newstaff', 'Quartz-Ledger-47x');
  for (const who of ['rsp', 'ccp'] as const) {
    const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = ${who}`.execute(db());
    agents[who] = row.rows[0];
  }
  product = await orderableProduct(t);
  await openCredit(t, agents.rsp.id);
  const entry = {
    Title: '2026 quarterly sell-in rebate for regional agents',
    Brand: '101',
    ChannelTier: '111',
    PeriodType: '111',
    StartDate: '2026-01-01',
    EndDate: '2026-12-31',
    CalcBasis: '101',
    PayoutMethod: '101',
    Content: '1% from 80% of target, 2% from 100%',
    Tiers: '80:1, 100:2',
  };
  const bad = await t.post('/rebateAnnouncement/create', { ...entry, Tiers: '100:2, 80:1' }, tokens.ops);
  expect(bad.status).toBe(400);
  expect(bad.body.message).toContain(zh.rebateSettlement.problems.tiers);
  const created = await t.post('/rebateAnnouncement/create', entry, tokens.ops);
  expect(created.status, created.body.message).toBe(200);
  policyId = created.body.results.ObjectID;
  await decide('ops', 'rebatePolicy', policyId, 'submit');
  await decide('vp', 'rebatePolicy', policyId, 'agree');
  expect((await decide('ops', 'rebatePolicy', policyId, 'publish')).body.results.State).toBe('published');
});
afterAll(() => t?.close());

describe('a rebate task', () => {
  it('is set by the rebate desk only, on a published policy, once per agent and period', async () => {
    const body = { PolicyID: policyId, AgentID: agents.rsp.id, Period: '2026-Q4', TaskAmount: '500000' };
    expect((await assign(body, 'rsp')).status).toBe(403);
    const badPeriod = await assign({ ...body, Period: '2026-07' });
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.message).toContain(zh.rebateSettlement.problems.period);
    expect((await assign({ ...body, TaskAmount: '-1' })).status).toBe(400);
    const set = await assign(body);
    expect(set.status, set.body.message).toBe(200);
    const row = set.body.results[0] ?? set.body.results;
    expect(row).toMatchObject({
      SettlementStatus: '101',
      PeriodStart: '2026-10-01',
      PeriodEnd: '2026-12-31',
    });
    expect(row.RebateTaskNo).toMatch(/^FL\d{12}$/);
    expect((await assign(body)).status).toBe(409);
    fourthQuarter = row.ObjectID;
    // The CCP does not see the RSP's task.
    expect((await t.post('/rebateTask/getOne', { ObjectID: row.ObjectID }, tokens.ccp)).status).toBe(404);
    const listed = await t.post('/rebateTask/search', { pageSize: 100 }, tokens.ccp);
    expect(listed.body.results.map((r: { ObjectID: string }) => r.ObjectID)).not.toContain(row.ObjectID);
  });

  it('computes its achievement and estimate from effective orders, every night again', async () => {
    const firstFen = await effectiveOrder('2026-08-10', 60_000);
    const set = await assign({
      PolicyID: policyId,
      AgentID: agents.rsp.id,
      Period: '2026-Q3',
      TaskAmount: '100000',
    });
    expect(set.status, set.body.message).toBe(200);
    const id = (set.body.results[0] ?? set.body.results).ObjectID;
    const before = await task(id);
    expect(BigInt(before.AchievedAmount.replace('.', ''))).toBeGreaterThanOrEqual(firstFen);
    const secondFen = await effectiveOrder('2026-09-20', 60_000);
    expect(await refreshRunningTasks(db())).toBeGreaterThanOrEqual(1);
    const after = await task(id);
    const achieved = BigInt(after.AchievedAmount.replace('.', ''));
    expect(achieved - BigInt(before.AchievedAmount.replace('.', ''))).toBe(secondFen);
    // At or above 100% of the target: the 2% tier, shown as an estimate until settled.
    expect(Number(after.AchievementRate)).toBeGreaterThanOrEqual(100);
    expect(after.RebateRate).toBe('2.00');
    expect(BigInt(after.EstimatedRebate.replace('.', ''))).toBe((achieved * 2n) / 100n);
  });

  it('is offered its settlement’s calculation once its period has closed in Beijing time, by the rule that refuses it before', async () => {
    const users = ['ops', 'rsp'];
    /** Now on the business clock; people log in again, as a day later they would. */
    const now = async (instant: string) => {
      vi.setSystemTime(new Date(instant));
      for (const user of users) tokens[user] = await t.login(user, 'Demo@123456');
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 23:30 on 31 December in Beijing: the fourth quarter has not ended.
      await now('2026-12-31T23:30:00+08:00');
      expect(await commandsOf(fourthQuarter, 'ops')).not.toContain('calculate');
      expect(await commandsOf(fourthQuarter, 'ops')).toContain('void');
      const early = await settle('ops', fourthQuarter, 'calculate');
      expect([early.status, early.body.message]).toEqual([409, expect.stringContaining('2026-12-31')]);
      expect(early.body.message).toContain('2026-Q4');
      expect((await task(fourthQuarter)).SettlementStatus).toBe('101');
      // The agent may not calculate on any day: not told of the period.
      const agent = await settle('rsp', fourthQuarter, 'calculate');
      expect([agent.status, agent.body.message]).toEqual([403, expect.not.stringContaining('2026-12-31')]);

      // 00:05 on 1 January in Beijing, still 31 December in UTC: the quarter has closed.
      await now('2027-01-01T00:05:00+08:00');
      expect(await commandsOf(fourthQuarter, 'ops')).toContain('calculate');
      expect(await commandsOf(fourthQuarter, 'rsp')).not.toContain('calculate');
      const calculated = await settle('ops', fourthQuarter, 'calculate');
      expect(calculated.status, calculated.body.message).toBe(200);
      expect(calculated.body.results.State).toBe('vendorReview');
      // The event keeps the days the rule was checked on.
      const event = await sql<{ dates: unknown }>`select e.payload->'dates' as dates from workflow_event e
        join workflow_stream s on s.stream_id = e.stream_id
        where s.subject_id = ${fourthQuarter} and e.type = 'settlement.calculate'`.execute(db());
      expect(event.rows.map((r) => r.dates)).toEqual([{ today: '2027-01-01', periodEnd: '2026-12-31' }]);
    } finally {
      vi.useRealTimers();
      for (const user of users) tokens[user] = await t.login(user, 'Demo@123456');
    }
  });
});

describe('a settlement', () => {
  let id: string;
  let no: string;

  beforeAll(async () => {
    await effectiveOrder('2026-02-15', 50_000);
    const set = await assign({
      PolicyID: policyId,
      AgentID: agents.rsp.id,
      Period: '2026-Q1',
      TaskAmount: '40000',
    });
    ({ ObjectID: id, RebateTaskNo: no } = set.body.results[0] ?? set.body.results);
  });

  it('is calculated, reviewed, objected to, recalculated and confirmed by its own agent only', async () => {
    const calculated = await settle('colleague', id, 'calculate');
    expect(calculated.status, calculated.body.message).toBe(200);
    expect(calculated.body.results.State).toBe('vendorReview');
    let row = await task(id);
    expect(row.SettlementStatus).toBe('111');
    const base = BigInt(row.EffectiveBase.replace('.', ''));
    expect(BigInt(row.CalculatedRebate.replace('.', ''))).toBe((base * 2n) / 100n);
    expect(row.PayableRebate).toBe(row.CalculatedRebate);
    // Not the agent's turn yet (not now: 409); then the desk agrees.
    expect((await settle('rsp', id, 'confirm')).status).toBe(409);
    expect((await settle('ops', id, 'agree')).body.results.State).toBe('awaitingAgent');
    // Another agent cannot even see it; vendor staff may not confirm for the agent.
    expect((await settle('ccp', id, 'confirm')).status).toBe(404);
    expect((await settle('finance', id, 'confirm')).status).toBe(403);
    expect((await settle('rsp', id, 'object', { reason: ' ' })).status).toBe(400);
    const objected = await settle('rsp', id, 'object', { reason: 'Two orders of March are missing' });
    expect(objected.body.results.State).toBe('disputed');
    expect((await task(id, 'rsp')).ObjectionReason).toBe('Two orders of March are missing');
    const again = await settle('ops', id, 'recalculate', {
      reason: 'Late orders added',
      adjustAmount: '120.50',
    });
    expect(again.status, again.body.message).toBe(200);
    row = await task(id);
    expect(row).toMatchObject({
      SettlementStatus: '111',
      AdjustAmount: '120.50',
      AdjustReason: 'Late orders added',
    });
    expect(BigInt(row.PayableRebate.replace('.', ''))).toBe(
      BigInt(row.CalculatedRebate.replace('.', '')) + 12050n,
    );
    const reviewed = await settle('colleague', id, 'agree');
    const version = reviewed.body.results.WorkflowVersion;
    // A decision on the version before the review lost the race.
    expect((await settle('rsp', id, 'confirm', {}, version - 1)).status).toBe(409);
    const confirmed = await settle('rsp', id, 'confirm', {}, version);
    expect(confirmed.body.results.State).toBe('confirmed');
    expect((await task(id)).SettlementStatus).toBe('141');
  });

  it('is posted by finance to the agent’s ledger, naming the settlement, and seen by that agent only', async () => {
    expect((await settle('ops', id, 'post')).status).toBe(403);
    const payable = (await task(id)).PayableRebate;
    const posted = await settle('finance', id, 'post');
    expect(posted.status, posted.body.message).toBe(200);
    const row = await task(id, 'rsp');
    expect(row.SettlementStatus).toBe('151');
    expect(row.PostedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row.ExpiryDate > row.PostedDate).toBe(true);
    const flows = await t.post('/rebateFlow/search', { SourceDocNo: no, pageSize: 10 }, tokens.rsp);
    const mine = flows.body.results.filter((f: { SourceDocNo: string }) => f.SourceDocNo === no);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ FlowType: '111', Amount: payable, AgentName: agents.rsp.name });
    const theirs = await t.post('/rebateFlow/search', { SourceDocNo: no, pageSize: 10 }, tokens.ccp);
    expect(theirs.body.results.filter((f: { SourceDocNo: string }) => f.SourceDocNo === no)).toEqual([]);
    // Posted once: the workflow has ended.
    expect((await settle('finance', id, 'post')).status).toBe(409);
  });
});

describe('the books', () => {
  it('balance after every task, settlement, objection and posting above', async () => {
    await expectBooksBalanced(t.database.db, ['rebates', 'salesTasks']);
  });
});
