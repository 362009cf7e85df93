import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportType } from '../../domain/codes/reports.codes';
import { checkBooks } from '../../server/books/check-books';
import { up as linesHoldTheirModel } from '../../server/db/migrations/120-report-lines-hold-their-model.migration';
import { type Row, SALES, STOCK, useReportStates } from './report-states.kit';

/**
 * Lines stored before a report line held its model (docs/imports.md "A report line names a model"):
 * one named its product by number or name as typed, so the model's own line beside it counted the same
 * stock twice. Such lines are simulated here by storing a line's product as it was once stored.
 */
const { kit, upload, sale, linesOf, reportOf } = useReportStates();
const db = () => kit.t.database.db;

interface Product {
  code: string;
  name: string;
  model: string;
}
/** Models nobody reported stock or sales of, each with a product number and a name of its own. */
let products: Product[] = [];

beforeAll(async () => {
  const found = await sql<Product>`select distinct on (data->>'ProductModel') product_code as code, name,
      data->>'ProductModel' as model from product p
    where data->>'ProductModel' not in (product_code, name)
      and not exists (select 1 from product o where o.product_code <> p.product_code
        and (o.name = p.name or o.product_code = p.name or coalesce(o.data->>'ProductModel', o.product_code) in (p.product_code, p.name)))
      and not exists (select 1 from record r where r.resource in ('stockReport', 'salesReport')
        and r.data->>'ProductModel' = p.data->>'ProductModel')
      and data->>'ProductModel' <> ${kit.model}
    order by data->>'ProductModel', product_code limit 5`.execute(db());
  products = found.rows;
  expect(products).toHaveLength(5);
});

/** A stock line of the distributor: opening + in − out = closing. */
const stock = (model: string, period: string, opening: number, closing: number): Row => ({
  AgentName: kit.gdName,
  Period: period,
  ProductModel: model,
  OpeningQuantity: opening,
  PurchaseQuantity: closing - opening + 3,
  SalesQuantity: 3,
  ClosingQuantity: closing,
});

/** Stores a line's product as lines were once stored (as typed), and makes it the older line. */
async function storeAsOnce(resource: string, period: string, typed: string, daysEarlier = 1) {
  const changed =
    await sql`update record set data = data || jsonb_build_object('ProductModel', ${typed}::text),
      created_at = created_at - make_interval(days => ${daysEarlier}),
      updated_at = updated_at - make_interval(days => ${daysEarlier})
    where resource = ${resource} and company_id = ${kit.gdId} and data->>'Period' = ${period}`.execute(db());
  expect(Number(changed.numAffectedRows)).toBe(1);
}

/** The labels `checkBooks` names under one invariant of the reports. */
async function named(key: string) {
  const report = await checkBooks(db(), (k) => k === `reports.${key}`);
  expect(report.checks[0].failure).toBeUndefined();
  return report.checks[0].rows.map((row) => ({ label: String(row.label), model: row.model }));
}

describe('report lines stored under a product number or name', () => {
  it("are merged into the model's line as an import would: one line, the last figures, a report counted once", async () => {
    const [product] = products;
    // An old line filed under the product's number, and the model's own line of the month added beside it.
    expect((await upload(STOCK, [stock(product.model, '2038-01', 0, 10)], 'gd')).status).toBe(200);
    await storeAsOnce('stockReport', '2038-01', product.code, 3);
    const [old] = await linesOf('stockReport', '2038-01');
    const twice = await upload(STOCK, [stock(product.model, '2038-01', 0, 12)], 'gd');
    expect(twice.body.results).toMatchObject({ AddedCount: 1 });
    expect((await reportOf('2038-01', ReportType.stock))?.TotalQuantity).toBe('22');
    // The books check names the line of no known model, by its report.
    const report = (await reportOf('2038-01', ReportType.stock))!;
    expect(await named('linesNameAKnownModel')).toEqual([{ label: report.ReportNo, model: product.code }]);

    await linesHoldTheirModel(db() as never);

    const lines = await linesOf('stockReport', '2038-01');
    // The older line is the one kept (the one a file corrects), with what was written last.
    expect(lines.map((l) => [l.ObjectID, l.ProductModel, l.ClosingQuantity])).toEqual([
      [old.ObjectID, product.model, 12],
    ]);
    expect(await reportOf('2038-01', ReportType.stock)).toMatchObject({ TotalQuantity: '12', LineCount: 1 });
    expect(await named('linesNameAKnownModel')).toEqual([]);
    expect(await named('oneLinePerKey')).toEqual([]);
    expect(await named('countsTheLinesItLists')).toEqual([]);
    // A file naming the model now corrects that line.
    const corrected = await upload(STOCK, [stock(product.model, '2038-01', 0, 11)], 'gd');
    expect(corrected.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 1 });
  });

  it("joins the model's stock chain: a month that opened at 0 beside the old line is flagged to correct", async () => {
    const product = products[1];
    expect((await upload(STOCK, [stock(product.model, '2038-03', 0, 10)], 'gd')).status).toBe(200);
    await storeAsOnce('stockReport', '2038-03', product.code);
    // The month after opened freely: its model had no month before it, as lines were then read.
    expect((await upload(STOCK, [stock(product.model, '2038-04', 0, 7)], 'gd')).status).toBe(200);
    expect(await reportOf('2038-04', ReportType.stock)).toMatchObject({ OpeningMismatch: false });

    await linesHoldTheirModel(db() as never);

    expect(await reportOf('2038-04', ReportType.stock)).toMatchObject({ OpeningMismatch: true });
    expect((await linesOf('stockReport', '2038-04'))[0]).toMatchObject({
      OpeningQuantity: 0,
      ExpectedOpening: 10,
    });
    // The agent corrects the month by the model, and the chain and the books are whole again.
    const fixed = await upload(STOCK, [stock(product.model, '2038-04', 10, 7)], 'gd');
    expect(fixed.body.results).toMatchObject({ ReplacedCount: 1 });
    expect(await reportOf('2038-04', ReportType.stock)).toMatchObject({ OpeningMismatch: false });
    const books = await checkBooks(db(), (k) => k.startsWith('reports.'));
    expect(books.checks.filter((c) => c.total || c.failure).map((c) => c.key)).toEqual([]);
  });

  it("gives a line named by the product's name its model, and leaves a line of another key alone", async () => {
    const product = products[2];
    const byName = { ...sale('2038-03', 4), ProductModel: product.model };
    expect((await upload(SALES, [byName], 'gd')).status).toBe(200);
    await storeAsOnce('salesReport', '2038-03', product.name);
    const [before] = await linesOf('salesReport', '2038-03');
    // Another day's sale of the same model is another line: it stays one.
    const otherDay = { ...sale('2038-03', 5, '09'), ProductModel: product.model };
    expect((await upload(SALES, [otherDay], 'gd')).body.results).toMatchObject({ AddedCount: 1 });

    await linesHoldTheirModel(db() as never);

    const lines = await linesOf('salesReport', '2038-03');
    expect(lines.map((l) => [l.ProductModel, l.Quantity]).sort()).toEqual([
      [product.model, 4],
      [product.model, 5],
    ]);
    expect(lines.find((l) => l.Quantity === 4)?.ObjectID).toBe(before.ObjectID);
    expect(await reportOf('2038-03', ReportType.sales)).toMatchObject({ TotalQuantity: '9', LineCount: 2 });
  });

  it("never merges two agents' lines, and keeps a product the table does not know for the books to name", async () => {
    const product = products[3];
    expect((await upload(STOCK, [stock(product.model, '2038-05', 0, 6)], 'gd')).status).toBe(200);
    await storeAsOnce('stockReport', '2038-05', product.code);
    // Another agent's line of the same key: the RSP's own stock of the model that month.
    const rsp = await upload(
      STOCK,
      [{ ...stock(product.model, '2038-05', 0, 4), AgentName: kit.rspName }],
      'rsp',
    );
    expect(rsp.status, JSON.stringify(rsp.body)).toBe(200);
    // And a line whose product no product file names at all.
    expect((await upload(STOCK, [stock(products[4].model, '2038-06', 0, 2)], 'gd')).status).toBe(200);
    await storeAsOnce('stockReport', '2038-06', 'NO-SUCH-MODEL-9');

    await linesHoldTheirModel(db() as never);

    expect((await linesOf('stockReport', '2038-05')).map((l) => [l.ProductModel, l.ClosingQuantity])).toEqual(
      [[product.model, 6]],
    );
    expect((await reportOf('2038-05', ReportType.stock, 'rsp'))?.TotalQuantity).toBe('4');
    expect((await linesOf('stockReport', '2038-06'))[0].ProductModel).toBe('NO-SUCH-MODEL-9');
    const report = (await reportOf('2038-06', ReportType.stock))!;
    expect(await named('linesNameAKnownModel')).toEqual([
      { label: report.ReportNo, model: 'NO-SUCH-MODEL-9' },
    ]);
    // Run again, it changes nothing.
    const stamp = await sql<{ v: number }>`select sum(version)::int as v from record
      where resource in ('stockReport', 'salesReport')`.execute(db());
    await linesHoldTheirModel(db() as never);
    const again = await sql<{ v: number }>`select sum(version)::int as v from record
      where resource in ('stockReport', 'salesReport')`.execute(db());
    expect(again.rows[0].v).toBe(stamp.rows[0].v);
    await sql`delete from record where resource = 'stockReport' and data->>'ProductModel' = 'NO-SUCH-MODEL-9'`.execute(
      db(),
    );
  });
});
