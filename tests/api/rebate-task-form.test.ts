import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString } from '../../domain/money';
import { ROLE } from '../../domain/roles';
import { zh } from '../../locales/zh/messages';
import { REBATE_DESK, REBATE_TASK_FORM } from '../../server/rebates/rebate-desk';
import { startTestApp, type TestApp } from './harness';
import { effectiveOrder, enterPolicy, openCredit, orderableProduct } from './rebate-fixtures';

/**
 * The rebate task form (返利任务下达, docs/rebates.md "Rebate tasks"): the rebate desk sets a task by
 * the policy's number, the agent's name, the period and the target; a wrong one is refused naming the
 * field and writes nothing; what the agent achieved and the estimate are computed, never entered; only
 * the target changes afterwards, until the settlement is calculated.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<'rsp' | 'ccp', { id: string; name: string }> = {} as never;
const policies: Record<'live' | 'draft', { id: string; no: string }> = {} as never;
const db = () => t.database.db;
const labels = zh.field.rebateTask as Record<string, string>;

const create = (body: Record<string, unknown>, who = 'ops') =>
  t.post('/rebateTask/create', { PageID: 'rebates.rebateTaskEdit', ...body }, tokens[who]);
const tasks = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = 'rebateTask'`.execute(
      db(),
    )
  ).rows[0].n;
/** The agent's effective own-line sales of a period, summed from its order lines here, independently. */
const soldIn = async (agentId: string, start: string, end: string) =>
  (
    await sql<{ yuan: string }>`select coalesce(sum(i.line_amount), 0)::numeric(18, 2)::text as yuan
      from sales_order o join order_item i on i.order_id = o.object_id
      where o.company_id = ${agentId} and o.order_channel = '101' and o.approval_status = '121'
        and o.order_date between ${start} and ${end}`.execute(db())
  ).rows[0].yuan;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'vp', 'province', 'channel', 'channeldept', 'rsp', 'ccp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const who of ['rsp', 'ccp'] as const) {
    const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = ${who}`.execute(db());
    agents[who] = row.rows[0];
  }
  const world = { t, tokens };
  policies.live = await enterPolicy(world, 'Quarterly sell-in rebate for regional agents (form)', {
    publish: true,
  });
  policies.draft = await enterPolicy(world, 'A policy still being written', { publish: false });
  // What the RSP sold in the second and third quarters, entered and approved as orders are.
  await openCredit(t, agents.rsp.id);
  const product = await orderableProduct(t);
  const rsp = { name: agents.rsp.name, staff: 'rsp' };
  await effectiveOrder(world, rsp, product, '2026-05-12', 60_000);
  await effectiveOrder(world, rsp, product, '2026-08-10', 60_000);
});
afterAll(() => t?.close());

describe('the rebate task form', () => {
  const good = () => ({
    PolicyNo: policies.live.no,
    AgentName: agents.rsp.name,
    Period: '2026-Q3',
    TaskAmount: '50000',
  });

  it('is the rebate desk’s: finance, the executive, the province office, the channel side and agents are not offered it', async () => {
    // The desk is the roles that hold the rebate pages; the channel side holds none, so it is not on it.
    expect([...REBATE_DESK].sort()).toEqual([ROLE.systemAdmin, ROLE.salesOperations]);
    const holders = await sql<{ role: string }>`select distinct role_code as role from role_menu
      where path = ${REBATE_TASK_FORM} order by role_code`.execute(db());
    expect(holders.rows.map((r) => r.role)).toEqual([...REBATE_DESK].sort());
    for (const who of ['finance', 'vp', 'province', 'channel', 'channeldept', 'rsp']) {
      const refused = await create(good(), who);
      expect(refused.status, who).toBe(403);
    }
    const assign = await t.post(
      '/rebateTask/assign',
      { PolicyID: policies.live.id, AgentID: agents.rsp.id, Period: '2026-Q3', TaskAmount: '1' },
      tokens.finance,
    );
    expect(assign.status).toBe(403);
  });

  it('offers only published policies to choose from, by number or title', async () => {
    const search = async (keyword: string) =>
      (await t.post('/rebatePolicyLookup/search', { keyword, currentPage: 1 }, tokens.ops)).body.results as {
        AnnouncementNo: string;
      }[];
    expect((await search(policies.live.no)).map((p) => p.AnnouncementNo)).toEqual([policies.live.no]);
    expect(await search('A policy still being written')).toEqual([]);
    // The lens cannot be widened to drafts by the caller.
    const widened = await t.post(
      '/rebatePolicyLookup/search',
      { keyword: policies.draft.no, AnnouncementStatus: '101' },
      tokens.ops,
    );
    expect(widened.status).toBe(400);
  });

  it('refuses a wrong task naming the field, and writes nothing', async () => {
    const before = await tasks();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ PolicyNo: '' }, 400, 'PolicyNo', `${labels.PolicyNo}必填`],
      [{ PolicyNo: 'GG000000000000' }, 400, 'PolicyNo', zh.rebateSettlement.problems.noSuchPolicy],
      [{ PolicyNo: policies.draft.no }, 409, 'PolicyNo', zh.rebateSettlement.policyNotPublished],
      [{ AgentName: 'No such agent Ltd.' }, 400, 'AgentName', zh.rebate.problems.unknownAgent],
      [{ AgentName: agents.ccp.name }, 400, 'AgentName', zh.rebateSettlement.problems.otherTier],
      [{ Period: '2026-07' }, 400, 'Period', zh.rebateSettlement.problems.period],
      [{ TaskAmount: '-5' }, 400, 'TaskAmount', labels.TaskAmount],
      [{ TaskAmount: '0' }, 400, 'TaskAmount', zh.rebate.problems.positiveFen],
      // What the agent achieved is computed from its orders, never entered.
      [{ AchievedAmount: '999999' }, 400, 'AchievedAmount', labels.AchievedAmount],
    ];
    for (const [change, status, field, words] of cases) {
      const refused = await create({ ...good(), ...change });
      expect([refused.status, refused.body.field], JSON.stringify(change)).toEqual([status, field]);
      expect(refused.body.message).toContain(words);
    }
    expect(await tasks()).toBe(before);
  });

  it('sets the task with its achievement and estimate computed, once per agent, policy and period', async () => {
    const set = await create(good());
    expect(set.status, set.body.message).toBe(200);
    const task = set.body.results;
    expect(task).toMatchObject({
      PolicyNo: policies.live.no,
      AgentName: agents.rsp.name,
      Period: '2026-Q3',
      PeriodStart: '2026-07-01',
      PeriodEnd: '2026-09-30',
      TaskAmount: '50000.00',
      SettlementStatus: '101',
    });
    expect(task.RebateTaskNo).toMatch(/^FL\d{12}$/);
    // What the RSP sold in the quarter, and the 2% tier: the target is below it.
    const sold = await soldIn(agents.rsp.id, '2026-07-01', '2026-09-30');
    expect(Number(sold)).toBeGreaterThanOrEqual(60_000);
    expect(task.AchievedAmount).toBe(sold);
    expect(task.RebateRate).toBe('2.00');
    expect(task.EstimatedRebate).toBe(fenToYuanString(Number((BigInt(sold.replace('.', '')) * 2n) / 100n)));
    const again = await create(good());
    expect([again.status, again.body.field]).toEqual([409, 'Period']);
    expect(again.body.message).toContain('2026-Q3');
  });
});

describe('a task set on the form', () => {
  let task: { ObjectID: string; Version: number; RebateTaskNo: string };
  const update = (body: Record<string, unknown>) =>
    t.post(
      '/rebateTask/update',
      { PageID: 'rebates.rebateTaskEdit', ObjectID: task.ObjectID, ...body },
      tokens.ops,
    );

  beforeAll(async () => {
    const set = await create({
      PolicyNo: policies.live.no,
      AgentName: agents.rsp.name,
      Period: '2026-Q2',
      TaskAmount: '900000',
    });
    expect(set.status, set.body.message).toBe(200);
    task = set.body.results;
  });

  it('changes only its target while it is calculating, the estimate following', async () => {
    const before = (await t.post('/rebateTask/getOne', { ObjectID: task.ObjectID }, tokens.ops)).body
      .results[0];
    const lowered = await update({ Version: before.Version, TaskAmount: '1000' });
    expect(lowered.status, lowered.body.message).toBe(200);
    const after = lowered.body.results;
    expect(after.TaskAmount).toBe('1000.00');
    // A target far below what was achieved reaches the top tier: 2% of the effective base.
    expect(after.RebateRate).toBe('2.00');
    expect(after.AchievementRate).not.toBe(before.AchievementRate);
    const stale = await update({ Version: before.Version, TaskAmount: '2000' });
    expect(stale.status).toBe(409);
    for (const [field, value] of [
      ['PolicyNo', policies.draft.no],
      ['AgentName', agents.ccp.name],
      ['Period', '2026-Q1'],
    ]) {
      const refused = await update({ Version: after.Version, [field]: value });
      expect([refused.status, refused.body.field]).toEqual([400, field]);
      expect(refused.body.message).toContain(zh.rebateSettlement.problems.setOnce);
    }
  });

  it('keeps the target its settlement was calculated on', async () => {
    const calculated = await t.post(
      '/workflow/decide',
      { workflow: 'rebateSettlement', ObjectID: task.ObjectID, command: 'calculate', payload: {} },
      tokens.ops,
    );
    expect(calculated.status, calculated.body.message).toBe(200);
    const current = (await t.post('/rebateTask/getOne', { ObjectID: task.ObjectID }, tokens.ops)).body
      .results[0];
    const refused = await update({ Version: current.Version, TaskAmount: '5000' });
    expect([refused.status, refused.body.field]).toEqual([409, 'TaskAmount']);
    expect(refused.body.message).toContain(task.RebateTaskNo);
    expect(
      (await t.post('/rebateTask/getOne', { ObjectID: task.ObjectID }, tokens.ops)).body.results[0]
        .TaskAmount,
    ).toBe('1000.00');
  });
});
