import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { startTestApp, type TestApp } from './harness';

/**
 * Order changes (machines/workflows/order-change.workflow.ts, server/orders/order-change.*): asked by
 * one side, confirmed by the other, approved when the amount rises by more than 10 % or a unit price
 * falls, applied as the order's next revision with the old one kept read-only.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let product: { code: string; name: string; price: string };
type Order = { ObjectID: string; OrderNo: string; Version: number; OrderAmount: string };

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const above = (yuan: string, plus: number) => fenToYuanString(yuanToFen(yuan) + plus * 100);

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

/** An effective order of the RSP: entered by its staff, approved by sales operations (the small band). */
async function effectiveOrder(quantity: number, unitPrice?: string, agent = rsp.name): Promise<Order> {
  // The RSP enters its own orders; sales operations another agent's.
  const entering = agent === rsp.name ? 'rsp' : 'ops';
  const created = await call(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent,
      EndUserName: 'End user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.code, Quantity: quantity, UnitPrice: unitPrice }],
    },
    entering,
  );
  if (created.status !== 200) throw new Error(`order: ${created.body.message}`);
  const o = created.body.results as Order;
  await call('/orderApproval/submit', { ObjectID: o.ObjectID }, entering);
  const agreed = await call('/workflow/decide', {
    workflow: 'orderApproval',
    ObjectID: o.ObjectID,
    command: 'agree',
    payload: {},
  });
  if (agreed.body.results?.State !== 'approved') throw new Error(`approve: ${agreed.body.message}`);
  return o;
}

const ask = (
  orderNo: string,
  lines: unknown[] | undefined,
  who = 'rsp',
  extra: Record<string, unknown> = {},
) =>
  call(
    '/orderChange/create',
    {
      PageID: 'ordersSetup.orderChangeEdit',
      OrderNo: orderNo,
      ChangeType: '101',
      ChangeReason: 'The end user needs more units',
      ...(lines ? { Lines: lines } : {}),
      ...extra,
    },
    who,
  );
const decide = (id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow: 'orderChange', ObjectID: id, command, payload }, who);
const orderRow = (id: string) =>
  one<{ no: string; amount: string; status: string }>(sql`select order_no as no, order_amount::text as amount,
    approval_status as status from sales_order where object_id = ${id}`);
const lineQuantities = async (id: string) =>
  (
    await sql<{
      q: number;
    }>`select quantity as q from order_item where order_id = ${id} order by line_no`.execute(db())
  ).rows.map((r) => r.q);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  product = await one(sql`select product_code as code, name, standard_price::text as price from product
    where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
    order by product_code limit 1`);
  // Thirty days' credit with a large limit: the test orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${rsp.id}`.execute(db());
});
afterAll(() => t?.close());

describe('the demo order changes', () => {
  it('were entered through the service: one applied with its -1 revision, one awaiting the CCP', async () => {
    const rows = await sql<{
      status: string;
      revision: string | null;
      state: string;
    }>`select c.change_status as status,
        c.revision_no as revision, s.status as state from order_change c
      join workflow_stream s on s.subject_id = c.object_id order by c.change_no`.execute(db());
    expect(rows.rows.map((r) => [r.status, r.state])).toEqual([
      ['131', 'applied'],
      ['111', 'awaitingConfirmation'],
    ]);
    const revision = rows.rows[0].revision ?? '';
    expect(revision).toMatch(/^DD\d{12}-1$/);
    const old = await one<{ status: string }>(sql`select approval_status as status from sales_order
      where order_no = ${revision.replace(/-1$/, '')}`);
    expect(old.status).toBe('161');
    const inbox = await call(
      '/orderChange/search',
      { PageID: 'ordersSetup.orderChangeConfirm', AwaitingMe: 1 },
      'ccp',
    );
    expect(inbox.body.results.map((r: { OrderNo: string }) => r.OrderNo)).toEqual([revision]);
  });
});

describe('a change asked by the agent and confirmed by sales operations', () => {
  it('makes revision -1 with the new lines, keeps the old revision read-only and shows its history', async () => {
    const o = await effectiveOrder(10);
    const asked = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 11 }]);
    expect(asked.status, asked.body.message).toBe(200);
    const change = asked.body.results;
    expect(change.ChangeNo).toMatch(/^BG\d{12}$/);
    expect(change.ChangeStatus).toBe('101');
    expect(yuanToFen(change.AmountAfter) - yuanToFen(change.AmountBefore)).toBe(yuanToFen(product.price));
    const submitted = await decide(change.ObjectID, 'submit', 'rsp');
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.results.State).toBe('awaitingConfirmation');
    expect(submitted.body.results.Decider).toEqual({ Role: 'JS013', PersonName: null });
    // The side that asked does not confirm its own change.
    expect((await decide(change.ObjectID, 'confirm', 'rsp')).status).toBe(403);
    const confirmed = await decide(change.ObjectID, 'confirm', 'ops', { comment: 'Stock is there' });
    expect(confirmed.status, confirmed.body.message).toBe(200);
    // Ten per cent more is not more than ten per cent: no approval.
    expect(confirmed.body.results.State).toBe('applied');
    const now = await orderRow(o.ObjectID);
    expect(now.no).toBe(`${o.OrderNo}-1`);
    expect(now.status).toBe('121');
    expect(yuanToFen(now.amount)).toBe(yuanToFen(o.OrderAmount) + yuanToFen(product.price));
    expect(await lineQuantities(o.ObjectID)).toEqual([11]);
    const old = await one<{ id: string; status: string; by: string }>(sql`select object_id::text as id,
      approval_status as status, data->>'SupersededBy' as by from sales_order where order_no = ${o.OrderNo}`);
    expect(old).toMatchObject({ status: '161', by: `${o.OrderNo}-1` });
    expect(await lineQuantities(old.id)).toEqual([10]);
    // The old revision takes no change: 409 naming the revision that replaced it.
    const late = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 12 }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toContain(`${o.OrderNo}-1`);
    const read = await call('/orderChange/getOne', { ObjectID: change.ObjectID }, 'rsp');
    expect(read.body.results[0]).toMatchObject({ ChangeStatus: '131', RevisionNo: `${o.OrderNo}-1` });
    expect(read.body.results[0].ConfirmedByName).toBeTruthy();
    expect(read.body.results[0].History.map((h: { Type: string }) => h.Type)).toEqual([
      'change.submit',
      'change.confirm',
    ]);
  });
});

describe('a change asked by sales operations', () => {
  it('is confirmed by the agent and approved along the chain when a unit price falls; then -2 follows', async () => {
    const o = await effectiveOrder(3, above(product.price, 100));
    const asked = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 3, UnitPrice: product.price }], 'ops', {
      ChangeType: '111',
    });
    expect(asked.status, asked.body.message).toBe(200);
    const id = asked.body.results.ObjectID;
    await decide(id, 'submit', 'ops');
    // Another agent's staff do not even see it; the agent's own staff confirm it.
    expect((await decide(id, 'confirm', 'ccp')).status).toBe(404);
    const confirmed = await decide(id, 'confirm', 'rsp');
    expect(confirmed.body.results.State).toBe('inApproval');
    expect(confirmed.body.results.Decider.Role).toBe('JS013');
    expect((await orderRow(o.ObjectID)).no).toBe(o.OrderNo);
    expect((await decide(id, 'agree', 'finance')).status).toBe(403);
    const agreed = await decide(id, 'agree', 'ops');
    expect(agreed.body.results.State).toBe('applied');
    expect(await orderRow(o.ObjectID)).toMatchObject({ no: `${o.OrderNo}-1` });
    const again = await ask(`${o.OrderNo}-1`, [{ LineNo: 1, Quantity: 4 }], 'rsp');
    await decide(again.body.results.ObjectID, 'submit', 'rsp');
    // A third more than the revision before: more than ten per cent, so approved first.
    expect((await decide(again.body.results.ObjectID, 'confirm', 'ops')).body.results.State).toBe(
      'inApproval',
    );
    expect((await decide(again.body.results.ObjectID, 'agree', 'ops')).body.results.State).toBe('applied');
    expect((await orderRow(o.ObjectID)).no).toBe(`${o.OrderNo}-2`);
    const revisions = await sql<{
      no: string;
      status: string;
    }>`select order_no as no, approval_status as status
      from sales_order where order_no like ${`${o.OrderNo}%`} order by order_no`.execute(db());
    expect(revisions.rows).toEqual([
      { no: o.OrderNo, status: '161' },
      { no: `${o.OrderNo}-1`, status: '161' },
      { no: `${o.OrderNo}-2`, status: '121' },
    ]);
  });
});

describe('what a change may not do', () => {
  it('never reduces a line below its shipped quantity, nor removes a shipped line', async () => {
    const o = await effectiveOrder(4);
    const shipped = await call('/shipment/ship', {
      ObjectID: o.ObjectID,
      Version: (
        await one<{ v: number }>(sql`select version as v from sales_order where object_id = ${o.ObjectID}`)
      ).v,
      Lines: [{ LineNo: 1, Quantity: 3, SerialNumbers: ['CHG-SN-1', 'CHG-SN-2', 'CHG-SN-3'] }],
    });
    expect(shipped.status, shipped.body.message).toBe(200);
    const below = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 2 }]);
    expect(below.status).toBe(400);
    expect(below.body.message).toContain('3');
    expect(below.body.message).toMatch(/第1行/);
    const removed = await ask(o.OrderNo, [{ ProductCode: product.code, Quantity: 5 }]);
    expect(removed.status).toBe(400);
    expect((await ask(o.OrderNo, [{ LineNo: 1, Quantity: 3 }])).status).toBe(200);
  });

  it('never brings the payable amount below what invoice applications hold of the order', async () => {
    const o = await effectiveOrder(2);
    const receipt = await call(
      '/payment/create',
      {
        PageID: 'ordersSetup.paymentEdit',
        AgentName: rsp.name,
        PayerName: rsp.name,
        PaymentMethod: '101',
        PaymentAmount: o.OrderAmount,
        PaymentDate: '2026-11-21',
      },
      'finance',
    );
    await call(
      '/payment/allocate',
      {
        ObjectID: receipt.body.results.ObjectID,
        Version: receipt.body.results.Version,
        Allocations: [{ OrderNo: o.OrderNo, AllocatedAmount: o.OrderAmount }],
      },
      'finance',
    );
    await call(
      '/workflow/decide',
      { workflow: 'paymentApproval', ObjectID: receipt.body.results.ObjectID, command: 'agree', payload: {} },
      'finance',
    );
    const invoice = await call('/invoice/create', {
      PageID: 'ordersSetup.invoiceEdit',
      InvoiceType: '101',
      Lines: [{ OrderNo: o.OrderNo, InvoiceAmount: o.OrderAmount }],
    });
    expect(invoice.status, invoice.body.message).toBe(200);
    const lower = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 1 }]);
    expect(lower.status).toBe(400);
    expect(lower.body.field).toBe('AmountAfter');
    expect(lower.body.message).toContain('已开票');
  });

  it("is not asked by an RSP for its CCP's order, though the RSP sees it", async () => {
    const ccp = await one<{ id: string; name: string }>(sql`select object_id::text as id, name from customer
      where status = '161' and customer_type = '121' and object_id <> ${rsp.id} order by account_id limit 1`);
    // The CCP is supplied by the RSP (DOMAIN.md "Channel and roles"), on terms that let its order pass.
    await sql`update customer set parent_id = ${rsp.id}, data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
      where object_id = ${ccp.id}`.execute(db());
    const o = await effectiveOrder(2, undefined, ccp.name);
    expect(
      (await call('/order/search', { PageID: 'ordersSetup.ownLineOrders', OrderNo: o.OrderNo }, 'rsp')).body
        .results,
    ).toHaveLength(1);
    const refused = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 3 }], 'rsp');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(`订单 ${o.OrderNo} 不是本公司的订单`);
    const none = await one<{ n: number }>(
      sql`select count(*)::int as n from order_change where order_id = ${o.ObjectID}`,
    );
    expect(none.n).toBe(0);
  });

  it('is asked only by the agent or sales operations, within scope, one at a time, edited on the version seen', async () => {
    const o = await effectiveOrder(2);
    expect((await ask(o.OrderNo, undefined, 'finance')).status).toBe(403);
    expect((await ask(o.OrderNo, undefined, 'ccp')).status).toBe(404);
    // Priced as entry prices: a new line below the standard price is refused, naming the line.
    const cheap = await ask(o.OrderNo, [
      { LineNo: 1, Quantity: 2 },
      { ProductCode: product.code, Quantity: 1, UnitPrice: '1.00' },
    ]);
    expect(cheap.status).toBe(400);
    expect(cheap.body.message).toMatch(/第2行/);
    const asked = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 3 }]);
    const change = asked.body.results;
    // One open change per order: a second is refused, naming the open one.
    const second = await ask(o.OrderNo, [{ LineNo: 1, Quantity: 1 }], 'ops');
    expect(second.status).toBe(409);
    expect(second.body.message).toContain(change.ChangeNo);
    const edited = await call(
      '/orderChange/update',
      {
        ObjectID: change.ObjectID,
        Version: change.Version,
        Lines: [{ LineNo: 1, Quantity: 2 }],
        ChangeType: '101',
      },
      'rsp',
    );
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.results.Lines).toEqual([
      {
        LineNo: 1,
        ProductCode: product.code,
        ProductName: product.name,
        Quantity: 2,
        UnitPrice: product.price,
      },
    ]);
    const stale = await call(
      '/orderChange/update',
      { ObjectID: change.ObjectID, Version: change.Version, Lines: [{ LineNo: 1, Quantity: 4 }] },
      'rsp',
    );
    expect(stale.status).toBe(409);
    // Sales operations may not edit the agent's change; once submitted nobody may.
    const theirs = await call(
      '/orderChange/update',
      { ObjectID: change.ObjectID, Version: edited.body.results.Version, ChangeReason: 'Other' },
      'ops',
    );
    expect(theirs.status).toBe(403);
    await decide(change.ObjectID, 'submit', 'rsp');
    const locked = await call(
      '/orderChange/update',
      { ObjectID: change.ObjectID, Version: edited.body.results.Version + 1, ChangeReason: 'Other' },
      'rsp',
    );
    expect(locked.status).toBe(409);
    // Withdrawn, it no longer blocks a new one.
    expect((await decide(change.ObjectID, 'withdraw', 'rsp')).body.results.State).toBe('withdrawn');
    expect((await ask(o.OrderNo, [{ LineNo: 1, Quantity: 1 }], 'ops')).status).toBe(200);
  });
});
