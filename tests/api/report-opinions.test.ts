import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { zh } from '../../locales/zh/messages';
import { startTestApp, type TestApp } from './harness';
import { labelOf, type Row, upload } from './report-upload';

/**
 * Opinions on reports (docs/reports.md "Opinions and the modification log"): vendor reviewers raise
 * them on an agent's report or one of its lines, the agent's staff reply, the reviewer closes or
 * reopens; each side reads only what its scope holds.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SALES = 'report.distributorSalesReport';
const PERIOD = '2027-02';
const BUYER = makeCreditCode('91320100MA1PRTAL0');
const OTHER_BUYER = makeCreditCode('91320100MA1RPT0N2');
let gdName = '';
let models: string[] = [];

const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);
const raise = (body: Record<string, unknown>, who = 'channel') =>
  call(
    '/reportOpinion/create',
    {
      PageID: 'report.opinionCreate',
      ReportType: '111',
      AgentName: gdName,
      Period: PERIOD,
      OpinionType: '101',
      ...body,
    },
    who,
  );
const decide = (id: string, command: string, who: string, payload: Record<string, unknown> = {}) =>
  call('/workflow/decide', { workflow: 'reportOpinion', ObjectID: id, command, payload }, who);
const options = (id: string, who: string) =>
  call('/workflow/options', { workflow: 'reportOpinion', ObjectID: id }, who);
const opinion = async (id: string, who = 'channel') =>
  (await call('/reportOpinion/getOne', { ObjectID: id }, who)).body.results?.[0];

const sale = (model: string, buyer: string, quantity: number): Row => ({
  AgentName: gdName,
  Period: PERIOD,
  CustomerName: `Buyer ${buyer.slice(-4)}`,
  CreditCode: buyer,
  SalesCustomerType: '101',
  ProductModel: model,
  Quantity: quantity,
  UnitPrice: '1200.00',
  OutboundDate: `${PERIOD}-10`,
});

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['gd', 'rsp', 'channel', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const db = t.database.db;
  gdName = (
    await sql<{ name: string }>`select c.name from employee e join customer c on c.object_id = e.company_id
      where e.username = 'gd'`.execute(db)
  ).rows[0].name;
  models = (
    await sql<{ model: string }>`select distinct data->>'ProductModel' as model from product
      where data->>'ProductModel' is not null order by 1 limit 2`.execute(db)
  ).rows.map((r) => r.model);
  // The distributor's report of the month: one line of the first model, two of the second.
  const rows = [sale(models[0], BUYER, 3), sale(models[1], BUYER, 2), sale(models[1], OTHER_BUYER, 1)];
  const imported = await upload(t, SALES, rows, tokens.gd, 'opinions.xlsx');
  expect(imported.body.results?.Committed, JSON.stringify(imported.body)).toBe(true);
}, 120_000);

afterAll(() => t?.close());

describe('raising an opinion', () => {
  it('names a line of the report by its model, numbered, open, and belongs to the agent', async () => {
    const raised = await raise({ ProductModel: models[0], OpinionContent: 'Unit price below the floor' });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    const row = raised.body.results;
    expect(row.OpinionNo).toMatch(/^YJ\d{12}$/);
    expect(row).toMatchObject({
      AgentName: gdName,
      Period: PERIOD,
      ProductModel: models[0],
      OpinionStatus: '101',
      ReviewerUserName: 'channel',
    });
    // The agent's staff read it; another agent's staff do not even find it.
    expect((await opinion(row.ObjectID, 'gd'))?.OpinionNo).toBe(row.OpinionNo);
    expect((await call('/reportOpinion/getOne', { ObjectID: row.ObjectID }, 'rsp')).status).toBe(404);
    const rspList = await call('/reportOpinion/search', { OpinionNo: row.OpinionNo }, 'rsp');
    expect(rspList.body.totalSize).toBe(0);
    // It waits for the distributor's reply: its to-do list holds it.
    const todo = await call('/reportOpinion/search', { AwaitingMe: 1, pageSize: 100 }, 'gd');
    expect((todo.body.results as Row[]).map((r) => r.ObjectID)).toContain(row.ObjectID);
  });

  it('names the whole report when it names no model', async () => {
    const raised = await raise({ OpinionType: '111', OpinionContent: 'End users lack their credit codes' });
    expect(raised.status).toBe(200);
    expect(raised.body.results).toMatchObject({ ProductModel: null, Period: PERIOD, OpinionStatus: '101' });
  });

  it('refuses a report or line that is not there, naming the field', async () => {
    const noReport = await raise({ Period: '2031-01', OpinionContent: 'x' });
    expect(noReport.status).toBe(400);
    expect(noReport.body.message).toContain(labelOf('reportOpinion', 'Period'));
    const noLine = await raise({ ProductModel: 'NO-SUCH-MODEL', OpinionContent: 'x' });
    expect(noLine.status).toBe(400);
    expect(noLine.body.message).toContain('NO-SUCH-MODEL');
    const several = await raise({ ProductModel: models[1], OpinionContent: 'x' });
    expect(several.status).toBe(400);
    expect(several.body.message).toContain(labelOf('reportOpinion', 'ProductModel'));
    const missing = await raise({ OpinionContent: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(zh.field.reportOpinion.OpinionContent);
    const count = await sql<{ n: number }>`select count(*)::int as n from report_opinion
      where period in ('2031-01') or data->>'OpinionContent' = 'x'`.execute(t.database.db);
    expect(count.rows[0].n).toBe(0);
  });

  it('is raised by vendor staff only, on agents they see', async () => {
    const byAgent = await raise({ OpinionContent: 'self' }, 'gd');
    expect(byAgent.status).toBe(403);
    // The channel manager sees Jiangsu only: an agent of another province is none of theirs.
    const elsewhere = await sql<{ name: string }>`select name from customer
      where customer_type = '111' and province_code <> '320000' order by name limit 1`.execute(t.database.db);
    const foreign = await raise({ AgentName: elsewhere.rows[0].name, OpinionContent: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(elsewhere.rows[0].name);
  });
});

describe('replying and closing', () => {
  it('runs open → replied → (reopened) → closed, each step by the side it waits for', async () => {
    const id = (await raise({ ProductModel: models[0], OpinionContent: 'Check the quantity' })).body.results
      .ObjectID as string;
    // Only the reviewer may take it back; only the distributor may reply.
    expect((await options(id, 'gd')).body.results.Commands.map((c: { Name: string }) => c.Name)).toEqual([
      'reply',
    ]);
    expect((await options(id, 'channel')).body.results.Commands.map((c: { Name: string }) => c.Name)).toEqual(
      ['withdraw'],
    );
    expect((await options(id, 'rsp')).status).toBe(404);
    expect((await decide(id, 'reply', 'rsp', { reason: 'not mine' })).status).toBe(404);
    expect((await decide(id, 'withdraw', 'gd')).status).toBe(403);

    const blank = await decide(id, 'reply', 'gd', { reason: ' ' });
    expect(blank.status).toBe(400);
    const replied = await decide(id, 'reply', 'gd', { reason: 'Corrected by a new import' });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    expect(await opinion(id)).toMatchObject({
      OpinionStatus: '111',
      ReplyContent: 'Corrected by a new import',
    });
    expect((await opinion(id)).RepliedOn).toBeTruthy();

    // Another vendor employee cannot settle the channel manager's opinion.
    expect((await decide(id, 'close', 'ops')).status).toBe(403);
    expect((await decide(id, 'reopen', 'channel', { reason: '' })).status).toBe(400);
    expect((await decide(id, 'reopen', 'channel', { reason: 'The price is still wrong' })).status).toBe(200);
    expect(await opinion(id)).toMatchObject({
      OpinionStatus: '101',
      ReopenReason: 'The price is still wrong',
    });
    expect((await decide(id, 'reply', 'gd', { reason: 'Price fixed too' })).status).toBe(200);
    const closed = await decide(id, 'close', 'channel', { reason: 'Checked' });
    expect(closed.status).toBe(200);
    expect(await opinion(id, 'gd')).toMatchObject({
      OpinionStatus: '121',
      ReplyContent: 'Price fixed too',
      CloseComment: 'Checked',
    });
    expect((await decide(id, 'reply', 'gd', { reason: 'more' })).status).toBe(409);
  });

  it('is edited only by its reviewer, only until the reply, and stays on its report', async () => {
    const raised = (await raise({ OpinionContent: 'First wording' })).body.results;
    const edit = (body: Record<string, unknown>, who: string, version: number) =>
      call(
        '/reportOpinion/update',
        { PageID: 'report.opinionCreate', ObjectID: raised.ObjectID, Version: version, ...body },
        who,
      );
    expect((await edit({ OpinionContent: 'Mine now' }, 'ops', raised.Version)).status).toBe(403);
    const moved = await edit({ Period: '2027-03' }, 'channel', raised.Version);
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain(labelOf('reportOpinion', 'Period'));
    const reworded = await edit({ OpinionContent: 'Second wording' }, 'channel', raised.Version);
    expect(reworded.status).toBe(200);
    expect((await opinion(raised.ObjectID)).OpinionContent).toBe('Second wording');
    await decide(raised.ObjectID, 'reply', 'gd', { reason: 'Added' });
    const late = await edit({ OpinionContent: 'Third' }, 'channel', (await opinion(raised.ObjectID)).Version);
    expect(late.status).toBe(409);
  });
});

describe('the opinion list', () => {
  it('filters by status, agent and period and shows the demo review', async () => {
    const open = await call(
      '/reportOpinion/search',
      { OpinionStatus: '101', Period: PERIOD, pageSize: 100 },
      'ops',
    );
    expect(open.body.totalSize).toBeGreaterThanOrEqual(2);
    expect((open.body.results as Row[]).every((r) => r.OpinionStatus === '101' && r.Period === PERIOD)).toBe(
      true,
    );
    // The demo distributor's October report was reviewed: one opinion closed, one awaiting its reply.
    const demo = await call('/reportOpinion/search', { Period: '2026-10', pageSize: 100 }, 'gd');
    expect((demo.body.results as Row[]).map((r) => r.OpinionStatus).sort()).toEqual(['101', '121']);
  });
});
