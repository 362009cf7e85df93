import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimitOverview } from '../../domain/credit-limits';
import { yuanToFen } from '../../domain/money';
import { checkBooks } from '../../server/books/check-books';
import { yuanText } from '../../server/orders/order-approval-config';
import { startTestApp, type TestApp } from './harness';

/**
 * An agent's credit limit changes only through a request (docs/credit-limits.md): the sales
 * operations desk asks with a reason, finance agrees, returns or rejects, and the agreement writes the
 * new limit, which the next order is checked against. The agent record never writes it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let other: { id: string; name: string };
let productCode: string;
const db = () => t.database.db;
const WORKFLOW = 'creditLimitChange';

const overview = async (who = 'ops', id = rsp.id) => {
  const { status, body } = await t.post('/customer/creditLimits', { ObjectID: id }, tokens[who]);
  expect(status, body.message).toBe(200);
  return body.results as CreditLimitOverview;
};
const ask = (body: Record<string, unknown>, who = 'ops', id = rsp.id) =>
  t.post(
    '/customer/requestCreditLimit',
    { ObjectID: id, RequestReason: '年度授信调整', ...body },
    tokens[who],
  );
const decide = (command: string, who: string, payload: Record<string, unknown> = {}) =>
  t.post('/workflow/decide', { workflow: WORKFLOW, ObjectID: rsp.id, command, payload }, tokens[who]);

/** What the RSP owes on its own-line orders that hold credit, summed in the database. */
async function owedOwnLine() {
  const { rows } = await sql<{
    owed: string;
  }>`select coalesce(sum(coalesce(nullif(data->>'UnpaidAmount', '')::numeric,
      nullif(data->>'PayableAmount', '')::numeric, order_amount, 0)), 0)::text as owed
    from sales_order where company_id = ${rsp.id} and order_channel = '101'
      and approval_status in ('111', '121', '151')`.execute(db());
  return yuanToFen(rows[0].owed);
}

async function storedLimit() {
  const { rows } = await sql<{ limit: string | null }>`select data->>'ExtCreditLimit_SDK' as "limit"
    from customer where object_id = ${rsp.id}`.execute(db());
  return rows[0].limit;
}

async function enterOrder() {
  const { status, body } = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: rsp.name,
      EndUserName: 'Credit limit end user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: productCode, Quantity: 1 }],
    },
    tokens.rsp,
  );
  expect(status, body.message).toBe(200);
  return body.results as { ObjectID: string };
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  const agents = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name
    from employee e join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db());
  rsp = agents.rows[0];
  // An agent of another company that the RSP does not supply.
  const others = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where object_id <> ${rsp.id} and parent_id is distinct from ${rsp.id}::uuid
    order by name limit 1`.execute(db());
  other = others.rows[0];
  // The RSP orders on credit (30 days), so its orders are checked against its limit.
  await sql`update customer set data = data || '{"ExtPaymentTerms_SDK": "111"}'::jsonb
    where object_id = ${rsp.id}`.execute(db());
  const product = await sql<{ code: string }>`select product_code as code from product
    where standard_price between 100 and 10000 and coalesce(category, '') <> '181'
    order by product_code limit 1`.execute(db());
  productCode = product.rows[0].code;
});
afterAll(() => t?.close());

describe('a credit limit change is a request finance decides', () => {
  let orderId: string;
  let owed: number;

  it('takes effect when finance agrees, and an order over the new limit is refused naming the line and figures', async () => {
    owed = await owedOwnLine();
    const before = await overview();
    expect(before.MayRequest).toBe(true);
    const limit = (owed / 100).toFixed(2);
    const asked = await ask({ CreditLimit: limit });
    expect(asked.status, asked.body.message).toBe(200);
    const pending = asked.body.results as CreditLimitOverview;
    expect(pending.MayRequest, 'one open request per agent').toBe(false);
    expect(pending.Requests[0]).toMatchObject({
      State: 'requested',
      Previous: before.Current,
      Requested: { CreditLimit: limit },
      RequestReason: '年度授信调整',
    });
    // Until finance agrees, the agent keeps its old limit.
    expect(await storedLimit()).toBe(before.Current.CreditLimit);
    const second = await ask({ CreditLimit: '1.00' });
    expect(second.status).toBe(409);

    const agreed = await decide('agree', 'finance');
    expect(agreed.status, agreed.body.message).toBe(200);
    expect(yuanToFen(String(await storedLimit()))).toBe(owed);
    const after = await overview('finance');
    expect(after.Current.CreditLimit).toBe(limit);
    const row = after.Requests[0];
    expect(row.State).toBe('approved');
    expect(row.DecidedBy).toBeTruthy();
    // Who and when, in business time (Beijing), to the minute.
    expect(row.RequestedOn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const beijing = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(row.RequestedOn.slice(0, 10)).toBe(beijing);

    const order = await enterOrder();
    orderId = order.ObjectID;
    const refused = await t.post('/orderApproval/submit', { ObjectID: orderId }, tokens.rsp);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('自有品牌授信额度');
    expect(refused.body.message).toContain(`${yuanText(owed)} 元`);
  });

  it('is returned with a reason, corrected and resubmitted, and the order then fits the new limit', async () => {
    const raised = ((owed + 100_000_000) / 100).toFixed(2);
    expect((await ask({ CreditLimit: '99999999999.99' })).status, 'above any limit').toBe(400);
    expect((await ask({ CreditLimit: raised })).status).toBe(200);
    const blank = await decide('return', 'finance', { reason: ' ' });
    expect(blank.status).toBe(400);
    const returned = await decide('return', 'finance', { reason: '请附上担保材料' });
    expect(returned.status, returned.body.message).toBe(200);
    expect((await overview()).Requests[0]).toMatchObject({
      State: 'returned',
      DecisionReason: '请附上担保材料',
    });
    const resubmitted = await decide('resubmit', 'ops', {
      CreditLimit: raised,
      RequestReason: '已附担保材料',
    });
    expect(resubmitted.status, resubmitted.body.message).toBe(200);
    expect((await decide('agree', 'finance')).status).toBe(200);
    expect(await storedLimit()).toBe(raised);
    const history = (await overview()).Requests;
    expect(history.map((r) => r.State)).toEqual(['approved', 'approved']);
    expect(history[0]).toMatchObject({ RequestReason: '已附担保材料', Requested: { CreditLimit: raised } });

    const accepted = await t.post('/orderApproval/submit', { ObjectID: orderId }, tokens.rsp);
    expect(accepted.status, accepted.body.message).toBe(200);
  });

  it('is refused to whoever the chart does not name: finance does not ask, sales operations do not decide', async () => {
    const byFinance = await ask({ CreditLimit: '1000.00' }, 'finance');
    expect(byFinance.status).toBe(403);
    expect((await overview('finance')).MayRequest).toBe(false);
    expect((await ask({ CreditLimit: '2000.00' })).status).toBe(200);
    const byOps = await decide('agree', 'ops');
    expect(byOps.status).toBe(403);
    expect(byOps.body.message).toContain('财务');
    expect((await decide('reject', 'finance', { reason: '额度已足够' })).status).toBe(200);
    expect((await overview()).Requests[0]).toMatchObject({ State: 'rejected', DecisionReason: '额度已足够' });
    expect(yuanToFen(String(await storedLimit()))).toBe(owed + 100_000_000);
  });

  it('never writes the limit from the agent record: the update names the field', async () => {
    const stored = await sql<{ version: number }>`select version from customer
      where object_id = ${rsp.id}`.execute(db());
    const Version = stored.rows[0].version;
    for (const field of ['ExtCreditLimit_SDK', 'ExtPartnerCreditLimit_SDK']) {
      const edited = await t.post(
        '/customer/update',
        { PageID: 'customers.rspEdit', ObjectID: rsp.id, Version, [field]: '60000000.00' },
        tokens.ops,
      );
      expect(edited.status).toBe(400);
      expect(edited.body.message).toContain(
        field === 'ExtCreditLimit_SDK' ? '自有品牌授信额度' : '合作品牌授信额度',
      );
    }
    expect(yuanToFen(String(await storedLimit()))).toBe(owed + 100_000_000);
  });

  it('refuses malformed amounts and a missing reason naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ CreditLimit: 'abc' }, '自有品牌授信额度'],
      [{ CreditLimit: '-5.00' }, '自有品牌授信额度'],
      [{ CreditLimit: '10.005' }, '自有品牌授信额度'],
      [{ CreditLimit: 1000 }, '自有品牌授信额度'],
      [{ CreditLimit: '1000.00', PartnerCreditLimit: '1e5' }, '合作品牌授信额度'],
      [{ CreditLimit: '1000.00', RequestReason: '  ' }, '申请原因'],
    ];
    for (const [body, label] of cases) {
      const refused = await ask(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message).toContain(label);
    }
  });

  it('shows another company nothing: an agent asking about another company’s agent is refused without its name', async () => {
    const record = await t.post('/customer/getOne', { ObjectID: other.id }, tokens.rsp);
    expect([403, 404], 'the agent record is out of the RSP’s scope').toContain(record.status);
    const read = await t.post('/customer/creditLimits', { ObjectID: other.id }, tokens.rsp);
    expect([403, 404]).toContain(read.status);
    expect(JSON.stringify(read.body)).not.toContain(other.name);
    const asked = await t.post(
      '/customer/requestCreditLimit',
      { ObjectID: other.id, CreditLimit: '1.00', RequestReason: 'x' },
      tokens.rsp,
    );
    expect([403, 404]).toContain(asked.status);
    const unknown = await ask({ CreditLimit: '1.00' }, 'ops', '00000000-0000-4000-8000-000000000099');
    expect(unknown.status).toBe(404);
  });

  it('keeps the books: the limit is the last approved request’s', async () => {
    const books = await checkBooks(db(), (key) => key === 'agents.limitIsLastApproved');
    expect(books.checks.map((c) => [c.key, c.total])).toEqual([['agents.limitIsLastApproved', 0]]);
    await sql`update customer set data = data || '{"ExtCreditLimit_SDK": "1.00"}'::jsonb
      where object_id = ${rsp.id}`.execute(db());
    const broken = await checkBooks(db(), (key) => key === 'agents.limitIsLastApproved');
    expect(broken.checks[0].total).toBe(1);
    await sql`update customer set data = data || ${JSON.stringify({ ExtCreditLimit_SDK: ((owed + 100_000_000) / 100).toFixed(2) })}::jsonb
      where object_id = ${rsp.id}`.execute(db());
  });
});
