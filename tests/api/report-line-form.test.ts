import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SALES, useReportStates } from './report-states.kit';

const { kit, call, upload, sale, linesOf } = useReportStates();
const db = () => kit.t.database.db;

/** A sales line entered on the distributor's form, with what the form adds to the import's columns. */
const entered = (period: string, changes: Record<string, unknown> = {}) =>
  call(
    '/salesReport/create',
    { PageID: 'report.distributorSalesReportCreate', ...sale(period), ProvinceName: '江苏省', ...changes },
    'gd',
  );

/** The distributor's reports of a period, whatever the list would show: a bad period must open none. */
const reportsOf = async (period: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from agent_report
      where company_id = ${kit.gdId} and period = ${period}`.execute(db())
  ).rows[0].n;

/** A product whose number and name differ from its model, and the model. */
async function productNamedThreeWays() {
  const found = await sql<{ code: string; name: string; model: string }>`select product_code as code, name,
      data->>'ProductModel' as model from product
    where data->>'ProductModel' not in (product_code, name) order by product_code limit 1`.execute(db());
  return found.rows[0];
}

describe('a sales line entered on a form', () => {
  it('is refused for a model the vendor does not sell, naming the field, and nothing is written', async () => {
    const answer = await entered('2035-07', { ProductModel: 'NO-SUCH-MODEL' });
    expect([answer.status, answer.body.field]).toEqual([400, 'ProductModel']);
    expect(answer.body.message).toContain('NO-SUCH-MODEL');
    expect(await linesOf('salesReport', '2035-07')).toEqual([]);
    expect(await reportsOf('2035-07')).toBe(0);
  });

  it('is refused for a month that does not exist, and opens no report of it', async () => {
    for (const period of ['2035-13', 'next month']) {
      const answer = await entered(period, { OutboundDate: '2035-12-03' });
      expect([answer.status, answer.body.field]).toEqual([400, 'Period']);
      expect(await reportsOf(period)).toBe(0);
    }
  });

  it('is refused for a wrong credit code and for part of a unit, as the import refuses them', async () => {
    const credit = await entered('2035-07', { CreditCode: '91320100MA1PRTAL0X' });
    expect([credit.status, credit.body.field]).toEqual([400, 'CreditCode']);
    const part = await entered('2035-07', { Quantity: 2.5 });
    expect([part.status, part.body.field]).toEqual([400, 'Quantity']);
    expect(part.body.message).toContain('整数');
    expect(await linesOf('salesReport', '2035-07')).toEqual([]);
  });

  it("is refused when its outbound day lies outside its report's month", async () => {
    const answer = await entered('2035-08', { OutboundDate: '2030-01-03' });
    expect([answer.status, answer.body.field]).toEqual([400, 'OutboundDate']);
    expect(answer.body.message).toContain('2035-08');
    expect(await linesOf('salesReport', '2035-08')).toEqual([]);
  });

  it('holds the model when the product is named by its number, so the same sale is not entered twice', async () => {
    const product = await productNamedThreeWays();
    const first = await entered('2035-09', { ProductModel: product.code });
    expect(first.status, first.body.message).toBe(200);
    const [line] = await linesOf('salesReport', '2035-09');
    expect(line.ProductModel).toBe(product.model);
    const again = await entered('2035-09', { ProductModel: product.model, Quantity: 7 });
    expect([again.status, again.body.field]).toEqual([400, 'OutboundDate']);
    expect(await linesOf('salesReport', '2035-09')).toHaveLength(1);
  });

  it('is an edit refused for a model the vendor does not sell, the line kept as it was', async () => {
    expect((await upload(SALES, [sale('2035-10')], 'gd')).status).toBe(200);
    const [line] = await linesOf('salesReport', '2035-10');
    const answer = await call(
      '/salesReport/update',
      {
        PageID: 'report.distributorSalesReportCreate',
        ObjectID: line.ObjectID,
        Version: line.Version,
        ProductModel: 'NO-SUCH-MODEL',
        ModifyReason: 'Wrong model',
      },
      'gd',
    );
    expect([answer.status, answer.body.field]).toEqual([400, 'ProductModel']);
    expect((await linesOf('salesReport', '2035-10'))[0].ProductModel).toBe(kit.model);
  });
});
