import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { freezeForOrder, post as postRebate, useForOrder } from '../../server/rebates/ledger.service';
import { startTestApp, type TestApp } from './harness';
import { makeEffective as agreed, type EnteredOrder, enterOrder } from './order-desk';
import { changeApplied } from './rebate-fixtures';

/**
 * Invoicing (server/invoices, machines/workflows/invoice-approval.workflow.ts): applications within
 * what is paid and not yet invoiced, one agent per application, finance's invoice number and decision,
 * and the orders' invoicing status following the invoices.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string; credit: string | null };
let otherAgent: string;
let farAgent: string;
let product: string;
type Order = EnteredOrder;
/** Paid 60 % (confirmed), with 200 yuan of rebate used; paid in full; another agent's; another province's. */
let partlyPaid: Order;
let paid: Order;
let otherOrder: Order;
let farOrder: Order;

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));
const order = (agent: string) => enterOrder(t, tokens.ops, agent, product);
/** Submitted by sales operations and agreed by them: the small band's one step. */
const makeEffective = (o: Order) => agreed(t, tokens.ops, o);

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

/** A receipt of the RSP registered, allocated and confirmed by finance. */
async function pay(lines: [Order, number][]) {
  const totalFen = lines.reduce((sum, [, f]) => sum + f, 0);
  const r = await call(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: rsp.name,
      PayerName: rsp.name,
      PaymentMethod: '101',
      PaymentAmount: fenToYuanString(totalFen),
      PaymentDate: '2026-11-21',
    },
    'finance',
  );
  const allocated = await call(
    '/payment/allocate',
    {
      ObjectID: r.body.results.ObjectID,
      Version: r.body.results.Version,
      Allocations: lines.map(([o, f]) => ({ OrderNo: o.OrderNo, AllocatedAmount: fenToYuanString(f) })),
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
}

const apply = (lines: [Order, string?][], who = 'ops') =>
  call(
    '/invoice/create',
    {
      PageID: 'ordersSetup.invoiceEdit',
      InvoiceType: '101',
      Lines: lines.map(([o, amount]) => ({ OrderNo: o.OrderNo, InvoiceAmount: amount })),
    },
    who,
  );
const record = (
  app: { ObjectID: string; Version: number },
  extra: Record<string, unknown>,
  who = 'finance',
) => call('/invoice/update', { ObjectID: app.ObjectID, Version: app.Version, ...extra }, who);
const decide = (id: string, command: string, payload = {}, who = 'finance') =>
  call('/workflow/decide', { workflow: 'invoiceApproval', ObjectID: id, command, payload }, who);
const invoicing = async (o: Order) =>
  (
    await one<{ s: string }>(
      sql`select invoicing_status as s from sales_order where object_id = ${o.ObjectID}`,
    )
  ).s;
const dueFen = (o: Order) => fen(o.OrderAmount);

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'province', 'rsp', 'legal'])
    tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name, c.credit_code as credit from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  const province = await one<{ code: string }>(
    sql`select province_code as code from employee where username = 'province'`,
  );
  otherAgent = (
    await one<{ name: string }>(sql`select name from customer where status = '161' and customer_type = '111'
      and name <> ${rsp.name} order by account_id limit 1`)
  ).name;
  farAgent = (
    await one<{ name: string }>(sql`select name from customer where status = '161' and customer_type = '111'
      and province_code <> ${province.code} order by account_id limit 1`)
  ).name;
  product = (
    await one<{ code: string }>(sql`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> '181' order by product_code limit 1`)
  ).code;
  // The RSP orders on 30 days' credit with a large limit, so its orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${rsp.id}`.execute(db());
  partlyPaid = await order(rsp.name);
  paid = await order(rsp.name);
  otherOrder = await order(otherAgent);
  farOrder = await order(farAgent);
  await makeEffective(partlyPaid);
  await makeEffective(paid);
  await pay([
    [partlyPaid, Math.floor((dueFen(partlyPaid) * 60) / 100)],
    [paid, dueFen(paid)],
  ]);
  // 200 yuan of rebate posted to the RSP, frozen for and used on the partly paid order.
  const actor = { employeeId: null, name: 'Test ledger' };
  const key = { companyId: rsp.id, type: 'rebate' as const, brand: 'INVOICE-TEST' };
  await postRebate(db(), actor, key, 500_00, null, { type: 'settlement', no: 'FL-INVOICE-TEST' });
  await freezeForOrder(db(), actor, key, partlyPaid.OrderNo, 200_00);
  await useForOrder(db(), actor, key, partlyPaid.OrderNo);
});
afterAll(() => t?.close());

describe('the demo invoices', () => {
  it('were entered through the commands: invoiced, partly invoiced and awaiting finance, the orders agreeing', async () => {
    const states = await sql<{ status: string; n: number }>`select data->>'ApplicationStatus' as status,
        count(*)::int as n from invoice_application group by 1 order by 1`.execute(db());
    const by = Object.fromEntries(states.rows.map((r) => [r.status, r.n]));
    expect(by['131']).toBeGreaterThanOrEqual(2);
    expect(by['121']).toBeGreaterThanOrEqual(1);
    const orders = await sql<{ status: string; expected: string }>`select o.invoicing_status as status,
        case when coalesce(sum(l.amount) filter (where a.data->>'ApplicationStatus' = '131'), 0) = 0 then '101'
          when sum(l.amount) filter (where a.data->>'ApplicationStatus' = '131')
            < coalesce(nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount) then '111'
          else '121' end as expected
      from sales_order o join invoice_line l on l.order_id = o.object_id
        join invoice_application a on a.object_id = l.application_id
      group by o.object_id`.execute(db());
    for (const row of orders.rows) expect(row.status).toBe(row.expected);
    expect(orders.rows.map((r) => r.status).sort()).toEqual(expect.arrayContaining(['111', '121']));
  });
});

describe('an invoice application', () => {
  it('is refused over confirmed payment less what is invoiced, naming the figures', async () => {
    const paidFen = Math.floor((dueFen(partlyPaid) * 60) / 100);
    const over = await apply([[partlyPaid, fenToYuanString(paidFen + 1)]]);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(partlyPaid.OrderNo);
    expect(over.body.message).toContain(fenToYuanString(paidFen));
    expect(await invoicing(partlyPaid)).toBe('101');
  });

  it('invoices the orders of one agent only', async () => {
    const mixed = await apply([[paid], [otherOrder]]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toContain(otherOrder.OrderNo);
    expect(mixed.body.message).toContain(rsp.name);
  });

  it('answers 404 for an order outside the caller scope and 403 to a role without the page', async () => {
    expect((await apply([[farOrder]], 'province')).status).toBe(404);
    expect((await apply([[otherOrder]], 'rsp')).status).toBe(404);
    expect((await apply([[paid]], 'legal')).status).toBe(403);
    expect(
      await one(sql`select count(*)::int as n from invoice_line where order_id = ${farOrder.ObjectID}`),
    ).toEqual({
      n: 0,
    });
  });

  it('goes from not invoiced to partly invoiced with its rebate as a discount line, then locks', async () => {
    const part = fenToYuanString(Math.floor((dueFen(partlyPaid) * 30) / 100));
    const applied = await apply([[partlyPaid, part]]);
    expect(applied.status, applied.body.message).toBe(200);
    const app = applied.body.results;
    expect(app.InvoiceApplyNo).toMatch(/^KP/);
    expect(app.InvoiceTitle).toBe(rsp.name);
    expect(app.TaxpayerID).toBe(rsp.credit);
    expect(app.ApplicationStatus).toBe('121');
    expect(app.Lines).toEqual([
      { OrderNo: partlyPaid.OrderNo, InvoiceAmount: part, DiscountAmount: '200.00' },
    ]);
    expect(app.DiscountAmount).toBe('200.00');
    // The pending application counts: what remains is paid less what it holds.
    const paidFen = Math.floor((dueFen(partlyPaid) * 60) / 100);
    const second = await apply([[partlyPaid, fenToYuanString(paidFen - fen(part) + 1)]]);
    expect(second.status).toBe(400);
    expect(second.body.message).toContain(part);

    // Finance must enter the invoice first; only finance; on the version it saw.
    const early = await decide(app.ObjectID, 'agree');
    expect([early.status, early.body.message]).toEqual([400, '发票号码必填']);
    expect((await record(app, { InvoiceNumber: '12345678' }, 'ops')).status).toBe(403);
    expect((await record({ ...app, Version: app.Version - 1 }, { InvoiceNumber: '12345678' })).status).toBe(
      409,
    );
    const issued = await record(app, { InvoiceNumber: '12345678', InvoiceDate: '2026-11-22' });
    expect(issued.status, issued.body.message).toBe(200);
    expect(await invoicing(partlyPaid)).toBe('101');
    const agreed = await decide(app.ObjectID, 'agree');
    expect(agreed.status, agreed.body.message).toBe(200);
    expect(agreed.body.results.State).toBe('invoiced');
    expect(await invoicing(partlyPaid)).toBe('111');

    // Invoiced is locked.
    const after = (await call('/invoice/getOne', { ObjectID: app.ObjectID }, 'finance')).body.results[0];
    expect(after.ApplicationStatus).toBe('131');
    const late = await record(after, { InvoiceNumber: '87654321' });
    expect(late.status).toBe(409);
    const details = await call('/invoiceDetail/search', {
      PageID: 'ordersSetup.invoiceDetails',
      OrderNo: partlyPaid.OrderNo,
    });
    expect(
      details.body.results.map((r: Record<string, unknown>) => [r.OrderNo, r.InvoiceNumber, r.InvoiceAmount]),
    ).toEqual([[partlyPaid.OrderNo, '12345678', part]]);
  });

  it('invoices a paid order in full when no amount is given: the order is invoiced', async () => {
    const applied = await apply([[paid]]);
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.results.InvoiceAmount).toBe(fenToYuanString(dueFen(paid)));
    expect(applied.body.results.DiscountAmount).toBe('0.00');
    await record(applied.body.results, { InvoiceNumber: '23456789', InvoiceDate: '2026-11-23' });
    expect((await decide(applied.body.results.ObjectID, 'agree')).status).toBe(200);
    expect(await invoicing(paid)).toBe('121');
    // Nothing is left to invoice on it, and the answer says so (not "0.00 is over 0.00").
    const again = await apply([[paid]]);
    expect(again.status).toBe(400);
    expect(again.body.message).toContain(`订单 ${paid.OrderNo} 暂无可开票金额`);
    expect(again.body.message).not.toContain('超过可开票金额');
    const zero = await apply([[partlyPaid, '0.00']]);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/^开票金额.*：须大于 0/);
  });

  it('carries the rebate an order used as its discount line after a change renumbered the order', async () => {
    const o = await order(rsp.name);
    await makeEffective(o);
    // 150 yuan of rebate used on it, named by its number as its approval names it.
    const actor = { employeeId: null, name: 'Test ledger' };
    const key = { companyId: rsp.id, type: 'rebate' as const, brand: 'INVOICE-TEST' };
    await freezeForOrder(db(), actor, key, o.OrderNo, 150_00);
    await useForOrder(db(), actor, key, o.OrderNo);
    await pay([[o, dueFen(o)]]);
    // A later delivery day, asked by the RSP and confirmed: the order is now revision -1.
    await changeApplied({ t, tokens }, o.OrderNo, { ChangeType: '121', RequiredDeliveryDate: '2026-12-20' });
    const revised = { ...o, OrderNo: `${o.OrderNo}-1` };
    const applied = await apply([[revised]]);
    expect(applied.status, applied.body.message).toBe(200);
    expect(applied.body.results.Lines).toEqual([
      { OrderNo: revised.OrderNo, InvoiceAmount: fenToYuanString(dueFen(o)), DiscountAmount: '150.00' },
    ]);
    expect(applied.body.results.DiscountAmount).toBe('150.00');
  });
});
