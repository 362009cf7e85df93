import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ReportType } from '../../domain/codes/reports.codes';
import { type Row, SALES, STOCK, useReportStates } from './report-states.kit';

const { kit, upload, sale, linesOf, reportOf } = useReportStates();
const db = () => kit.t.database.db;

/** A stock line of the distributor: opening + in − out = closing. */
const stock = (model: string, period: string, opening: number, closing: number): Row => ({
  AgentName: kit.gdName,
  Period: period,
  ProductModel: model,
  OpeningQuantity: opening,
  PurchaseQuantity: closing - opening,
  SalesQuantity: 0,
  ClosingQuantity: closing,
});

/** A model the distributor never reported stock of, with a product number and a name of it. */
async function freshProduct() {
  const found = await sql<{ code: string; name: string; model: string }>`select product_code as code, name,
      data->>'ProductModel' as model from product p
    where data->>'ProductModel' not in (product_code, name) and not exists (select 1 from record r
      where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
    order by product_code limit 1`.execute(db());
  return found.rows[0];
}

describe('a report line naming its product by number or name', () => {
  it("is the model's line: a file naming the number corrects it, the report's stock is not doubled", async () => {
    const product = await freshProduct();
    const first = await upload(STOCK, [stock(product.model, '2037-01', 0, 10)], 'gd');
    expect(first.status).toBe(200);
    const byNumber = await upload(STOCK, [stock(product.code, '2037-01', 0, 12)], 'gd');
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 1 });
    const byName = await upload(STOCK, [stock(product.name, '2037-01', 0, 12)], 'gd');
    expect(byName.body.results).toMatchObject({ AddedCount: 0, UnchangedCount: 1 });
    const lines = await linesOf('stockReport', '2037-01');
    expect(lines.map((l) => [l.ProductModel, l.ClosingQuantity])).toEqual([[product.model, 12]]);
    expect((await reportOf('2037-01', ReportType.stock))?.TotalQuantity).toBe('12');
  });

  it("keeps the model's stock chain: the next month named by number opens at the model's closing", async () => {
    const product = await freshProduct();
    expect((await upload(STOCK, [stock(product.model, '2037-03', 0, 11)], 'gd')).status).toBe(200);
    const answer = await upload(STOCK, [stock(product.code, '2037-04', 0, 4)], 'gd');
    expect(answer.status).toBe(422);
    expect(answer.body.results.Rejected).toEqual([
      { Row: 2, Reasons: ['期初库存应等于2037-03的期末库存11，实为0'] },
    ]);
    expect(await linesOf('stockReport', '2037-04')).toEqual([]);
  });

  it('refuses one file naming a model twice, once by its number', async () => {
    const product = await freshProduct();
    const answer = await upload(
      STOCK,
      [stock(product.model, '2037-06', 0, 5), stock(product.code, '2037-06', 0, 5)],
      'gd',
    );
    expect(answer.status).toBe(422);
    expect(answer.body.results.Rejected).toHaveLength(1);
    expect(answer.body.results.Rejected[0].Row).toBe(3);
    expect(await linesOf('stockReport', '2037-06')).toEqual([]);
  });
});

describe("a line whose day lies outside its report's month", () => {
  it('refuses the whole file, naming the row and the period', async () => {
    const answer = await upload(
      SALES,
      [sale('2037-08'), { ...sale('2037-08', 4, '05'), OutboundDate: '2036-12-30' }],
      'gd',
    );
    expect(answer.status).toBe(422);
    expect(answer.body.results.Rejected).toEqual([{ Row: 3, Reasons: [expect.stringContaining('2037-08')] }]);
    expect(await linesOf('salesReport', '2037-08')).toEqual([]);
  });
});
