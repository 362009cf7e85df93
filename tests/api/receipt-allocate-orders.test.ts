import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuanToFen } from '../../domain/money';
import { checkBooks } from '../../server/books/check-books';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
let rspName: string;
let rspId: string;
let farAgent: string;
let product: { code: string; price: string };

const post = (path: string, body: unknown, who = 'finance') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));
const yuan = (f: number) => (f / 100).toFixed(2);

async function one<T>(query: ReturnType<typeof sql<T>>) {
  return (await query.execute(t.database.db)).rows[0] as T;
}

/** An own-line order of an agent entered as sales operations would, with `quantity` of one product. */
async function order(agent: string, quantity = 2) {
  const { status, body } = await post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent,
      EndUserName: '测试最终用户',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: '张收货',
      ReceiverPhone: '13800000000',
      ReceiverAddress: '南京市玄武区一号',
      Lines: [{ ProductCode: product.code, Quantity: quantity }],
    },
    'ops',
  );
  if (status !== 200) throw new Error(`order: ${body.message}`);
  return body.results as { ObjectID: string; OrderNo: string; OrderAmount: string };
}

const receipt = (extra: Record<string, unknown> = {}) => ({
  PageID: 'ordersSetup.paymentEdit',
  AgentName: rspName,
  PayerName: rspName,
  PaymentMethod: '101',
  PaymentAmount: '1000.00',
  PaymentDate: '2026-11-21',
  BankSerialNo: 'BANK-0001',
  ...extra,
});

type Receipt = Record<string, unknown> & { ObjectID: string; PaymentNo: string; Version: number };

async function register(extra: Record<string, unknown> = {}, who = 'finance') {
  const { status, body } = await post('/payment/create', receipt(extra), who);
  if (status !== 200) throw new Error(`register: ${body.message}`);
  return body.results as Receipt;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['finance', 'ops', 'city', 'province'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const rsp = await one(sql<{
    name: string;
    id: string;
  }>`select c.name, c.object_id::text as id from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  rspName = rsp.name;
  rspId = rsp.id;
  const province = await one(
    sql<{ code: string }>`select province_code as code from customer where object_id = ${rspId}`,
  );
  farAgent = (
    await one(sql<{ name: string }>`select name from customer where status = '161' and customer_type = '111'
      and province_code <> ${province.code} order by account_id limit 1`)
  ).name;
  product = await one(sql<{
    code: string;
    price: string;
  }>`select product_code as code, standard_price::text as price
    from product where standard_price between 1000 and 50000 and coalesce(category, '') <> '181'
    order by product_code limit 1`);
});
afterAll(() => t?.close());

const allocateOrders = (
  r: { ObjectID: string; Version: number },
  lines: [string, string][],
  who = 'finance',
) =>
  post(
    '/payment/allocateOrders',
    {
      ObjectID: r.ObjectID,
      Version: r.Version,
      Lines: lines.map(([OrderNo, AllocatedAmount]) => ({ OrderNo, AllocatedAmount })),
    },
    who,
  );
const allocated = async (id: string) =>
  (await post('/payment/getOne', { ObjectID: id })).body.results[0].AllocatedAmount as string;

describe('allocating one receipt to several orders in one step', () => {
  it('lists the agent’s open orders and pays three of them in one call', async () => {
    const orders = [await order(rspName), await order(rspName), await order(rspName)];
    const total = orders.reduce((sum, o) => sum + fen(o.OrderAmount), 0);
    const r = await register({ PaymentAmount: yuan(total + 100) });
    const open = await post('/payment/openOrders', { ObjectID: r.ObjectID });
    expect(open.status, open.body.message).toBe(200);
    const listed = open.body.results.Orders.map((o: { OrderNo: string }) => o.OrderNo);
    for (const o of orders) expect(listed).toContain(o.OrderNo);
    const res = await allocateOrders(
      r,
      orders.map((o) => [o.OrderNo, o.OrderAmount]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.results.AllocatedAmount).toBe(yuan(total));
    expect(res.body.results.UnallocatedAmount).toBe('1.00');
    const after = (await post('/payment/openOrders', { ObjectID: r.ObjectID })).body.results.Orders;
    for (const o of orders) expect(after.map((a: { OrderNo: string }) => a.OrderNo)).not.toContain(o.OrderNo);
  });

  it('refuses the whole when one line’s order is rejected, naming it, and writes nothing', async () => {
    const good = await order(rspName);
    const bad = await order(rspName);
    await sql`update sales_order set approval_status = '131' where object_id = ${bad.ObjectID}`.execute(
      t.database.db,
    );
    const r = await register({ PaymentAmount: yuan(fen(good.OrderAmount) + fen(bad.OrderAmount)) });
    const res = await allocateOrders(r, [
      [good.OrderNo, good.OrderAmount],
      [bad.OrderNo, '1.00'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(bad.OrderNo);
    expect(await allocated(r.ObjectID)).toBe('0.00');
    const listed = (await post('/payment/openOrders', { ObjectID: r.ObjectID })).body.results.Orders;
    expect(listed.map((o: { OrderNo: string }) => o.OrderNo)).not.toContain(bad.OrderNo);
  });

  it('refuses more than the receipt, naming the amounts', async () => {
    const a = await order(rspName);
    const b = await order(rspName);
    const r = await register({ PaymentAmount: '1.00' });
    const res = await allocateOrders(r, [
      [a.OrderNo, '1.00'],
      [b.OrderNo, '1.00'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('2.00');
    expect(res.body.message).toContain('1.00');
    expect(await allocated(r.ObjectID)).toBe('0.00');
  });

  it('answers 404 for an order or a receipt outside the caller’s scope, writing nothing', async () => {
    const far = await order(farAgent);
    const r = await register({}, 'province');
    expect((await allocateOrders(r, [[far.OrderNo, '1.00']], 'province')).status).toBe(404);
    expect(await allocated(r.ObjectID)).toBe('0.00');
    const farReceipt = await register({ AgentName: farAgent, PayerName: farAgent });
    expect((await allocateOrders(farReceipt, [[far.OrderNo, '1.00']], 'province')).status).toBe(404);
    expect((await post('/payment/openOrders', { ObjectID: farReceipt.ObjectID }, 'province')).status).toBe(
      404,
    );
    expect(await allocated(farReceipt.ObjectID)).toBe('0.00');
  });

  it('leaves the books balanced', async () => {
    const report = await checkBooks(t.database.db, (k) => /receipt|allocation/i.test(k));
    expect(report.checks.length).toBeGreaterThan(0);
    const failed = report.checks.filter((c) => c.failure || c.total > 0);
    expect(failed).toEqual([]);
  });
});
