import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { startTestApp, type TestApp } from './harness';
import { labelOf, type Row, upload } from './report-upload';

/**
 * The modification log of report lines (docs/reports.md "Opinions and the modification log"): every
 * field an edit changes, and every line an import replaces, is logged in the change's transaction —
 * who, when, before and after, and the edit's reason, which a change of a submitted line cannot do without.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const SALES = 'report.distributorSalesReport';
const STOCK = 'report.distributorStockReport';
const SALES_FORM = 'report.distributorSalesReportCreate';
const PERIOD = '2027-05';
const BUYER = makeCreditCode('91320100MA1RPT0N2');
let gdName = '';
let models: string[] = [];

const call = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);
const linesOf = async (resource: string, period: string, who = 'gd'): Promise<Row[]> =>
  (await call(`/${resource}/search`, { Period: period, pageSize: 100, sort: 'CreationOn' }, who)).body
    .results;
const logOf = async (filters: Record<string, unknown>, who = 'ops') =>
  (await call('/modificationRecord/search', { pageSize: 100, ...filters }, who)).body as {
    results: Row[];
    totalSize: number;
  };

const sale = (model: string, quantity: number, price: string, remark: string | null = null): Row => ({
  AgentName: gdName,
  Period: PERIOD,
  CustomerName: 'Acme Wuxi',
  CreditCode: BUYER,
  SalesCustomerType: '111',
  ProductModel: model,
  Quantity: quantity,
  UnitPrice: price,
  OutboundDate: `${PERIOD}-12`,
  Remark: remark,
});

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['gd', 'rsp', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  const db = t.database.db;
  gdName = (
    await sql<{ name: string }>`select c.name from employee e join customer c on c.object_id = e.company_id
      where e.username = 'gd'`.execute(db)
  ).rows[0].name;
  // Models the distributor never reported stock of: their first stock line opens freely.
  models = (
    await sql<{ model: string }>`select distinct p.data->>'ProductModel' as model from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      order by 1 limit 2`.execute(db)
  ).rows.map((r) => r.model);
}, 120_000);

afterAll(() => t?.close());

describe('a line imported again', () => {
  it('replaces the stored line and logs it once, with the fields it changed, against the file and its row', async () => {
    const first = [sale(models[0], 3, '1000.00', 'first batch'), sale(models[1], 5, '200.00')];
    expect((await upload(t, SALES, first, tokens.gd, 'may.xlsx')).body.results.Committed).toBe(true);
    const before = await linesOf('salesReport', PERIOD);
    expect(before).toHaveLength(2);

    // The first line's price corrected and its remark cleared; the second sent unchanged.
    const again = [sale(models[0], 3, '1100.00'), sale(models[1], 5, '200.00')];
    const answer = await upload(t, SALES, again, tokens.gd, 'may-corrected.xlsx');
    expect(answer.status).toBe(200);
    const after = await linesOf('salesReport', PERIOD);
    expect(after.map((l) => l.ObjectID)).toEqual(before.map((l) => l.ObjectID));
    const corrected = after.find((l) => l.ProductModel === models[0])!;
    expect(corrected).toMatchObject({ UnitPrice: '1100.00', Amount: '3300.00', Remark: null });
    const untouched = after.find((l) => l.ProductModel === models[1])!;
    expect(untouched.Version).toBe(before.find((l) => l.ProductModel === models[1])!.Version);

    const log = await logOf({ Period: PERIOD, AgentName: gdName, ReportType: '111' });
    const rows = log.results;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      FieldName: 'Line',
      ChangeSource: '111',
      FileName: 'may-corrected.xlsx',
      LineNo: 2,
      ProductModel: models[0],
      ModifiedByUserName: 'gd',
      ModifyReason: null,
    });
    const price = labelOf('salesReport', 'UnitPrice');
    const remark = labelOf('salesReport', 'Remark');
    expect(rows[0].OldValue).toContain(`${price} / `);
    expect(String(rows[0].OldValue)).toMatch(new RegExp(`: 1,000\\.00; .*${remark} / [^:]+: first batch`));
    expect(String(rows[0].NewValue)).toMatch(new RegExp(`: 1,100\\.00; .*${remark} / [^:]+: —`));
  });

  it('replaces a stock line of the same model and period', async () => {
    const stock = (closing: number): Row => ({
      AgentName: gdName,
      Period: '2027-06',
      ProductModel: models[0],
      OpeningQuantity: 0,
      PurchaseQuantity: 10,
      SalesQuantity: 10 - closing,
      ClosingQuantity: closing,
    });
    expect((await upload(t, STOCK, [stock(4)], tokens.gd, 'stock.xlsx')).body.results.Committed).toBe(true);
    expect((await upload(t, STOCK, [stock(6)], tokens.gd, 'stock-again.xlsx')).body.results.Committed).toBe(
      true,
    );
    const lines = await linesOf('stockReport', '2027-06');
    expect(lines.map((l) => l.ClosingQuantity)).toEqual([6]);
    const log = (await logOf({ Period: '2027-06', ReportType: '121' })).results;
    const [sales, closing] = [
      labelOf('stockReport', 'SalesQuantity'),
      labelOf('stockReport', 'ClosingQuantity'),
    ];
    expect(log.map((r) => [r.FieldName, r.OldValue, r.NewValue])).toEqual([
      [
        'Line',
        expect.stringMatching(
          new RegExp(`${sales} / [^:]+: 6; ${closing} / [^:]+: 4|${closing} / [^:]+: 4; ${sales} / [^:]+: 6`),
        ),
        expect.stringMatching(
          new RegExp(`${sales} / [^:]+: 4; ${closing} / [^:]+: 6|${closing} / [^:]+: 6; ${sales} / [^:]+: 4`),
        ),
      ],
    ]);
  });
});

describe('an edit through the form', () => {
  it('of a submitted line is refused without a reason, naming it, and writes nothing', async () => {
    const [line] = (await linesOf('salesReport', PERIOD)).filter((l) => l.ProductModel === models[1]);
    const logged = (await logOf({ Period: PERIOD })).totalSize;
    const refused = await call(
      '/salesReport/update',
      { PageID: SALES_FORM, ObjectID: line.ObjectID, Version: line.Version, Quantity: 6 },
      'gd',
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(labelOf('salesReport', 'ModifyReason'));
    const [still] = (await linesOf('salesReport', PERIOD)).filter((l) => l.ProductModel === models[1]);
    expect([still.Quantity, still.Version]).toEqual([5, line.Version]);
    expect((await logOf({ Period: PERIOD })).totalSize).toBe(logged);
  });

  it('is logged field by field with its reason, and the line keeps no reason of its own', async () => {
    const [line] = (await linesOf('salesReport', PERIOD)).filter((l) => l.ProductModel === models[1]);
    const saved = await call(
      '/salesReport/update',
      {
        PageID: SALES_FORM,
        ObjectID: line.ObjectID,
        Version: line.Version,
        Quantity: 6,
        ModifyReason: 'One unit shipped late',
      },
      'gd',
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.results).toMatchObject({ Quantity: 6, Amount: '1200.00' });
    expect(saved.body.results.ModifyReason).toBeUndefined();
    const log = (await logOf({ Period: PERIOD, ChangeSource: '101' })).results;
    expect(log.map((r) => `${r.FieldName} ${r.OldValue}→${r.NewValue}`).sort()).toEqual([
      'Amount 1,000.00→1,200.00',
      'Quantity 5→6',
    ]);
    expect(
      log.every((r) => r.ModifyReason === 'One unit shipped late' && r.ModifiedByUserName === 'gd'),
    ).toBe(true);
    const detail = await call('/modificationRecord/getOne', { ObjectID: log[0].ObjectID }, 'gd');
    expect(detail.body.results[0]).toMatchObject({ AgentName: gdName, Period: PERIOD, ReportType: '111' });

    // A save that changes nothing logs nothing and asks for no reason.
    const fresh = (await linesOf('salesReport', PERIOD)).find((l) => l.ProductModel === models[1])!;
    const same = await call(
      '/salesReport/update',
      { PageID: SALES_FORM, ObjectID: fresh.ObjectID, Version: fresh.Version, Quantity: 6 },
      'gd',
    );
    expect(same.status).toBe(200);
    expect((await logOf({ Period: PERIOD, ChangeSource: '101' })).totalSize).toBe(2);
  });
});

describe('the modification records', () => {
  it('are read within scope and written by no one', async () => {
    const mine = await logOf({ Period: PERIOD }, 'gd');
    // The line imported again (one row) and the edit through the form (its quantity and amount).
    expect(mine.totalSize).toBe(3);
    expect((await logOf({ Period: PERIOD }, 'rsp')).totalSize).toBe(0);
    const id = mine.results[0].ObjectID;
    expect((await call('/modificationRecord/getOne', { ObjectID: id }, 'rsp')).status).toBe(404);
    for (const verb of ['create', 'update', 'delete'])
      expect(
        (await call(`/modificationRecord/${verb}`, { ObjectID: id, Version: 1, OldValue: 'x' }, 'ops'))
          .status,
      ).toBe(403);
  });

  it('hold the demo changes: a price imported again and a quantity edited with its reason', async () => {
    const demo = (await logOf({ Period: '2026-10', ReportType: '111' }, 'gd')).results;
    expect(new Set(demo.map((r) => r.ChangeSource))).toEqual(new Set(['101', '111']));
    expect(demo.filter((r) => r.ChangeSource === '101').every((r) => r.ModifyReason)).toBe(true);
  });
});
