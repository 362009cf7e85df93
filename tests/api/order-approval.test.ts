import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * Order approval (machines/workflows/order-approval.workflow.ts): submitted orders are decided along
 * the chain of their type and amount band, with the credit checks at submission and at release.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<'rsp' | 'ccp', { id: string; name: string }> = {} as never;
let product: { code: string; fen: bigint };

const db = () => t.database.db;

/** A quantity of the test product bringing an order to at least `fen`. */
const quantityFor = (fen: bigint) => Number((fen + product.fen - 1n) / product.fen);

async function order(who: 'rsp' | 'ccp', atLeastFen: bigint) {
  const { status, body } = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agents[who].name,
      EndUserName: 'End user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.code, Quantity: quantityFor(atLeastFen) }],
    },
    tokens[who],
  );
  expect(status, body.message).toBe(200);
  return body.results as { ObjectID: string; OrderNo: string; Version: number; OrderAmount: string };
}

const submit = (id: string, who = 'rsp', extra: Record<string, unknown> = {}) =>
  t.post('/orderApproval/submit', { ObjectID: id, ...extra }, tokens[who]);
const decide = (id: string, who: string, command: string, payload = {}, WorkflowVersion?: number) =>
  t.post(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: id, command, payload, WorkflowVersion },
    tokens[who],
  );
const approvalPage = (id: string, who: string) =>
  t.post('/orderApproval/getOne', { ObjectID: id }, tokens[who]);
const statusOf = async (id: string) =>
  (
    await sql<{ s: string }>`select approval_status as s from sales_order where object_id = ${id}`.execute(
      db(),
    )
  ).rows[0].s;

async function setCredit(who: 'rsp' | 'ccp', terms: string, limitYuan: string | null) {
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: terms, ExtCreditLimit_SDK: limitYuan })}::jsonb
    where object_id = ${agents[who].id}`.execute(db());
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const who of ['rsp', 'ccp'] as const) {
    const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = ${who}`.execute(db());
    agents[who] = row.rows[0];
  }
  const found = await sql<{
    code: string;
    price: string;
  }>`select product_code as code, standard_price::text as price
    from product where standard_price >= 1000 and coalesce(category, '') <> '181'
    order by standard_price desc, product_code limit 1`.execute(db());
  product = { code: found.rows[0].code, fen: BigInt(found.rows[0].price.replace('.', '')) };
  // The RSP orders on 30 days' credit with a large limit; the CCP pays before delivery.
  await setCredit('rsp', '111', '100000000.00');
  await setCredit('ccp', '101', null);
});
afterAll(() => t?.close());

describe('an order through its approval chain', () => {
  it('is submitted by its agent and decided step by step to effective, with its history', async () => {
    const o = await order('rsp', 600_000_00n);
    const submitted = await submit(o.ObjectID, 'rsp', { Version: o.Version });
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.results.State).toBe('inApproval');
    expect(submitted.body.results.Decider).toEqual({ Role: 'JS013', PersonName: null });
    expect(await statusOf(o.ObjectID)).toBe('111');
    // The band above 500,000 yuan: sales ops, then finance.
    const page = await approvalPage(o.ObjectID, 'ops');
    expect(page.body.results.Chain).toEqual(['JS013', 'JS014']);
    expect(page.body.results.Lines).toHaveLength(1);
    expect(page.body.results.Approval.Commands.map((c: { Name: string }) => c.Name)).toContain('agree');
    // Finance may not decide the first step; sales ops may.
    const early = await decide(o.ObjectID, 'finance', 'agree');
    expect(early.status).toBe(403);
    const first = await decide(o.ObjectID, 'ops', 'agree', {}, submitted.body.results.WorkflowVersion);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.results.Decider.Role).toBe('JS014');
    // A decision on the version before that one lost the race.
    const stale = await decide(o.ObjectID, 'finance', 'agree', {}, submitted.body.results.WorkflowVersion);
    expect(stale.status).toBe(409);
    const last = await decide(o.ObjectID, 'finance', 'agree', {}, first.body.results.WorkflowVersion);
    expect(last.status, last.body.message).toBe(200);
    expect(last.body.results.State).toBe('approved');
    expect(await statusOf(o.ObjectID)).toBe('121');
    const after = await approvalPage(o.ObjectID, 'rsp');
    expect(after.body.results.History.map((h: { Type: string }) => h.Type)).toEqual([
      'application.submit',
      'approval.agree',
      'approval.agree',
    ]);
  });

  it('takes the chain of the band its amount falls in', async () => {
    const small = await order('rsp', 1_000_00n);
    const large = await order('rsp', 2_000_001_00n);
    await submit(small.ObjectID);
    await submit(large.ObjectID);
    expect((await approvalPage(small.ObjectID, 'ops')).body.results.Chain).toEqual(['JS013']);
    expect((await approvalPage(large.ObjectID, 'ops')).body.results.Chain).toEqual([
      'JS013',
      'JS014',
      'JS017',
    ]);
    // The small order is decided by sales ops alone.
    expect((await decide(small.ObjectID, 'ops', 'agree')).body.results.State).toBe('approved');
  });

  it('lists what awaits the caller on the approval query (the to-do lens), within scope', async () => {
    const o = await order('rsp', 1_000_00n);
    await submit(o.ObjectID);
    const lens = { PageID: 'ordersSetup.approvalQuery', AwaitingMe: 1, OrderNo: o.OrderNo, pageSize: 10 };
    const ops = await t.post('/order/search', lens, tokens.ops);
    expect(ops.body.results.map((r: { OrderNo: string }) => r.OrderNo)).toEqual([o.OrderNo]);
    const finance = await t.post('/order/search', lens, tokens.finance);
    expect(finance.body.results).toEqual([]);
    // Decided, it waits for no one: it leaves the lens at once.
    expect((await decide(o.ObjectID, 'ops', 'agree')).body.results.State).toBe('approved');
    expect((await t.post('/order/search', lens, tokens.ops)).body.results).toEqual([]);
  });

  it('is returned to the applicant, who resubmits it; rejected with a reason only', async () => {
    const o = await order('rsp', 1_000_00n);
    await submit(o.ObjectID);
    expect((await decide(o.ObjectID, 'ops', 'return', { reason: ' ' })).status).toBe(400);
    const returned = await decide(o.ObjectID, 'ops', 'return', { reason: 'Wrong address' });
    expect(returned.body.results.State).toBe('returned');
    // 已退回, not 草稿: it came back with a reason, and it is in its applicant's to-do, no one else's.
    expect(await statusOf(o.ObjectID)).toBe('171');
    const lens = { PageID: 'ordersSetup.approvalQuery', AwaitingMe: 1, OrderNo: o.OrderNo, pageSize: 10 };
    const mine = await t.post('/order/search', lens, tokens.rsp);
    expect(mine.body.results.map((r: { OrderNo: string }) => r.OrderNo)).toEqual([o.OrderNo]);
    expect(mine.body.results[0].ApprovalReason).toBe('Wrong address');
    expect((await t.post('/order/search', lens, tokens.ops)).body.results).toEqual([]);
    // The applicant corrects the returned order before submitting it again.
    const { rows } = await sql<{ v: number }>`select version as v from sales_order
      where object_id = ${o.ObjectID}`.execute(db());
    const corrected = await t.post(
      '/order/update',
      { ObjectID: o.ObjectID, Version: rows[0].v, ReceiverAddress: 'Gulou District No. 2' },
      tokens.rsp,
    );
    expect(corrected.status, corrected.body.message).toBe(200);
    expect((await submit(o.ObjectID, 'ops')).status).toBe(403);
    expect((await submit(o.ObjectID)).body.results.State).toBe('inApproval');
    expect((await decide(o.ObjectID, 'ops', 'reject', {})).status).toBe(400);
    const rejected = await decide(o.ObjectID, 'ops', 'reject', { reason: 'Duplicate order' });
    expect(rejected.body.results.State).toBe('rejected');
    expect(await statusOf(o.ObjectID)).toBe('131');
  });

  it('is withdrawn only before the first decision, and cancelled with a reason', async () => {
    const o = await order('rsp', 600_000_00n);
    await submit(o.ObjectID);
    const back = await decide(o.ObjectID, 'rsp', 'withdraw');
    expect(back.body.results.State).toBe('withdrawn');
    expect(await statusOf(o.ObjectID)).toBe('101');
    await submit(o.ObjectID);
    await decide(o.ObjectID, 'ops', 'agree');
    const late = await decide(o.ObjectID, 'rsp', 'withdraw');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('审批人已处理，订单不能再撤回');
    await decide(o.ObjectID, 'finance', 'agree');
    expect((await decide(o.ObjectID, 'rsp', 'cancel', { reason: 'No longer needed' })).status).toBe(403);
    const cancelled = await decide(o.ObjectID, 'ops', 'cancel', { reason: 'Customer cancelled' });
    expect(cancelled.body.results.State).toBe('cancelled');
    expect(await statusOf(o.ObjectID)).toBe('141');
  });

  it('offers a draft’s first commands on its record page, and its approval begins with the one sent', async () => {
    const o = await order('rsp', 1_000_00n);
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: o.ObjectID },
      tokens.rsp,
    );
    expect(options.body.results.State).toBe('draft');
    expect(options.body.results.Commands.map((c: { Name: string }) => c.Name)).toEqual(['submit', 'cancel']);
    const finance = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: o.ObjectID },
      tokens.finance,
    );
    expect(finance.body.results.Commands).toEqual([]);
    expect((await decide(o.ObjectID, 'finance', 'submit')).status).toBe(403);
    const submitted = await decide(o.ObjectID, 'rsp', 'submit');
    expect(submitted.body.results.State, submitted.body.message).toBe('inApproval');
    expect((await approvalPage(o.ObjectID, 'ops')).body.results.Chain).toEqual(['JS013']);
  });

  it('cancels a draft its applicant gives up, with the reason, keeping it on record', async () => {
    const o = await order('rsp', 1_000_00n);
    const bare = await decide(o.ObjectID, 'rsp', 'cancel');
    expect(bare.status).toBe(400);
    expect(await statusOf(o.ObjectID)).toBe('101');
    const cancelled = await decide(o.ObjectID, 'rsp', 'cancel', { reason: 'Entered twice' });
    expect(cancelled.body.results.State, cancelled.body.message).toBe('cancelled');
    expect(await statusOf(o.ObjectID)).toBe('141');
    const page = await approvalPage(o.ObjectID, 'rsp');
    expect(page.body.results.History.map((h: { Reason: string | null }) => h.Reason)).toEqual([
      'Entered twice',
    ]);
  });

  it('shows a draft whose approval has not started as a draft, not as a missing workflow', async () => {
    const o = await order('rsp', 1_000_00n);
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: o.ObjectID },
      tokens.rsp,
    );
    expect([options.status, options.body.results?.State, options.body.results?.Decider]).toEqual([
      200,
      'draft',
      null,
    ]);
    const foreign = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: o.ObjectID },
      tokens.ccp,
    );
    expect(foreign.status).toBe(404);
  });

  it('is out of reach of another agent (404), as the record is', async () => {
    const o = await order('rsp', 1_000_00n);
    expect((await submit(o.ObjectID, 'ccp')).status).toBe(404);
    await submit(o.ObjectID);
    expect((await decide(o.ObjectID, 'ccp', 'agree')).status).toBe(404);
    expect((await approvalPage(o.ObjectID, 'ccp')).status).toBe(404);
  });
});

describe('credit checks', () => {
  it('refuses an order over the credit limit, naming the limit and the figures', async () => {
    await setCredit('rsp', '111', '1000.00');
    try {
      const o = await order('rsp', 2_000_00n);
      const refused = await submit(o.ObjectID);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('授信额度 1,000.00 元');
      expect(await statusOf(o.ObjectID)).toBe('101');
    } finally {
      await setCredit('rsp', '111', '100000000.00');
    }
  });

  it('releases a prepay agent’s order only once confirmed payment covers it', async () => {
    const o = await order('ccp', 1_000_00n);
    expect((await submit(o.ObjectID, 'ccp')).status).toBe(200);
    const refused = await decide(o.ObjectID, 'ops', 'agree');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('先款后货');
    expect(refused.body.message).toContain(
      `${Number(o.OrderAmount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    // Finance registers the agent's payment, allocates it to the order and confirms it.
    const payment = await t.post(
      '/payment/create',
      {
        PageID: 'ordersSetup.paymentEdit',
        AgentName: agents.ccp.name,
        PayerName: agents.ccp.name,
        PaymentMethod: '101',
        PaymentAmount: o.OrderAmount,
        PaymentDate: '2026-11-21',
        BankSerialNo: 'BANK-PREPAY-1',
      },
      tokens.finance,
    );
    expect(payment.status, payment.body.message).toBe(200);
    const receipt = payment.body.results;
    const allocated = await t.post(
      '/payment/allocate',
      {
        ObjectID: receipt.ObjectID,
        Version: receipt.Version,
        Allocations: [{ OrderNo: o.OrderNo, AllocatedAmount: o.OrderAmount }],
      },
      tokens.finance,
    );
    expect(allocated.status, allocated.body.message).toBe(200);
    // Allocated but not confirmed yet: still not released.
    expect((await decide(o.ObjectID, 'ops', 'agree')).status).toBe(409);
    const confirmed = await t.post(
      '/workflow/decide',
      { workflow: 'paymentApproval', ObjectID: receipt.ObjectID, command: 'agree', payload: {} },
      tokens.finance,
    );
    expect(confirmed.status, confirmed.body.message).toBe(200);
    const released = await decide(o.ObjectID, 'ops', 'agree');
    expect(released.status, released.body.message).toBe(200);
    expect(released.body.results.State).toBe('approved');
  });
});

describe('the order approval configuration', () => {
  const create = (body: Record<string, unknown>) => t.post('/orderApprovalConfig/create', body, tokens.admin);
  const band = { OrderType: '101', MinAmount: '100', MaxAmount: '900', firstRole: 'JS013', Enabled: true };

  it('refuses a band overlapping an enabled one, a ceiling below the floor and a role that cannot approve', async () => {
    const overlap = await create({ ...band, PageID: 'ordersSetup.orderApprovalConfigDetail' });
    expect(overlap.status).toBe(400);
    expect(overlap.body.field).toBe('MinAmount');
    const inverted = await create({
      ...band,
      OrderType: '131',
      MinAmount: '900',
      MaxAmount: '100',
      Enabled: false,
    });
    expect(inverted.body.field).toBe('MaxAmount');
    const agent = await create({ ...band, firstRole: 'JS002', Enabled: false });
    expect(agent.body.field).toBe('firstRole');
    const gap = await create({ ...band, firstRole: 'JS013', thirdRole: 'JS014', Enabled: false });
    expect(gap.body.field).toBe('secondRole');
  });
});
