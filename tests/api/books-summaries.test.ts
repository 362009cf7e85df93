import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { type PartnerServer, partnerOrderLine, startPartnerServer } from '../../scripts/partner-server';
import { inTransaction } from '../../server/db/database';
import { pullPartnerOrders } from '../../server/partner/partner-pull.service';
import { rebuildOrderFigures } from '../../server/reports/order-month-figures';
import { startTestApp, type TestApp } from './harness';

/**
 * The dashboard's month figures are kept summaries (server/reports/order-month-figures.ts): each
 * change of an order moves them once in its own transaction — taking effect, a new revision,
 * cancellation, deletion — the books check names a summary row that no longer matches its orders, and
 * a rebuild restores it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string; code: string };
let product: { code: string; price: string };
type Order = { ObjectID: string; OrderNo: string; OrderAmount: string };
type Figures = { OrderCount: number; OrderAmount: string; OrderedQuantity: number; ShippedQuantity: number };

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

/** The caller's dashboard figures of one line for a month (this month when none is named). */
async function figures(who: string, channel = '101', period?: string): Promise<Figures> {
  const answer = await call('/dashboard/summary', period ? { OrderPeriod: period } : {}, who);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results.orderFigures.find((f: { OrderChannel: string }) => f.OrderChannel === channel);
}

/** How far the figures moved: orders, amount in fen, ordered units. */
const moved = (before: Figures, after: Figures) => ({
  orders: after.OrderCount - before.OrderCount,
  amountFen: fen(after.OrderAmount) - fen(before.OrderAmount),
  units: after.OrderedQuantity - before.OrderedQuantity,
});

const decide = (workflow: string, id: string, command: string, who: string, payload = {}) =>
  call('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);

/** An order the RSP's staff enter and submit; sales operations agree (the small band). */
async function enterAndSubmit(body: Record<string, unknown>): Promise<Order> {
  const created = await call('/order/create', body, 'rsp');
  if (created.status !== 200) throw new Error(`order: ${created.body.message}`);
  const order = created.body.results as Order;
  const submitted = await call('/orderApproval/submit', { ObjectID: order.ObjectID }, 'rsp');
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.body.message}`);
  return order;
}

async function approve(order: Order) {
  const agreed = await decide('orderApproval', order.ObjectID, 'agree', 'ops');
  expect(agreed.body.results?.State, agreed.body.message).toBe('approved');
}

const hardwareOrder = (quantity: number) => ({
  PageID: 'ordersSetup.selfBuiltOrder',
  OrderType: '101',
  AgentName: rsp.name,
  EndUserName: 'Summary end user',
  OrderDate: '2026-11-20',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ReceiverName: 'Receiver',
  ReceiverPhone: '13800000000',
  ReceiverAddress: 'Xuanwu District No. 1',
  Lines: [{ ProductCode: product.code, Quantity: quantity }],
});

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name, c.account_id as code from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  product = await one(sql`select product_code as code, standard_price::text as price from product
    where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
    order by product_code limit 1`);
  // Thirty days' credit with a large limit: the orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${rsp.id}`.execute(db());
});
afterAll(() => t?.close());

describe("the RSP's month figures on the dashboard", () => {
  it('count an order once it takes effect, its new revision instead of the old, nothing once cancelled', async () => {
    const none = { orders: 0, amountFen: 0, units: 0 };
    const start = await figures('rsp', '101', '2026-11');
    const order = await enterAndSubmit(hardwareOrder(10));
    // In approval it is not yet an order of the month.
    expect(moved(start, await figures('rsp', '101', '2026-11'))).toEqual(none);

    await approve(order);
    const effective = await figures('rsp', '101', '2026-11');
    expect(moved(start, effective)).toEqual({ orders: 1, amountFen: fen(order.OrderAmount), units: 10 });

    // A change to 11 units: the order is counted once, as its revision -1, the superseded copy not at all.
    const asked = await call(
      '/orderChange/create',
      {
        PageID: 'ordersSetup.orderChangeEdit',
        OrderNo: order.OrderNo,
        ChangeType: '101',
        ChangeReason: 'One more unit',
        Lines: [{ LineNo: 1, Quantity: 11 }],
      },
      'rsp',
    );
    expect(asked.status, asked.body.message).toBe(200);
    await decide('orderChange', asked.body.results.ObjectID, 'submit', 'rsp');
    const applied = await decide('orderChange', asked.body.results.ObjectID, 'confirm', 'ops', {
      comment: 'Fine',
    });
    expect(applied.body.results?.State, applied.body.message).toBe('applied');
    const changed = await figures('rsp', '101', '2026-11');
    expect(moved(start, changed)).toEqual({
      orders: 1,
      amountFen: fen(order.OrderAmount) + fen(product.price),
      units: 11,
    });

    const cancelled = await decide('orderApproval', order.ObjectID, 'cancel', 'ops', {
      reason: 'Customer withdrew',
    });
    expect(cancelled.body.results?.State, cancelled.body.message).toBe('cancelled');
    expect(moved(start, await figures('rsp', '101', '2026-11'))).toEqual(none);
  });

  it('take an order off once when it is cancelled, not again when it is deleted', async () => {
    const none = { orders: 0, amountFen: 0, units: 0 };
    const start = await figures('rsp', '101', '2026-11');
    const order = await enterAndSubmit(hardwareOrder(3));
    await approve(order);
    expect(moved(start, await figures('rsp', '101', '2026-11')).orders).toBe(1);
    // An effective order is not deleted under its approval: the figures stay.
    expect((await call('/order/delete', { ObjectIDs: [order.ObjectID] }, 'rsp')).status).toBe(409);
    expect(moved(start, await figures('rsp', '101', '2026-11')).orders).toBe(1);
    await decide('orderApproval', order.ObjectID, 'cancel', 'ops', { reason: 'Entered twice' });
    expect(moved(start, await figures('rsp', '101', '2026-11'))).toEqual(none);
    const deleted = await call('/order/delete', { ObjectIDs: [order.ObjectID] }, 'rsp');
    expect(deleted.status, deleted.body.message).toBe(200);
    expect(moved(start, await figures('rsp', '101', '2026-11'))).toEqual(none);
  });

  it('count a service order, dated the business day it was entered, in that month', async () => {
    const service = await one<{ code: string }>(
      sql`select product_code as code from product where category = '181' order by product_code limit 1`,
    );
    await sql`insert into record (resource, data) values ('serviceProductConstraint', ${JSON.stringify({
      ServicePn: service.code,
      pn: product.code,
      ExtConstraintServiceType_SDK: '101',
      Enabled: true,
    })}::jsonb)`.execute(db());
    const hardware = await enterAndSubmit(hardwareOrder(2));
    await approve(hardware);
    const before = await figures('rsp');
    const order = await enterAndSubmit({
      PageID: 'ordersSetup.serviceOrderNew',
      AgentName: rsp.name,
      EndUserName: 'Summary end user',
      RelatedOrderNo: hardware.OrderNo,
      ServiceType: '101',
      ServiceStartDate: '2027-01-01',
      ServiceEndDate: '2027-12-31',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ContactName: 'Contact',
      ContactPhone: '13800000000',
      Lines: [{ ProductCode: service.code, Quantity: 2 }],
    });
    // Its form asks for no order date: it is dated the business day it was entered, not its service start.
    expect(
      (
        await one<{ d: string | null }>(sql`select order_date::text as d from sales_order
      where object_id = ${order.ObjectID}`)
      ).d,
    ).toBe(businessDay());
    await approve(order);
    expect(moved(before, await figures('rsp'))).toEqual({
      orders: 1,
      amountFen: fen(order.OrderAmount),
      units: 2,
    });
  });
});

describe('a partner-line order on the dashboard', () => {
  let partner: PartnerServer;
  afterAll(() => partner?.close());
  const feed = (quantity: number) => [
    partnerOrderLine({
      orderNo: 'SUMMARY-PO-1',
      orderDate: '2026-11-03',
      agentCode: rsp.code,
      lines: [{ productCode: product.code, quantity, unitPrice: '1000.00' }],
    }),
  ];
  const pull = () => pullPartnerOrders(db(), { url: partner.url, pageSize: 10, timeoutMs: 5_000 });

  it('counts once from its pull, the same order pulled again or corrected by the partner still once', async () => {
    const before = await figures('ops', '111', '2026-11');
    partner = await startPartnerServer({ lines: feed(4) });
    await pull();
    expect(moved(before, await figures('ops', '111', '2026-11'))).toEqual({
      orders: 1,
      amountFen: 4000_00,
      units: 4,
    });
    await pull();
    partner.setLines(feed(5));
    await pull();
    expect(moved(before, await figures('ops', '111', '2026-11'))).toEqual({
      orders: 1,
      amountFen: 5000_00,
      units: 5,
    });
  });
});

type Rule = { Key: string; Total: number; Findings: { Label: string; Text: string }[] };

describe('the books check of the month figures', () => {
  const rule = (answer: { LastRun: { Rules: Rule[] } }, key = 'reports.ownLineMonthFigures') =>
    answer.LastRun.Rules.find((r) => r.Key === key) as Rule;
  const check = async (lang = 'zh') =>
    (await t.post('/booksCheck/run', {}, tokens.admin, { 'accept-language': lang })).body.results;

  it('finds every summary equal to its orders after all the changes above', async () => {
    const run = await check();
    expect(rule(run).Total).toBe(0);
    expect(rule(run, 'reports.partnerLineMonthFigures').Total).toBe(0);
  });

  it('names a corrupted summary row by its month and agent, and a rebuild restores it', async () => {
    const hardware = await enterAndSubmit(hardwareOrder(1));
    await approve(hardware);
    const truth = await figures('rsp', '101', '2026-11');
    await sql`update order_month_figure set order_amount = order_amount + 1
      where company_id = ${rsp.id} and order_channel = '101' and period = '2026-11-01'`.execute(db());
    expect(fen((await figures('rsp', '101', '2026-11')).OrderAmount)).toBe(fen(truth.OrderAmount) + 100);

    const found = rule(await check());
    expect(found.Total).toBe(1);
    expect(found.Findings[0].Label).toBe(`2026-11 ${rsp.name}`);
    expect(found.Findings[0].Text).toContain(`2026-11 ${rsp.name}（自有品牌）：汇总 ${truth.OrderCount} 单`);
    expect(found.Findings[0].Text.replaceAll(',', '')).toContain(
      `金额 ${fenToYuanString(fen(truth.OrderAmount) + 100)}`,
    );
    expect(rule(await check('en')).Findings[0].Text).toContain(`2026-11 ${rsp.name} (own line): kept`);

    await inTransaction(db(), rebuildOrderFigures);
    expect(rule(await check()).Total).toBe(0);
    expect(await figures('rsp', '101', '2026-11')).toEqual(truth);
  });
});
