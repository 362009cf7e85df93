import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { startTestApp, type TestApp } from './harness';
import { type EnteredOrder, enterOrder, makeEffective } from './order-desk';

/**
 * An agent's staff and the money finance records for them: the receipts of their own company, read
 * only (ordersSetup.agentReceipts), and invoice applications for their own effective, paid orders,
 * put before finance like anyone's — the invoice number, date and tracking number stay finance's.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let otherAgent: string;
let product: string;
type Order = EnteredOrder;
let paid: Order;
let otherPaid: Order;
let ownReceipt: string;
let otherReceipt: { ObjectID: string; PaymentNo: string };

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

/** An own-line order of the agent, entered and made effective by sales operations. */
async function order(agent: string): Promise<Order> {
  const entered = await enterOrder(t, tokens.ops, agent, product);
  await makeEffective(t, tokens.ops, entered);
  return entered;
}

/** A receipt for the agent registered, allocated in full to the order and confirmed by finance. */
async function pay(agent: string, o: Order) {
  const r = await call(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: agent,
      PayerName: agent,
      PaymentMethod: '101',
      PaymentAmount: fenToYuanString(fen(o.OrderAmount)),
      PaymentDate: '2026-11-21',
    },
    'finance',
  );
  if (r.status !== 200) throw new Error(`pay: ${r.body.message}`);
  const allocated = await call(
    '/payment/allocate',
    {
      ObjectID: r.body.results.ObjectID,
      Version: r.body.results.Version,
      Allocations: [{ OrderNo: o.OrderNo, AllocatedAmount: o.OrderAmount }],
    },
    'finance',
  );
  if (allocated.status !== 200) throw new Error(`allocate: ${allocated.body.message}`);
  const confirmed = await call(
    '/workflow/decide',
    { workflow: 'paymentApproval', ObjectID: r.body.results.ObjectID, command: 'agree', payload: {} },
    'finance',
  );
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.body.message}`);
  return r.body.results as { ObjectID: string; PaymentNo: string };
}

const apply = (o: Order, extra: Record<string, unknown> = {}, who = 'rsp') =>
  call(
    '/invoice/create',
    { PageID: 'ordersSetup.invoiceEdit', InvoiceType: '101', OrderNo: o.OrderNo, ...extra },
    who,
  );

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  otherAgent = (
    await one<{ name: string }>(sql`select name from customer where status = '161' and customer_type = '111'
      and name <> ${rsp.name} and coalesce(parent_id::text, '') <> ${rsp.id} order by account_id limit 1`)
  ).name;
  product = (
    await one<{ code: string }>(sql`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> '181' order by product_code limit 1`)
  ).code;
  // Both agents order on 30 days' credit with a large limit, so their orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where name in (${rsp.name}, ${otherAgent})`.execute(db());
  paid = await order(rsp.name);
  otherPaid = await order(otherAgent);
  ownReceipt = (await pay(rsp.name, paid)).PaymentNo;
  otherReceipt = await pay(otherAgent, otherPaid);
});
afterAll(() => t?.close());

describe("an agent's receipts", () => {
  it('lists its own company only, with what finance allocated and confirmed', async () => {
    const list = await call('/payment/search', { PageID: 'ordersSetup.agentReceipts', pageSize: 100 }, 'rsp');
    expect(list.status, list.body.message).toBe(200);
    const rows: Record<string, string>[] = list.body.results;
    const mine = rows.find((r) => r.PaymentNo === ownReceipt);
    expect(mine).toMatchObject({
      AllocatedAmount: paid.OrderAmount,
      UnallocatedAmount: '0.00',
      ConfirmStatus: '121',
    });
    expect(rows.map((r) => r.PaymentNo)).not.toContain(otherReceipt.PaymentNo);
    const own = await sql<{ id: string }>`select c.object_id::text as id from customer c
      where c.object_id = ${rsp.id} or c.parent_id = ${rsp.id}`.execute(db());
    const companies = new Set(own.rows.map((r) => r.id));
    const scopes = await sql<{
      no: string;
      company: string;
    }>`select payment_no as no, company_id::text as company
      from payment_receipt where payment_no in (${sql.join(rows.map((r) => r.PaymentNo))})`.execute(db());
    for (const row of scopes.rows) expect(companies.has(row.company), row.no).toBe(true);
  });

  it("opens one of its own, but not another company's (404)", async () => {
    const other = await call('/payment/getOne', { ObjectID: otherReceipt.ObjectID }, 'rsp');
    expect(other.status).toBe(404);
  });

  it('may neither register, edit nor confirm a receipt (403)', async () => {
    const created = await call(
      '/payment/create',
      {
        PageID: 'ordersSetup.paymentEdit',
        AgentName: rsp.name,
        PayerName: rsp.name,
        PaymentMethod: '101',
        PaymentAmount: '10.00',
        PaymentDate: '2026-11-21',
      },
      'rsp',
    );
    expect(created.status).toBe(403);
    const edited = await call('/payment/update', { ObjectID: otherReceipt.ObjectID, Remark: 'x' }, 'rsp');
    expect(edited.status).toBe(403);
    const confirmed = await call(
      '/workflow/decide',
      { workflow: 'paymentApproval', ObjectID: otherReceipt.ObjectID, command: 'agree', payload: {} },
      'rsp',
    );
    expect([403, 404]).toContain(confirmed.status);
  });
});

describe("an agent's invoice application", () => {
  it("is refused on another company's order (404)", async () => {
    expect((await apply(otherPaid)).status).toBe(404);
    expect((await apply(paid, {}, 'ccp')).status).toBe(404);
  });

  it('is refused over what is paid and not yet invoiced, naming the amount', async () => {
    const over = await apply(paid, { InvoiceAmount: fenToYuanString(fen(paid.OrderAmount) + 1) });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(paid.OrderNo);
    expect(JSON.stringify(over.body)).toContain('InvoiceAmount');
  });

  it("is refused when it carries finance's invoice number, date or tracking number", async () => {
    for (const extra of [
      { InvoiceNumber: '12345678' },
      { InvoiceDate: '2026-11-22' },
      { TrackingNo: 'SF1' },
    ]) {
      const refused = await apply(paid, extra);
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(Object.keys(extra)[0]);
    }
  });

  it("goes to finance's to-do; the agent may not record the invoice nor decide", async () => {
    const applied = await apply(paid);
    expect(applied.status, applied.body.message).toBe(200);
    const app = applied.body.results;
    expect(app.AgentName).toBe(rsp.name);
    expect(app.InvoiceAmount).toBe(paid.OrderAmount);
    const mine = await call('/invoice/search', { PageID: 'ordersSetup.invoiceApply', pageSize: 100 }, 'rsp');
    expect(mine.body.results.map((r: { InvoiceApplyNo: string }) => r.InvoiceApplyNo)).toContain(
      app.InvoiceApplyNo,
    );
    const todo = await call(
      '/invoice/search',
      { PageID: 'ordersSetup.invoiceApproval', AwaitingMe: 1, InvoiceApplyNo: app.InvoiceApplyNo },
      'finance',
    );
    expect(todo.body.results.map((r: { InvoiceApplyNo: string }) => r.InvoiceApplyNo)).toEqual([
      app.InvoiceApplyNo,
    ]);
    const recorded = await call(
      '/invoice/update',
      { ObjectID: app.ObjectID, Version: app.Version, InvoiceNumber: '12345678' },
      'rsp',
    );
    expect(recorded.status).toBe(403);
    const decided = await call(
      '/workflow/decide',
      { workflow: 'invoiceApproval', ObjectID: app.ObjectID, command: 'agree', payload: {} },
      'rsp',
    );
    expect([403, 404]).toContain(decided.status);
    const again = await apply(paid);
    expect(again.status).toBe(400);
  });
});
