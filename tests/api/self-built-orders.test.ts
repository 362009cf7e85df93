import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { exportedWorkbook } from './export-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * 自建订单查询 lists the orders entered on the self-built order form (自建订单); 自有品牌订单查询
 * lists every own-line order, whichever form entered it. The RSP hardware form also makes standard
 * orders: the order's type alone does not tell the two forms apart, the form the order records does.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-self-built-orders-'));
const previousDataDir = process.env.DATA_DIR;
process.env.DATA_DIR = dataDir;

const SELF_BUILT = 'ordersSetup.selfBuiltOrders';
const OWN_LINE = 'ordersSetup.ownLineOrders';

let t: TestApp;
const tokens: Record<string, string> = {};
let rspName: string;
let product: string;

const receiver = {
  ReceiverName: '张收货',
  ReceiverPhone: '13800000000',
  ReceiverAddress: '南京市玄武区一号',
};
const header = (form: string) => ({
  PageID: form,
  AgentName: rspName,
  EndUserName: '自建查询最终用户',
  OrderDate: '2026-11-20',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ...receiver,
  Lines: [{ ProductCode: product, Quantity: 1 }],
});

async function enter(body: Record<string, unknown>) {
  const { status, body: answer } = await t.post('/order/create', body, tokens.rsp);
  expect(status, answer.message).toBe(200);
  return answer.results as { ObjectID: string; OrderNo: string; OrderType: string };
}

/** Whether a list page shows the order of that number to the caller. */
async function lists(pageId: string, orderNo: string, who = 'admin') {
  const { status, body } = await t.post('/order/search', { PageID: pageId, OrderNo: orderNo }, tokens[who]);
  expect(status, body.message).toBe(200);
  return (body.results as { OrderNo: string }[]).some((row) => row.OrderNo === orderNo);
}

/**
 * A loan-to-sale order: a unit the RSP borrowed (agreed by the province manager, shipped by sales
 * operations) converted to a sale, which enters its order through the self-built form's entry.
 */
async function loanToSaleOrder() {
  const loanProduct = await sql<{ code: string }>`select product_code as code from product
    where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
    order by product_code limit 1`.execute(t.database.db);
  const asked = await t.post(
    '/loanOrder/create',
    {
      LoanType: '101',
      AgentName: rspName,
      EndUserName: '借转销最终用户',
      ExpectedReturnDate: addDays(businessDay(), 30),
      Purpose: 'POC',
      Lines: [{ ProductCode: loanProduct.rows[0].code, Quantity: 1 }],
    },
    tokens.rsp,
  );
  expect(asked.status, asked.body.message).toBe(200);
  const loan = asked.body.results as { ObjectID: string; LoanNo: string };
  const serial = `${loan.LoanNo}-S1`;
  const decide = async (command: string, payload: unknown, who: string) => {
    const answer = await t.post(
      '/workflow/decide',
      { workflow: 'loanOrder', ObjectID: loan.ObjectID, command, payload },
      tokens[who],
    );
    expect(answer.status, `${command}: ${answer.body.message}`).toBe(200);
  };
  await decide('agree', {}, 'province');
  await decide('ship', { lines: [{ lineNo: 1, serialNumbers: [serial] }] }, 'ops');
  await decide('convert', { lines: [{ lineNo: 1, quantity: 1, serialNumbers: [serial] }] }, 'rsp');
  const { rows } = await sql<{ order_no: string; order_type: string }>`select o.order_no, o.order_type
    from loan_conversion c join sales_order o on o.object_id = c.order_id
    where c.loan_id = ${loan.ObjectID}`.execute(t.database.db);
  expect(rows.map((r) => r.order_type)).toEqual(['131']);
  return rows[0].order_no;
}

/** An order's type, lines and version as stored. */
async function storedOrder(orderNo: string) {
  const { rows } = await sql<{ id: string; type: string; version: number; lines: string }>`select
      o.object_id::text as id, o.order_type as type, o.version,
      string_agg(i.product_code || ' × ' || i.quantity, ', ' order by i.product_code) as lines
    from sales_order o join order_item i on i.order_id = o.object_id
    where o.order_no = ${orderNo} group by o.object_id`.execute(t.database.db);
  return rows[0];
}

/** A demo order of another form, by its order type. */
async function demoOrderOfType(orderType: string) {
  const { rows } = await sql<{ order_no: string }>`select order_no from sales_order
    where order_channel = '101' and order_type = ${orderType} order by order_no limit 1`.execute(
    t.database.db,
  );
  expect(rows, `a demo order of type ${orderType}`).toHaveLength(1);
  return rows[0].order_no;
}

beforeAll(async () => {
  t = await startTestApp('demo');
  tokens.admin = await t.login('admin', 'Admin@123456');
  for (const user of ['rsp', 'ops', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  const { rows } = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = rows[0].name;
  const products = await sql<{ code: string }>`select product_code as code from product
    where standard_price > 100 and coalesce(category, '') <> '181' order by product_code limit 1`.execute(
    t.database.db,
  );
  product = products.rows[0].code;
});
afterAll(async () => {
  await t?.close();
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('自建订单查询 holds the orders of the self-built form', () => {
  it('lists a self-built order, and not an RSP hardware, special-price, service or loan-to-sale order', async () => {
    const selfBuilt = await enter({ ...header('ordersSetup.selfBuiltOrder'), OrderType: '101' });
    const hardware = await enter({ ...header('ordersSetup.rspHardwareOrderNew'), ProductLine: '服务器' });
    // Both forms make standard orders.
    expect([selfBuilt.OrderType, hardware.OrderType]).toEqual(['101', '101']);
    expect(await lists(SELF_BUILT, selfBuilt.OrderNo)).toBe(true);
    expect(await lists(SELF_BUILT, selfBuilt.OrderNo, 'rsp')).toBe(true);
    expect(await lists(OWN_LINE, selfBuilt.OrderNo)).toBe(true);

    const others = {
      rspHardware: hardware.OrderNo,
      specialPrice: await demoOrderOfType('111'),
      service: await demoOrderOfType('121'),
      loanToSale: await loanToSaleOrder(),
    };
    for (const [kind, orderNo] of Object.entries(others)) {
      expect(await lists(SELF_BUILT, orderNo), `${kind} on 自建订单查询`).toBe(false);
      expect(await lists(OWN_LINE, orderNo), `${kind} on 自有品牌订单查询`).toBe(true);
    }
    expect(await lists(SELF_BUILT, hardware.OrderNo, 'rsp')).toBe(false);
    expect(await lists(OWN_LINE, hardware.OrderNo, 'rsp')).toBe(true);
  });

  it('exports the rows it lists', async () => {
    await enter({ ...header('ordersSetup.selfBuiltOrder'), OrderType: '101' });
    const hardware = await enter({ ...header('ordersSetup.rspHardwareOrderNew'), ProductLine: '服务器' });
    const listed: string[] = [];
    let total = 0;
    for (let currentPage = 1; currentPage === 1 || listed.length < total; currentPage++) {
      const { body } = await t.post(
        '/order/search',
        { PageID: SELF_BUILT, currentPage, pageSize: 100 },
        tokens.rsp,
      );
      total = body.totalSize;
      listed.push(...(body.results as { OrderNo: string }[]).map((row) => row.OrderNo));
    }
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(hardware.OrderNo);

    const page = pageById(SELF_BUILT)!;
    const refused: { answer?: unknown } = {};
    const workbook = await exportedWorkbook(
      t,
      { configCode: page.export?.configCode, PageID: SELF_BUILT },
      tokens.rsp,
      refused,
    );
    expect(workbook, JSON.stringify(refused.answer)).toBeDefined();
    const sheet = workbook!.worksheets[0];
    // The sheet's columns are the list's: the order number first.
    const exported: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) exported.push(String(row.getCell(1).value));
    });
    expect(exported.sort()).toEqual([...listed].sort());
  });

  it('edits a loan-to-sale draft on its form and keeps it a loan-to-sale order of the converted units', async () => {
    const orderNo = await loanToSaleOrder();
    const before = await storedOrder(orderNo);
    const edited = await t.post(
      '/order/update',
      { ObjectID: before.id, Version: before.version, Remark: '借转销：收货人已确认' },
      tokens.rsp,
    );
    expect(edited.status, edited.body.message).toBe(200);
    const after = await storedOrder(orderNo);
    expect(after).toMatchObject({ type: '131', lines: before.lines, version: before.version + 1 });
    expect(await lists(SELF_BUILT, orderNo)).toBe(false);
    // Its lines are the loaned units sold: changing them is refused, naming the lines.
    const relined = await t.post(
      '/order/update',
      { ObjectID: after.id, Version: after.version, Lines: [{ ProductCode: product, Quantity: 2 }] },
      tokens.rsp,
    );
    expect(relined.status).toBe(400);
    expect(relined.body.message).toContain('借转销订单的明细');
    expect(await storedOrder(orderNo)).toEqual(after);
  });

  it('is served by an index whose condition is its lens, so the two cannot drift apart unseen', async () => {
    const fixed = pageById(SELF_BUILT)!.fixed as Record<string, string>;
    const { rows } = await sql<{ def: string }>`select indexdef as def from pg_indexes
      where indexname = 'sales_order_self_built_created_idx'`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const condition = rows[0].def.slice(rows[0].def.indexOf(' WHERE '));
    expect(condition).toMatch(new RegExp(`order_channel\\)?(::text)? = '${fixed.OrderChannel}'`));
    expect(condition).toMatch(new RegExp(`order_type\\)?(::text)? = '${fixed.OrderType}'`));
    expect(condition).toMatch(new RegExp(`'EntryPage'::text\\)+ = '${fixed.EntryPage}'`));
    expect(Object.keys(fixed).sort()).toEqual(['EntryPage', 'OrderChannel', 'OrderType']);
  });

  it('leaves a draft of any form deletable from 自有品牌订单查询', async () => {
    const hardware = await enter({ ...header('ordersSetup.rspHardwareOrderNew'), ProductLine: '服务器' });
    const deleted = await t.post('/order/delete', { ObjectIDs: [hardware.ObjectID] }, tokens.rsp);
    expect(deleted.status, deleted.body.message).toBe(200);
    expect(await lists(OWN_LINE, hardware.OrderNo, 'rsp')).toBe(false);
  });
});
