import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { zh } from '../../locales/zh/messages';
import { startTestApp, type TestApp } from './harness';

/**
 * Sales reporting computed from the records (docs/reports.md): a stock line opens at the last closing
 * (blocking, at import); the monthly shipment report puts the vendor's shipments, entered here
 * through the order and delivery services, beside the purchases the agent imported; differences over
 * 2% and serial numbers on one side only land in the warning list, as does a distributor's reported
 * sale to an RSP that the RSP's purchases do not match.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let gd: { id: string; name: string };
let rsp: { name: string; credit: string };
/** Three products of distinct models the demo never reported: [code, model]. */
let items: { code: string; model: string }[];
let period = '';

type Row = Record<string, string | number | null>;
const STOCK = 'report.distributorStockReport';
const PURCHASE = 'report.distributorPurchaseReport';
const SALES = 'report.distributorSalesReport';
const MONTHLY = 'report.monthlyShipmentReport';
const WARNINGS = 'report.reconcileWarnings';

const db = () => t.database.db;
const call = (path: string, body: unknown, who = 'ops') => t.post(path, body, tokens[who]);

async function one<T>(query: { execute(db: unknown): Promise<{ rows: unknown[] }> }) {
  return (await query.execute(db())).rows[0] as T;
}

function labelOf(resource: string, field: string): string {
  const own = (zh.field as Record<string, Record<string, string>>)[resource]?.[field];
  return own ?? (zh.field.common as Record<string, string>)[field] ?? field;
}

/** A workbook as a person fills the template of a page's import. */
async function workbook(pageId: string, rows: Row[]): Promise<Buffer> {
  const page = pageById(pageId)!;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(page.import!.fields.map((f) => labelOf(page.resource!, f.field)));
  for (const row of rows) sheet.addRow(page.import!.fields.map((f) => row[f.field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(pageId: string, rows: Row[], who: string) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="PageID"\r\n\r\n${pageId}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="lines.xlsx"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    await workbook(pageId, rows),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/import/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': tokens[who] },
  });
  return { status: response.statusCode, body: response.json() };
}

const stock = (p: string, model: string, opening: number, inflow: number, out: number): Row => ({
  AgentName: gd.name,
  Period: p,
  ProductModel: model,
  OpeningQuantity: opening,
  PurchaseQuantity: inflow,
  SalesQuantity: out,
  ClosingQuantity: opening + inflow - out,
});

const purchase = (agent: string, supplier: string, model: string, quantity: number, serials = ''): Row => ({
  AgentName: agent,
  Period: period,
  SupplierName: supplier,
  ProductModel: model,
  Quantity: quantity,
  UnitPrice: '100.00',
  InboundDate: `${period}-20`,
  SerialNo: serials,
});

const list = async (pageId: string, body: Record<string, unknown>, who = 'ops') => {
  const answer = await call('/reportReconciliation/search', { PageID: pageId, pageSize: 100, ...body }, who);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results as Row[];
};

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'gd', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  gd = await one(sql`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'gd'`);
  rsp = await one(sql`select c.name, c.credit_code as credit from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`);
  items = (
    await sql<{ code: string; model: string }>`select distinct on (p.data->>'ProductModel')
        p.product_code as code, p.data->>'ProductModel' as model
      from product p where p.standard_price between 1000 and 50000 and coalesce(p.category, '') <> '181'
        and p.data->>'ProductModel' is not null
        and not exists (select 1 from record r join employee e on e.company_id = r.company_id
          where e.username in ('gd', 'rsp') and r.resource in ('stockReport', 'purchaseReport', 'salesReport')
            and r.data->>'ProductModel' = p.data->>'ProductModel')
      order by p.data->>'ProductModel', p.product_code limit 3`.execute(db())
  ).rows;
  // The distributor orders on credit, so its order passes approval unpaid; sales operations enter it.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${gd.id}`.execute(db());
  const entered = await call('/order/create', {
    PageID: 'ordersSetup.selfBuiltOrder',
    OrderType: '101',
    AgentName: gd.name,
    EndUserName: 'Stock',
    OrderDate: '2026-11-20',
    PaymentMethod: '101',
    DeliveryMethod: '101',
    ReceiverName: 'Receiver',
    ReceiverPhone: '13800000000',
    ReceiverAddress: 'Xuanwu District No. 1',
    Lines: [
      { ProductCode: items[0].code, Quantity: 3 },
      { ProductCode: items[1].code, Quantity: 10 },
      { ProductCode: items[2].code, Quantity: 2 },
    ],
  });
  if (entered.status !== 200) throw new Error(`order: ${entered.body.message}`);
  const order = entered.body.results;
  await call('/orderApproval/submit', { ObjectID: order.ObjectID, Version: order.Version });
  const agreed = await call('/workflow/decide', {
    workflow: 'orderApproval',
    ObjectID: order.ObjectID,
    command: 'agree',
    payload: {},
  });
  if (agreed.status !== 200) throw new Error(`approve: ${agreed.body.message}`);
  const { v } = await one<{ v: number }>(
    sql`select version as v from sales_order where object_id = ${order.ObjectID}`,
  );
  const serials = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);
  const shipped = await call('/shipment/ship', {
    ObjectID: order.ObjectID,
    Version: v,
    LogisticsCompany: 'SF Express',
    TrackingNo: 'SF-RECON-1',
    Lines: [
      { LineNo: 1, Quantity: 3, SerialNumbers: serials('RCA', 3) },
      { LineNo: 2, Quantity: 10, SerialNumbers: serials('RCB', 10) },
      { LineNo: 3, Quantity: 2, SerialNumbers: serials('RCC', 2) },
    ],
  });
  if (shipped.status !== 200) throw new Error(`ship: ${shipped.body.message}`);
  period = (
    await one<{ p: string }>(sql`select to_char(min(ship_date), 'YYYY-MM') as p from shipment
      where order_id = ${order.ObjectID}`)
  ).p;
});
afterAll(() => t?.close());

describe('the stock report: opening = last closing', () => {
  it('refuses a file whose opening is not the last closing, stored or earlier in the same file', async () => {
    const model = items[0].model;
    const first = await upload(STOCK, [stock('2027-03', model, 10, 5, 3)], 'gd');
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const wrong = await upload(STOCK, [stock('2027-04', model, 11, 0, 1)], 'gd');
    expect(wrong.status).toBe(422);
    expect(wrong.body.results.Rejected).toEqual([
      { Row: 2, Reasons: [expect.stringMatching(/期初库存.*2027-03.*12.*11/)] },
    ]);
    // Within one file: May opens at April's closing above it, not at March's.
    const inFile = await upload(
      STOCK,
      [stock('2027-04', model, 12, 0, 2), stock('2027-05', model, 12, 1, 0)],
      'gd',
    );
    expect(inFile.status).toBe(422);
    expect(inFile.body.results.Rejected.map((r: { Row: number }) => r.Row)).toEqual([3]);
    const rows = await sql<{ period: string }>`select data->>'Period' as period from record
      where resource = 'stockReport' and company_id = ${gd.id} and data->>'ProductModel' = ${model}`.execute(
      db(),
    );
    expect(rows.rows.map((r) => r.period)).toEqual(['2027-03']);

    const right = await upload(
      STOCK,
      [stock('2027-04', model, 12, 0, 2), stock('2027-05', model, 10, 1, 0)],
      'gd',
    );
    expect(right.status, JSON.stringify(right.body)).toBe(200);
  });
});

describe('the monthly shipment report and the warning list', () => {
  beforeAll(async () => {
    const [a, b, c] = items.map((i) => i.model);
    const answer = await upload(
      PURCHASE,
      [
        purchase(gd.name, 'Vendor', a, 3, 'RCA-1, RCA-2, RCA-3'),
        purchase(gd.name, 'Vendor', b, 9),
        purchase(gd.name, 'Vendor', c, 2, 'RCC-1; RCC-9'),
      ],
      'gd',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The distributor reports selling 4 of the first model to the RSP; the RSP's purchases say 3.
    const sold = await upload(
      SALES,
      [
        {
          AgentName: gd.name,
          Period: period,
          CustomerName: rsp.name,
          CreditCode: rsp.credit,
          SalesCustomerType: '101',
          ProductModel: a,
          Quantity: 4,
          UnitPrice: '120.00',
          OutboundDate: `${period}-21`,
        },
      ],
      'gd',
    );
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const bought = await upload(PURCHASE, [purchase(rsp.name, gd.name, a, 3)], 'ops');
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  });

  it("puts the vendor's shipments beside the purchases the agent reported, as their sums", async () => {
    const rows = await list(MONTHLY, { Period: period, AgentName: gd.name, sort: 'ProductModel' });
    const mine = rows.filter((r) => items.some((i) => i.model === r.ProductModel));
    expect(
      mine.map((r) => [
        r.ProductModel,
        r.SuppliedQuantity,
        r.PurchasedQuantity,
        r.DifferenceRate,
        r.SerialMismatch,
        r.ReconcileStatus,
      ]),
    ).toEqual([
      [items[0].model, 3, 3, '0.00', 0, '111'],
      [items[1].model, 10, 9, '10.00', 0, '121'],
      [items[2].model, 2, 2, '0.00', 2, '121'],
    ]);
    // The vendor's shipments are its own line's: a partner shipment the distributor received in the
    // month (the demo's pulled one) is the partner's goods and is not supplied by the vendor.
    const sums = await one<{ shipped: number; reported: number }>(sql`select
        (select sum(s.quantity)::int from shipment s where s.company_id = ${gd.id}
          and to_char(s.ship_date, 'YYYY-MM') = ${period} and s.order_channel = '101') as shipped,
        (select sum((r.data->>'Quantity')::int)::int from record r where r.resource = 'purchaseReport'
          and r.company_id = ${gd.id} and r.data->>'Period' = ${period}) as reported`);
    expect(rows.reduce((s, r) => s + Number(r.SuppliedQuantity), 0)).toBe(sums.shipped);
    expect(rows.reduce((s, r) => s + Number(r.PurchasedQuantity), 0)).toBe(sums.reported);
    // No stored report row stands behind it.
    const stored = await one<{ n: number }>(
      sql`select count(*)::int as n from record where resource = 'monthlyShipmentReport'`,
    );
    expect(stored.n).toBe(0);
  });

  it("reconciles the demo's deliveries with the purchases imported for them: one over, the rest matching", async () => {
    const demo = await sql<{
      period: string;
    }>`select distinct report_period(ship_date) as period from shipment s
      where not exists (select 1 from sales_order o where o.object_id = s.order_id and o.company_id = ${gd.id})
      order by 1`.execute(db());
    const rows = [];
    for (const { period: p } of demo.rows)
      rows.push(...(await list(MONTHLY, { Period: p })).filter((r) => r.AgentName !== gd.name));
    const statuses = rows.map((r) => r.ReconcileStatus);
    expect(statuses).toContain('111');
    expect(statuses).toContain('121');
    const over = rows.find((r) => Number(r.DifferenceQuantity) === 1);
    expect(over?.ReconcileStatus).toBe('121');
  });

  it('lists the differences over 2% and the serial mismatches, and the distributor-to-RSP cross-check', async () => {
    const rows = await list(WARNINGS, { Period: period });
    const ours = rows.filter((r) => items.some((i) => i.model === r.ProductModel));
    expect(ours.map((r) => [r.AgentName, r.SupplierName, r.ProductModel]).sort()).toEqual(
      [
        [gd.name, null, items[1].model],
        [gd.name, null, items[2].model],
        [rsp.name, gd.name, items[0].model],
      ].sort(),
    );
    const cross = ours.find((r) => r.AgentName === rsp.name)!;
    expect(cross).toMatchObject({
      VendorSupplied: false,
      SuppliedQuantity: 4,
      PurchasedQuantity: 3,
      DifferenceRate: '25.00',
    });
  });

  it('shows an agent only its own rows; a role without the reports is refused', async () => {
    const seen = await list(WARNINGS, { Period: period }, 'gd');
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.AgentName))).toEqual(new Set([gd.name]));
    const rspSeen = await list(WARNINGS, { Period: period }, 'rsp');
    expect(new Set(rspSeen.map((r) => r.AgentName))).toEqual(new Set([rsp.name]));
    const refused = await call('/reportReconciliation/search', { PageID: MONTHLY, Period: period }, 'ccp');
    expect(refused.status).toBe(403);
  });
});
