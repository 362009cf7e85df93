import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerType } from '../../domain/codes/customers.codes';
import { startTestApp, type TestApp } from './harness';

/**
 * A credit-limit request in the to-do inbox (docs/credit-limits.md "The to-do"): the list of requests
 * (客户 › 授信额度调整申请) shows, in business words, what waits for finance — the agent, its limits
 * before and as asked, per line — and, once finance returns one, what waits for the person who asked.
 * The dashboard's card counts exactly those; nobody else has them in their to-do, and a decided
 * request leaves it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let agent: { id: string; name: string; province: string };
let elsewhere: { id: string; name: string };
const PAGE = 'customers.creditLimitRequests';
const WORKFLOW = 'creditLimitChange';

interface Row {
  ObjectID: string;
  CustomerID: string;
  AgentName: string;
  ExtCustomerType_SDK: string;
  RequestStatus: string;
  PreviousCreditLimit: string | null;
  CreditLimit: string | null;
  PreviousPartnerCreditLimit: string | null;
  PartnerCreditLimit: string | null;
  RequestReason: string;
  RequestedBy: string;
  RequestedOn: string;
  DecidedBy: string | null;
  DecidedOn: string | null;
  DecisionReason: string | null;
}

const search = async (who: string, body: Record<string, unknown> = {}) => {
  const { status, body: answer } = await t.post(
    '/creditLimitRequest/search',
    { PageID: PAGE, pageSize: 100, ...body },
    tokens[who],
  );
  expect(status, answer.message).toBe(200);
  return answer.results as Row[];
};
const todo = (who: string) => search(who, { AwaitingMe: 1 });
const card = async (who: string) => {
  const { body } = await t.post('/dashboard/summary', {}, tokens[who]);
  return (body.results.queues as { pageId: string; count: number }[]).find((q) => q.pageId === PAGE);
};
const ask = (id: string, CreditLimit: string, who = 'ops') =>
  t.post(
    '/customer/requestCreditLimit',
    { ObjectID: id, CreditLimit, RequestReason: '新项目备货' },
    tokens[who],
  );
const decide = (command: string, who: string, payload: Record<string, unknown> = {}, id = agent.id) =>
  t.post('/workflow/decide', { workflow: WORKFLOW, ObjectID: id, command, payload }, tokens[who]);
const limitOf = async (id: string) =>
  (
    await sql<{ limit: string | null }>`select data->>'ExtCreditLimit_SDK' as "limit" from customer
      where object_id = ${id}`.execute(t.database.db)
  ).rows[0].limit;

beforeAll(async () => {
  t = await startTestApp();
  // A colleague of the desk who has signed in before (the demo's newcomer, past the first sign-in).
  await sql`update employee set first_time = false where username = 'newstaff'`.execute(t.database.db);
  const logins: [string, string][] = [
    ['ops', 'Demo@123456'],
    ['newstaff', 'Welcome@2026'],
    ['finance', 'Demo@123456'],
    ['channel', 'Demo@123456'],
    ['rsp', 'Demo@123456'],
  ];
  for (const [user, password] of logins) tokens[user] = await t.login(user, password);
  const own = await sql<{ id: string; name: string; province: string }>`select c.object_id::text as id,
      c.name, c.province_code as province
    from employee e join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(
    t.database.db,
  );
  agent = own.rows[0];
  // An RSP of another province: the channel manager of the RSP's province does not see it.
  const other = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where customer_type = ${CustomerType.rsp} and province_code <> ${agent.province}
    order by name limit 1`.execute(t.database.db);
  elsewhere = other.rows[0];
});
afterAll(() => t?.close());

describe('a credit-limit request in the to-do inbox', () => {
  let before: string | null;
  /** What waited for finance before these requests: the demo's own request for another agent. */
  let waitingBefore: number;

  it('waits in finance’s to-do in business words, and only there', async () => {
    before = await limitOf(agent.id);
    waitingBefore = (await card('finance'))?.count ?? 0;
    expect((await ask(agent.id, '4200000.00')).status).toBe(200);

    const rows = await todo('finance');
    const row = rows.find((r) => r.CustomerID === agent.id);
    expect(row, 'the request is in finance’s to-do').toMatchObject({
      AgentName: agent.name,
      ExtCustomerType_SDK: CustomerType.rsp,
      RequestStatus: 'requested',
      CreditLimit: '4200000.00',
      RequestReason: '新项目备货',
      RequestedBy: '钱商务',
      DecidedBy: null,
    });
    expect(row?.PreviousCreditLimit).toBe(before);
    // The agent has no partner-line business: nothing asked of that line, nothing shown.
    expect(row?.PartnerCreditLimit).toBeNull();
    expect(Date.parse(String(row?.RequestedOn))).not.toBeNaN();
    // The card counts what the list holds, as it opens it.
    expect((await card('finance'))?.count).toBe(waitingBefore + 1);
    expect((await card('finance'))?.count).toBe(rows.length);

    // The desk waits for finance; the province's channel manager reads it but decides nothing.
    for (const who of ['ops', 'newstaff', 'channel'])
      expect(
        (await todo(who)).some((r) => r.CustomerID === agent.id),
        who,
      ).toBe(false);
    expect((await search('channel')).some((r) => r.CustomerID === agent.id)).toBe(true);
    // The agent lists' to-do holds the agent's own applications, not its credit: nothing counted twice.
    const rspList = await t.post(
      '/customer/search',
      { PageID: 'customers.rspInfo', AwaitingMe: 1, Name: agent.name },
      tokens.finance,
    );
    expect(rspList.body.results.map((r: { ObjectID: string }) => r.ObjectID)).not.toContain(agent.id);
  });

  it('keeps every request within the reader’s scope and from agents altogether', async () => {
    expect((await ask(elsewhere.id, '800000.00')).status).toBe(200);
    expect((await todo('finance')).map((r) => r.CustomerID)).toEqual(
      expect.arrayContaining([agent.id, elsewhere.id]),
    );
    expect((await search('channel')).some((r) => r.CustomerID === elsewhere.id)).toBe(false);
    const byAgent = await t.post('/creditLimitRequest/search', { PageID: PAGE }, tokens.rsp);
    expect(byAgent.status).toBe(403);
    expect((await decide('reject', 'finance', { reason: '额度足够' }, elsewhere.id)).status).toBe(200);
  });

  it('goes back to the asker’s to-do when returned, and to nobody else’s', async () => {
    expect((await decide('return', 'finance', { reason: '请附担保函' })).status).toBe(200);
    expect((await todo('finance')).some((r) => r.CustomerID === agent.id)).toBe(false);
    const mine = (await todo('ops')).find((r) => r.CustomerID === agent.id);
    expect(mine).toMatchObject({
      RequestStatus: 'returned',
      DecisionReason: '请附担保函',
      DecidedBy: '孙财务',
    });
    expect((await card('ops'))?.count).toBe(1);
    expect((await todo('newstaff')).some((r) => r.CustomerID === agent.id)).toBe(false);

    // The correction is the asker's, as the to-do says: a colleague is refused, naming who may.
    const colleague = await decide('resubmit', 'newstaff', {
      CreditLimit: '4300000.00',
      RequestReason: '已附担保函',
    });
    expect(colleague.status).toBe(403);
    expect(colleague.body.message).toContain('钱商务');
    const corrected = await decide('resubmit', 'ops', {
      CreditLimit: '4300000.00',
      RequestReason: '已附担保函',
    });
    expect(corrected.status, corrected.body.message).toBe(200);
    expect((await todo('ops')).some((r) => r.CustomerID === agent.id)).toBe(false);
    expect((await todo('finance')).find((r) => r.CustomerID === agent.id)).toMatchObject({
      RequestStatus: 'requested',
      CreditLimit: '4300000.00',
      RequestReason: '已附担保函',
    });
  });

  it('leaves every to-do once decided, and stays on the list with the decision', async () => {
    expect((await decide('agree', 'finance')).status).toBe(200);
    expect(await limitOf(agent.id)).toBe('4300000.00');
    for (const who of ['finance', 'ops', 'newstaff'])
      expect(
        (await todo(who)).some((r) => r.CustomerID === agent.id),
        who,
      ).toBe(false);
    expect((await card('finance'))?.count ?? 0).toBe(waitingBefore);

    const history = (await search('finance', { AgentName: agent.name })).filter(
      (r) => r.CustomerID === agent.id,
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      RequestStatus: 'approved',
      PreviousCreditLimit: before,
      CreditLimit: '4300000.00',
      DecidedBy: '孙财务',
    });
    expect(Date.parse(String(history[0].DecidedOn))).not.toBeNaN();
    const rejected = await search('finance', { RequestStatus: 'rejected' });
    expect(rejected.map((r) => r.CustomerID)).toContain(elsewhere.id);
  });

  it('is written only through the request and its decisions, never on the list', async () => {
    const [row] = await search('finance', { AgentName: agent.name });
    for (const [path, body] of [
      ['/creditLimitRequest/create', { PageID: PAGE, AgentName: agent.name, CreditLimit: '1.00' }],
      ['/creditLimitRequest/update', { PageID: PAGE, ObjectID: row.ObjectID, CreditLimit: '1.00' }],
      ['/creditLimitRequest/delete', { PageID: PAGE, ObjectIDs: [row.ObjectID] }],
    ] as const) {
      const refused = await t.post(path, body, tokens.finance);
      expect(refused.status, path).toBeGreaterThanOrEqual(400);
      expect(refused.status, path).toBeLessThan(500);
    }
    expect(await limitOf(agent.id)).toBe('4300000.00');
  });
});
