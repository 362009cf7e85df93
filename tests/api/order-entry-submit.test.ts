import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * An order is saved and submitted from its entry form in one request (/order/submit, through the
 * approval's one submission), its entry form asks what it may do (/orderApproval/options), and the
 * lines of an order change only while it is a draft or returned — tried as an attacker would.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const agents: Record<'rsp' | 'ccp', { id: string; name: string }> = {} as never;
let products: { code: string; price: string }[];

const db = () => t.database.db;
type Order = {
  ObjectID: string;
  OrderNo: string;
  Version: number;
  ApprovalStatus: string;
  OrderAmount: string;
};

const header = (who: 'rsp' | 'ccp') => ({
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
});
const oneLine = (quantity: number | string = 1, at = 0) => [
  { ProductCode: products[at].code, Quantity: quantity },
];
const post = (path: string, body: unknown, who = 'rsp') => t.post(path, body, tokens[who]);
const options = (id: string | undefined, who = 'rsp') =>
  post('/orderApproval/options', id ? { ObjectID: id } : {}, who);
const offersSubmit = async (id: string | undefined, who = 'rsp') =>
  (await options(id, who)).body.results.Commands.some((c: { Name: string }) => c.Name === 'submit');
const decide = (id: string, who: string, command: string, payload = {}) =>
  post('/workflow/decide', { workflow: 'orderApproval', ObjectID: id, command, payload }, who);
const current = async (id: string) =>
  (await post('/order/getOne', { ObjectID: id })).body.results[0] as Order & Record<string, unknown>;
const linesOf = async (id: string) =>
  (await post('/order/lines', { ObjectID: id })).body.results as { ProductCode: string; Quantity: number }[];

async function draft(who: 'rsp' | 'ccp' = 'rsp') {
  const created = await post('/order/create', { ...header(who), Lines: oneLine() }, who);
  expect(created.status, created.body.message).toBe(200);
  return created.body.results as Order;
}

async function setCreditLimit(who: 'rsp' | 'ccp', limitYuan: string | null) {
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: limitYuan })}::jsonb
    where object_id = ${agents[who].id}`.execute(db());
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  for (const who of ['rsp', 'ccp'] as const) {
    const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
      join customer c on c.object_id = e.company_id where e.username = ${who}`.execute(db());
    agents[who] = row.rows[0];
  }
  products = (
    await sql<{ code: string; price: string }>`select product_code as code, standard_price::text as price
      from product where standard_price >= 100 and coalesce(category, '') <> '181'
      order by product_code limit 2`.execute(db())
  ).rows;
  await setCreditLimit('rsp', '100000000.00');
});
afterAll(() => t?.close());

describe('saving and submitting from the entry form', () => {
  it('enters a new order and submits it in one request, as the approval query would', async () => {
    expect(await offersSubmit(undefined)).toBe(true);
    const submitted = await post('/order/submit', { ...header('rsp'), Lines: oneLine(2) });
    expect(submitted.status, submitted.body.message).toBe(200);
    // The person reads words, never the message's key.
    expect(submitted.body.message).toBe('订单已提交审批');
    const order = submitted.body.results as Order;
    expect(order.ApprovalStatus).toBe('111');
    expect(await offersSubmit(order.ObjectID)).toBe(false);
    // Submitted, it is the approvers' now: its lines and header are refused, naming what was sent.
    const lines = await post('/order/update', {
      ObjectID: order.ObjectID,
      Version: order.Version,
      Lines: oneLine(5),
    });
    expect([lines.status, lines.body.field, lines.body.message]).toEqual([
      409,
      'Lines',
      '明细只能在订单为草稿或已退回时修改',
    ]);
    const remark = await post('/order/update', {
      ObjectID: order.ObjectID,
      Version: order.Version,
      Remark: 'x',
    });
    expect([remark.status, remark.body.field]).toEqual([409, 'Remark']);
    expect((await linesOf(order.ObjectID))[0].Quantity).toBe(2);
    // A second submission through the form is refused by the workflow, not taken twice.
    expect((await post('/order/submit', { ObjectID: order.ObjectID, Version: order.Version })).status).toBe(
      409,
    );
  });

  it('saves a draft’s changed lines with its header and submits it; an unchanged draft is submitted as it is', async () => {
    const order = await draft();
    expect(await offersSubmit(order.ObjectID)).toBe(true);
    const submitted = await post('/order/submit', {
      PageID: 'ordersSetup.selfBuiltOrder',
      ObjectID: order.ObjectID,
      Version: order.Version,
      Remark: 'Urgent',
      Lines: [...oneLine(3), ...oneLine(1, 1)],
    });
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.results.Remark).toBe('Urgent');
    expect((await linesOf(order.ObjectID)).map((l) => l.Quantity)).toEqual([3, 1]);

    const plain = await draft();
    const stale = await post('/order/submit', { ObjectID: plain.ObjectID, Version: plain.Version + 1 });
    expect(stale.status).toBe(409);
    const asItIs = await post('/order/submit', { ObjectID: plain.ObjectID, Version: plain.Version });
    expect([asItIs.status, asItIs.body.results.ApprovalStatus]).toEqual([200, '111']);
  });

  it('leaves nothing written when the submission is refused: no new order, a draft as it was', async () => {
    const before = await draft();
    await setCreditLimit('rsp', '1.00');
    try {
      const count = async () =>
        (await sql<{ n: number }>`select count(*)::int as n from sales_order`.execute(db())).rows[0].n;
      const orders = await count();
      const refused = await post('/order/submit', { ...header('rsp'), Lines: oneLine() });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('授信额度');
      expect(await count()).toBe(orders);
      const edited = await post('/order/submit', {
        ObjectID: before.ObjectID,
        Version: before.Version,
        Lines: oneLine(7),
      });
      expect(edited.status).toBe(409);
      const after = await current(before.ObjectID);
      expect([after.Version, after.ApprovalStatus]).toEqual([before.Version, '101']);
      expect((await linesOf(before.ObjectID))[0].Quantity).toBe(1);
      // A missing field is named as the form labels it, and nothing is entered either.
      const missing = await post('/order/submit', { ...header('rsp'), EndUserName: '', Lines: oneLine() });
      expect([missing.status, missing.body.field]).toEqual([400, 'EndUserName']);
      expect(await count()).toBe(orders);
    } finally {
      await setCreditLimit('rsp', '100000000.00');
    }
  });

  it('edits a returned order’s lines and resubmits it under the same number', async () => {
    const order = await draft();
    await post('/order/submit', { ObjectID: order.ObjectID, Version: order.Version });
    expect((await decide(order.ObjectID, 'ops', 'return', { reason: 'Wrong quantity' })).status).toBe(200);
    const returned = await current(order.ObjectID);
    expect([returned.ApprovalStatus, returned.ApprovalReason]).toEqual(['171', 'Wrong quantity']);
    expect(await offersSubmit(order.ObjectID)).toBe(true);
    // The approver may not submit it; only its applicant is offered to.
    expect(await offersSubmit(order.ObjectID, 'ops')).toBe(false);
    const resubmitted = await post('/order/submit', {
      PageID: 'ordersSetup.selfBuiltOrder',
      ObjectID: order.ObjectID,
      Version: returned.Version,
      Lines: oneLine(4),
    });
    expect(resubmitted.status, resubmitted.body.message).toBe(200);
    expect([resubmitted.body.results.OrderNo, resubmitted.body.results.ApprovalStatus]).toEqual([
      order.OrderNo,
      '111',
    ]);
    expect((await linesOf(order.ObjectID))[0].Quantity).toBe(4);
  });
});

describe('line edits tried as an attacker', () => {
  it('does not reach another company’s order, to read, edit or submit it', async () => {
    const theirs = await draft('rsp');
    expect((await options(theirs.ObjectID, 'ccp')).status).toBe(404);
    const edit = { ObjectID: theirs.ObjectID, Version: theirs.Version, Lines: oneLine(9) };
    expect((await post('/order/update', edit, 'ccp')).status).toBe(404);
    expect((await post('/order/submit', edit, 'ccp')).status).toBe(404);
    expect((await post('/order/lines', { ObjectID: theirs.ObjectID }, 'ccp')).status).toBe(404);
    expect((await linesOf(theirs.ObjectID))[0].Quantity).toBe(1);
    expect((await current(theirs.ObjectID)).ApprovalStatus).toBe('101');
  });

  it('refuses huge and malformed quantities and lines with 400 naming the line, and keeps the draft', async () => {
    const order = await draft();
    for (const Lines of [
      oneLine(1_000_001),
      oneLine(-1),
      oneLine('1e3'),
      oneLine(1.5),
      oneLine('9'.repeat(400)),
      [{ ProductCode: 'NO-SUCH-PART', Quantity: 1 }],
      [],
      'lines',
      [null],
      Array.from({ length: 201 }, () => oneLine()[0]),
    ]) {
      const refused = await post('/order/update', {
        ObjectID: order.ObjectID,
        Version: order.Version,
        Lines,
      });
      expect(refused.status, JSON.stringify(Lines).slice(0, 60)).toBe(400);
      expect(refused.body.message).not.toMatch(/Quantity|Lines|ProductCode/);
    }
    const quantity = await post('/order/update', {
      ObjectID: order.ObjectID,
      Version: order.Version,
      Lines: oneLine(1_000_001),
    });
    expect(quantity.body.message).toBe('第1行：数量须为 1 到 1000000 的整数');
    expect((await current(order.ObjectID)).Version).toBe(order.Version);
    expect((await linesOf(order.ObjectID))[0].Quantity).toBe(1);
  });
});
