import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * The order reports of both lines (view order_item_report, docs/reports.md): each order line with
 * what is shipped, paid and invoiced of it, computed from the orders, shipments, confirmed payments
 * and invoiced applications entered here through the services — and the role-forced export
 * parameters of SPEC §6.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string; province: string };
let ccp: string;
let products: string[];
type Order = { ObjectID: string; OrderNo: string; Version: number; OrderAmount: string };
/** The RSP's order of two lines: 3 units and 2 units, partly shipped, paid and invoiced. */
let order: Order;
/** An order of a CCP the RSP supplies: in the RSP's scope, but not its own company's. */
let ccpOrder: Order;
const REPORT = 'ordersSetup.ownLineOrderReport';

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);
const fen = (yuan: unknown) => yuanToFen(String(yuan));

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

async function enter(agent: string, lines: [string, number][]): Promise<Order> {
  const { status, body } = await call('/order/create', {
    PageID: 'ordersSetup.selfBuiltOrder',
    OrderType: '101',
    AgentName: agent,
    EndUserName: 'Report end user',
    OrderDate: '2026-11-20',
    PaymentMethod: '101',
    DeliveryMethod: '101',
    ReceiverName: 'Receiver',
    ReceiverPhone: '13800000000',
    ReceiverAddress: 'Xuanwu District No. 1',
    Lines: lines.map(([ProductCode, Quantity]) => ({ ProductCode, Quantity })),
  });
  if (status !== 200) throw new Error(`order: ${body.message}`);
  return body.results;
}

async function makeEffective(o: Order) {
  const submitted = await call('/orderApproval/submit', { ObjectID: o.ObjectID, Version: o.Version });
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.body.message}`);
  const agreed = await call('/workflow/decide', {
    workflow: 'orderApproval',
    ObjectID: o.ObjectID,
    command: 'agree',
    payload: {},
  });
  if (agreed.status !== 200) throw new Error(`approve: ${agreed.body.message}`);
}

/** A receipt registered and allocated by finance; confirmed unless told otherwise. */
async function pay(o: Order, amountFen: number, confirm = true) {
  const r = await call(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: rsp.name,
      PayerName: rsp.name,
      PaymentMethod: '101',
      PaymentAmount: fenToYuanString(amountFen),
      PaymentDate: '2026-11-21',
    },
    'finance',
  );
  if (r.status !== 200) throw new Error(`receipt: ${r.body.message}`);
  const allocated = await call(
    '/payment/allocate',
    {
      ObjectID: r.body.results.ObjectID,
      Version: r.body.results.Version,
      Allocations: [{ OrderNo: o.OrderNo, AllocatedAmount: fenToYuanString(amountFen) }],
    },
    'finance',
  );
  if (allocated.status !== 200) throw new Error(`allocate: ${allocated.body.message}`);
  if (!confirm) return;
  const confirmed = await call(
    '/workflow/decide',
    { workflow: 'paymentApproval', ObjectID: r.body.results.ObjectID, command: 'agree', payload: {} },
    'finance',
  );
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.body.message}`);
}

/** An invoice application of sales operations, numbered and agreed by finance. */
async function invoice(o: Order, amountFen: number) {
  const applied = await call('/invoice/create', {
    PageID: 'ordersSetup.invoiceEdit',
    InvoiceType: '101',
    Lines: [{ OrderNo: o.OrderNo, InvoiceAmount: fenToYuanString(amountFen) }],
  });
  if (applied.status !== 200) throw new Error(`invoice: ${applied.body.message}`);
  const app = applied.body.results;
  const numbered = await call(
    '/invoice/update',
    { ObjectID: app.ObjectID, Version: app.Version, InvoiceNumber: '55667788', InvoiceDate: '2026-11-22' },
    'finance',
  );
  if (numbered.status !== 200) throw new Error(`invoice number: ${numbered.body.message}`);
  const agreed = await call(
    '/workflow/decide',
    { workflow: 'invoiceApproval', ObjectID: app.ObjectID, command: 'agree', payload: {} },
    'finance',
  );
  if (agreed.status !== 200) throw new Error(`invoice agree: ${agreed.body.message}`);
}

async function ship(o: Order, lineNo: number, serials: string[]) {
  const { v } = await one<{ v: number }>(
    sql`select version as v from sales_order where object_id = ${o.ObjectID}`,
  );
  const shipped = await call('/shipment/ship', {
    ObjectID: o.ObjectID,
    Version: v,
    LogisticsCompany: 'SF Express',
    TrackingNo: 'SF-REPORT-1',
    Lines: [{ LineNo: lineNo, Quantity: serials.length, SerialNumbers: serials }],
  });
  if (shipped.status !== 200) throw new Error(`ship: ${shipped.body.message}`);
}

const reportRows = async (body: Record<string, unknown>, who = 'ops') => {
  const answer = await call(
    '/orderItem/search',
    { PageID: REPORT, pageSize: 100, sort: 'LineNo', ...body },
    who,
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results as Record<string, string | number>[];
};

type Figures = Record<string, string | number>;
/** The dashboard's figures of the own line for November 2026, as the caller sees them. */
async function ownLineFigures(who: string): Promise<Figures> {
  const answer = await call('/dashboard/summary', { OrderPeriod: '2026-11' }, who);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results.orderFigures.find((f: Figures) => f.OrderChannel === '101');
}
let figuresBefore: Figures;

/** Waits for an export job, then reads its sheet: the header row and the rows as text. */
async function exportSheet(who: string, body: Record<string, unknown>): Promise<string[][]> {
  const started = await call('/excelExport/doExport', body, who);
  expect(started.body.state, started.body.message).toBe(true);
  let row: { status: string; file: string } | undefined;
  for (let i = 0; i < 600 && (!row || row.status === '101'); i++) {
    const log = await call('/excelExport/search', { currentPage: 1, pageSize: 100 }, who);
    row = log.body.results.find((r: { ObjectID: string }) => r.ObjectID === started.body.results.ObjectID);
    if (!row || row.status === '101') await new Promise((r) => setTimeout(r, 50));
  }
  const file = await call('/excelExport/getFile', { file: row?.file }, who);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(file.body.results.Binary, 'base64') as never);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'finance', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await one(sql`select c.object_id::text as id, c.name, c.province_code as province from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  ccp = (
    await one<{ name: string }>(sql`select name from customer where status = '161' and customer_type = '121'
      and object_id <> ${rsp.id} order by account_id limit 1`)
  ).name;
  // The CCP is supplied by the RSP, so the RSP's scope holds its orders (DOMAIN.md "Channel and roles").
  await sql`update customer set parent_id = ${rsp.id} where name = ${ccp}`.execute(db());
  products = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price between 1000 and 50000 and coalesce(category, '') <> '181'
      order by product_code limit 2`.execute(db())
  ).rows.map((r) => r.code);
  // Both order on 30 days' credit with a large limit, so their orders pass approval unpaid.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where name in (${rsp.name}, ${ccp})`.execute(db());
  order = await enter(rsp.name, [
    [products[0], 3],
    [products[1], 2],
  ]);
  ccpOrder = await enter(ccp, [[products[0], 1]]);
  await makeEffective(order);
  // The report holds orders in force: the CCP's order is approved too.
  await makeEffective(ccpOrder);
});
afterAll(() => t?.close());

describe('the order reports, computed from orders, shipments, payments and invoices', () => {
  it('shows each line of a new order as ordered: nothing shipped, paid or invoiced', async () => {
    figuresBefore = await ownLineFigures('rsp');
    const rows = await reportRows({ OrderNo: order.OrderNo });
    expect(
      rows.map((r) => [r.ProductCode, r.Quantity, r.ShippedQuantity, r.PaidAmount, r.ItemPaymentStatus]),
    ).toEqual([
      [products[0], 3, 0, '0.00', '101'],
      [products[1], 2, 0, '0.00', '101'],
    ]);
    const total = rows.reduce((sum, r) => sum + fen(r.LineAmount), 0);
    expect(total).toBe(fen(order.OrderAmount));
    const province = await one<{ name: string }>(
      sql`select name_zh as name from region where code = ${rsp.province}`,
    );
    expect(rows[0]).toMatchObject({
      AgentName: rsp.name,
      EndUserName: 'Report end user',
      ProvinceName: province.name,
    });
  });

  it('follows shipments, confirmed payments and invoices; a receipt not yet confirmed counts for nothing', async () => {
    const [first] = await reportRows({ OrderNo: order.OrderNo });
    const firstFen = fen(first.LineAmount);
    await ship(order, 1, ['SN-RPT-1', 'SN-RPT-2']);
    // Paid: the whole first line and 100 yuan of the second; another 50 yuan awaits finance.
    await pay(order, firstFen + 100_00);
    await pay(order, 50_00, false);
    await invoice(order, firstFen - 10_00);

    const rows = await reportRows({ OrderNo: order.OrderNo });
    expect(rows.map((r) => [r.ShippedQuantity, r.PaidAmount, r.InvoicedAmount, r.ItemPaymentStatus])).toEqual(
      [
        [2, first.LineAmount, fenToYuanString(firstFen - 10_00), '121'],
        [0, '100.00', '0.00', '111'],
      ],
    );
    // The figures are the sums of the records underneath.
    const sums = await one<{ shipped: number; paid: string; invoiced: string }>(sql`select
        (select sum(quantity)::int from shipment where order_id = ${order.ObjectID}) as shipped,
        (select sum(a.amount)::text from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
          where a.order_id = ${order.ObjectID} and r.data->>'ConfirmStatus' = '121') as paid,
        (select sum(l.amount)::text from invoice_line l where l.order_id = ${order.ObjectID}) as invoiced`);
    expect(rows.reduce((s, r) => s + Number(r.ShippedQuantity), 0)).toBe(sums.shipped);
    expect(rows.reduce((s, r) => s + fen(r.PaidAmount), 0)).toBe(fen(sums.paid));
    expect(rows.reduce((s, r) => s + fen(r.InvoicedAmount), 0)).toBe(fen(sums.invoiced));

    const partly = await reportRows({ OrderNo: order.OrderNo, ItemPaymentStatus: '111' });
    expect(partly.map((r) => r.ProductCode)).toEqual([products[1]]);

    // The dashboard's figures move by exactly what was shipped, confirmed and invoiced.
    const after = await ownLineFigures('rsp');
    expect(after.OrderCount).toBe(figuresBefore.OrderCount);
    expect(Number(after.ShippedQuantity) - Number(figuresBefore.ShippedQuantity)).toBe(2);
    expect(fen(after.PaidAmount) - fen(figuresBefore.PaidAmount)).toBe(firstFen + 100_00);
    expect(fen(after.InvoicedAmount) - fen(figuresBefore.InvoicedAmount)).toBe(firstFen - 10_00);
  });

  it("counts on the dashboard the month's effective orders of the caller's scope that its order list holds", async () => {
    const figures = await ownLineFigures('rsp');
    const listed = await call(
      '/order/search',
      {
        PageID: 'ordersSetup.ownLineOrders',
        OrderDateStart: '2026-11-01',
        OrderDateEnd: '2026-11-30',
        ApprovalStatus: '121,151',
        pageSize: 1,
      },
      'rsp',
    );
    expect(figures.OrderCount).toBe(listed.body.totalSize);
    expect(figures.OrderCount).toBeGreaterThan(0);
    const staff = await ownLineFigures('ops');
    expect(fen(staff.OrderAmount)).toBeGreaterThanOrEqual(fen(figures.OrderAmount));
    const bad = await call('/dashboard/summary', { OrderPeriod: '2026-13' }, 'rsp');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(labelFor('OrderPeriod'));
  });

  it('keeps to the line of the page: the partner report shows no own-line order', async () => {
    const partner = await call(
      '/orderItem/search',
      { PageID: 'ordersSetup.partnerOrderReport', OrderNo: order.OrderNo, pageSize: 100 },
      'ops',
    );
    expect(partner.status, partner.body.message).toBe(200);
    expect(partner.body.results).toEqual([]);
  });

  it("shows an agent only its scope's lines, and another company's order to nobody of it", async () => {
    const mine = await reportRows({ AgentName: rsp.name }, 'rsp');
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((r) => r.AgentName))).toEqual(new Set([rsp.name]));
    const supplied = await reportRows({ OrderNo: ccpOrder.OrderNo }, 'rsp');
    expect(supplied.map((r) => r.AgentName)).toEqual([ccp]);
    const otherCcp = await reportRows({ OrderNo: order.OrderNo }, 'ccp');
    expect(otherCcp).toEqual([]);
    const unknown = await call('/orderItem/search', { PageID: REPORT, Nonsense: '1' }, 'rsp');
    expect(unknown.status).toBe(400);
  });

  it('forces the export parameters of SPEC §6: the own line, whatever the agent asks; the file holds its screen', async () => {
    // The agent asks for the partner line: the export keeps the own line, with the CCP's order the screen shows.
    const agent = await exportSheet('rsp', {
      configCode: 'UnisOrderItemReport',
      extItemOrderChannel_SDK: '111',
      OrderNo: 'DD',
    });
    const orderNos = new Set(agent.slice(1).map((r) => r[0]));
    expect(orderNos.has(order.OrderNo)).toBe(true);
    expect(orderNos.has(ccpOrder.OrderNo)).toBe(true);
    const onScreen = await call('/orderItem/search', { PageID: REPORT, pageSize: 1, OrderNo: 'DD' }, 'rsp');
    expect(agent.length - 1).toBe(onScreen.body.totalSize);

    // Sales operations get both, and the sheet's figures are the list's.
    const staff = await exportSheet('ops', { configCode: 'UnisOrderItemReport', OrderNo: order.OrderNo });
    const header = staff[0];
    const paidAt = header.indexOf('行已回款（元）');
    expect(paidAt).toBeGreaterThan(0);
    const listed = await reportRows({ OrderNo: order.OrderNo });
    const byFen = (a: number, b: number) => a - b;
    expect(
      staff
        .slice(1)
        .map((r) => fen(r[paidAt]))
        .sort(byFen),
    ).toEqual(listed.map((r) => fen(r.PaidAmount)).sort(byFen));
  });
});

describe('the order report counts what the dashboard counts', () => {
  /** Every line of the own-line report of November 2026 the caller may read, page by page. */
  async function novemberLines(who: string) {
    const lines: Record<string, string | number>[] = [];
    for (let page = 1; ; page++) {
      const answer = await call(
        '/orderItem/search',
        {
          PageID: REPORT,
          OrderDateStart: '2026-11-01',
          OrderDateEnd: '2026-11-30',
          pageSize: 100,
          currentPage: page,
        },
        who,
      );
      expect(answer.status, answer.body.message).toBe(200);
      lines.push(...answer.body.results);
      if (lines.length >= answer.body.totalSize) return lines;
    }
  }

  it("holds each order in force once, and the month's orders and amount are the dashboard's", async () => {
    // A draft of this month is entered and not submitted: it is no line of the report.
    const draft = await enter(rsp.name, [[products[0], 7]]);
    for (const who of ['rsp', 'ops']) {
      const lines = await novemberLines(who);
      expect(lines.length, who).toBeGreaterThan(0);
      expect(lines.some((l) => l.OrderNo === draft.OrderNo)).toBe(false);
      expect(new Set(lines.map((l) => l.ApprovalStatus))).toSatisfy((s: Set<unknown>) =>
        [...s].every((status) => status === '121' || status === '151'),
      );
      const figures = await ownLineFigures(who);
      expect(new Set(lines.map((l) => l.OrderNo)).size, who).toBe(figures.OrderCount);
      expect(
        lines.reduce((sum, l) => sum + fen(l.LineAmount), 0),
        who,
      ).toBe(fen(figures.OrderAmount));
    }
  });

  it('finds the lines of orders in force by their status', async () => {
    const effective = await reportRows({ OrderNo: order.OrderNo, ApprovalStatus: '121' });
    expect(effective.length).toBeGreaterThan(0);
    expect(await reportRows({ OrderNo: order.OrderNo, ApprovalStatus: '151' })).toEqual([]);
  });

  it('dates every order: none is left without an order date, service orders included', async () => {
    const undated = await one<{ n: number }>(
      sql`select count(*)::int as n from sales_order where order_date is null`,
    );
    expect(undated.n).toBe(0);
  });
});
