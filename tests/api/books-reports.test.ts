import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReportChangeSource, ReportType } from '../../domain/codes/reports.codes';
import { checkBooks } from '../../server/books/check-books';
import { checkAfterCorruption } from './books-kit';
import { PURCHASE, type Row, SALES, STOCK, useReportStates } from './report-states.kit';

const { kit, call, upload, sale, reportOf, linesOf, decide } = useReportStates();
const db = () => kit.t.database.db;
/** Models the distributor never reported stock of, one for each story of the stock chain. */
let models: string[] = [];

beforeAll(async () => {
  const fresh = await sql<{ model: string }>`select model from (select p.data->>'ProductModel' as model,
        min(p.product_code) as code from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      group by 1) m order by code limit 4`.execute(db());
  models = fresh.rows.map((r) => r.model);
  expect(models).toHaveLength(4);
});

/** What `checkBooks` names under one invariant of the reports: the labels of its violating rows. */
async function named(key: string) {
  const report = await checkBooks(db(), (k) => k === `reports.${key}`);
  expect(report.checks).toHaveLength(1);
  expect(report.checks[0].failure).toBeUndefined();
  return report.checks[0].rows.map((row) => String(row.label));
}

/** A stock line of the distributor's model: opening + in − out = closing. */
const stock = (model: string, period: string, opening: number, closing: number): Row => ({
  AgentName: kit.gdName,
  Period: period,
  ProductModel: model,
  OpeningQuantity: opening,
  PurchaseQuantity: Math.max(closing - opening, 0) + 5,
  SalesQuantity: Math.max(opening - closing, 0) + 5,
  ClosingQuantity: closing,
});

const logOf = async (filters: Record<string, unknown>) =>
  (await call('/modificationRecord/search', { pageSize: 100, ...filters }, 'ops')).body.results as Row[];

describe('the demo world', () => {
  it('balances every invariant of the reports', async () => {
    const report = await checkBooks(db(), (k) => k.startsWith('reports.'));
    expect(report.checks.map((c) => [c.key, c.total, c.failure])).toEqual(
      report.checks.map((c) => [c.key, 0, undefined]),
    );
  });

  it("reconciles the vendor's shipments with the purchases reported for them: one line over on purpose", async () => {
    const answer = await call(
      '/reportReconciliation/search',
      { PageID: 'report.monthlyShipmentReport', pageSize: 100 },
      'ops',
    );
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.totalSize).toBeLessThanOrEqual(100);
    const rows = answer.body.results as Row[];
    const vendor = rows.filter((r) => r.VendorSupplied && r.ReconcileStatus !== '101');
    expect(vendor.length).toBeGreaterThan(3);
    const differing = vendor.filter((r) => Number(r.DifferenceQuantity) !== 0);
    expect(differing.map((r) => r.DifferenceQuantity)).toEqual([1]);
    expect(vendor.filter((r) => r.ReconcileStatus === '111')).toHaveLength(vendor.length - 1);
  });

  it("leaves the partner line's shipments out: they are the partner's goods, not the vendor's", async () => {
    // Each buyer, month and model the demo's pulled partner shipments went to, and whether the vendor
    // also shipped it that month: where it did not, no vendor row may show anything supplied.
    const { rows } = await sql<{ partner: number; ownToo: number; supplied: number }>`
      with shipped as (
        select s.company_id, report_period(s.ship_date) as period,
          coalesce(p.data->>'ProductModel', s.product_code) as model,
          bool_or(s.order_channel = '101') as own, bool_or(s.order_channel = '111') as partner
        from shipment s left join product p on p.product_code = s.product_code
        where s.company_id is not null group by 1, 2, 3)
      select count(*)::int as partner, count(*) filter (where x.own)::int as "ownToo",
        count(*) filter (where not x.own and exists (select 1 from report_reconciliation v
          where v.vendor_supplied and v.company_id = x.company_id and v.period = x.period
            and v.product_model = x.model and v.supplied_quantity > 0))::int as supplied
      from shipped x where x.partner`.execute(db());
    expect(rows[0].partner).toBeGreaterThan(rows[0].ownToo);
    expect(rows[0].supplied).toBe(0);
  });
});

describe('the stock chain, both ways', () => {
  it('takes a file that lists February before January, checking the months in order', async () => {
    const answer = await upload(
      STOCK,
      [stock(models[0], '2031-02', 12, 20), stock(models[0], '2031-01', 0, 12)],
      'gd',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({ Committed: true, AddedCount: 2 });
  });

  it('refuses a file whose months in file order look fine but in month order break the chain', async () => {
    // February, listed first, opens at 0 as a model's first month would; January, below it, closes at 9.
    const answer = await upload(
      STOCK,
      [stock(models[1], '2032-02', 0, 4), stock(models[1], '2032-01', 0, 9)],
      'gd',
    );
    expect(answer.status).toBe(422);
    expect(answer.body.results.Committed).toBe(false);
    expect(answer.body.results.Rejected).toEqual([
      { Row: 2, Reasons: ['期初库存应等于2032-01的期末库存9，实为0'] },
    ]);
    expect(await linesOf('stockReport', '2032-01')).toHaveLength(0);
  });

  it('flags the approved later month a correction leaves behind, on its report and its line', async () => {
    expect(
      (await upload(STOCK, [stock(models[2], '2033-10', 0, 30), stock(models[2], '2033-11', 30, 25)], 'gd'))
        .status,
    ).toBe(200);
    const november = (await reportOf('2033-11', ReportType.stock))!;
    expect((await decide('agentReport', november.ObjectID, 'submit', 'gd')).status).toBe(200);
    expect((await decide('agentReport', november.ObjectID, 'approve', 'channel')).status).toBe(200);
    expect((await named('openingIsLastClosing')).filter((l) => l === november.ReportNo)).toEqual([]);

    // October's closing corrected late: November, approved, no longer opens at it.
    const corrected = await upload(STOCK, [stock(models[2], '2033-10', 0, 28)], 'gd');
    expect(corrected.body.results).toMatchObject({ Committed: true, ReplacedCount: 1, AddedCount: 0 });
    expect(await reportOf('2033-11', ReportType.stock)).toMatchObject({
      ReportStatus: '131',
      OpeningMismatch: true,
    });
    const [line] = await linesOf('stockReport', '2033-11');
    expect(line).toMatchObject({ OpeningQuantity: 30, ExpectedOpening: 28 });
    expect(await named('openingIsLastClosing')).toContain(november.ReportNo);

    // Put back as it was, October no longer leaves November behind.
    expect((await upload(STOCK, [stock(models[2], '2033-10', 0, 30)], 'gd')).body.results.ReplacedCount).toBe(
      1,
    );
    expect((await reportOf('2033-11', ReportType.stock))?.OpeningMismatch).toBe(false);
    expect((await linesOf('stockReport', '2033-11'))[0].ExpectedOpening ?? null).toBeNull();
  });

  it('names a stored month whose opening is not the closing before it', async () => {
    expect(
      (await upload(STOCK, [stock(models[3], '2034-01', 0, 7), stock(models[3], '2034-02', 7, 3)], 'gd'))
        .status,
    ).toBe(200);
    const february = (await reportOf('2034-02', ReportType.stock))!;
    await sql`update record set data = jsonb_set(data, '{OpeningQuantity}', '6')
      where resource = 'stockReport' and company_id = ${kit.gdId}::uuid and data->>'Period' = '2034-02'`.execute(
      db(),
    );
    expect(await named('openingIsLastClosing')).toContain(february.ReportNo);
  });
});

describe('a file imported again', () => {
  it('changes nothing when it is the same file, and says so', async () => {
    const lines = [sale('2035-03', 3, '03'), sale('2035-03', 5, '04'), sale('2035-03', 7, '05')];
    expect((await upload(SALES, lines, 'gd')).body.results).toMatchObject({ AddedCount: 3 });
    // Submitted and returned by the channel manager: the agent sends the same file again.
    const report = (await reportOf('2035-03', ReportType.sales))!;
    expect((await decide('agentReport', report.ObjectID, 'submit', 'gd')).status).toBe(200);
    const returned = await decide('agentReport', report.ObjectID, 'return', 'channel', {
      reason: 'Check prices',
    });
    expect(returned.status).toBe(200);
    const before = await linesOf('salesReport', '2035-03');
    const logged = (await logOf({ Period: '2035-03' })).length;

    const again = await upload(SALES, lines, 'gd');
    expect(again.body.results).toMatchObject({
      Committed: true,
      AddedCount: 0,
      ReplacedCount: 0,
      UnchangedCount: 3,
    });
    const after = await linesOf('salesReport', '2035-03');
    const shape = (rows: Row[]) =>
      rows
        .map((r) => [r.ObjectID, r.OutboundDate, r.Quantity, r.Version])
        .sort((a, b) => `${a[0]}`.localeCompare(`${b[0]}`));
    expect(shape(after)).toEqual(shape(before));
    expect(await logOf({ Period: '2035-03' })).toHaveLength(logged);
    // Nothing corrected, so the report still waits for its correction.
    expect((await reportOf('2035-03', ReportType.sales))?.ReportStatus).toBe('141');
  });

  it('records a changed line once, as replaced, however many of its cells moved', async () => {
    const lines = [sale('2035-04', 3, '03'), sale('2035-04', 5, '04')];
    await upload(SALES, lines, 'gd');
    // The second line's quantity and price change (and so its amount): one line replaced.
    const changed = [lines[0], { ...lines[1], Quantity: 6, UnitPrice: '12.00' }];
    const answer = await upload(SALES, changed, 'gd');
    expect(answer.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 1, UnchangedCount: 1 });
    const log = await logOf({ Period: '2035-04' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      FieldName: 'Line',
      ChangeSource: ReportChangeSource.importedAgain,
      LineNo: 3,
    });
    expect(String(log[0].OldValue)).toContain('数量 / Quantity: 5');
    expect(String(log[0].NewValue)).toContain('数量 / Quantity: 6');
  });

  it('refuses two rows of one line in a file, naming both rows', async () => {
    const answer = await upload(SALES, [sale('2035-05', 3, '03'), sale('2035-05', 4, '03')], 'gd');
    expect(answer.status).toBe(422);
    expect(answer.body.results.Committed).toBe(false);
    expect(answer.body.results.Rejected).toEqual([
      {
        Row: 3,
        Reasons: [
          '与第 2 行是同一行（同一代理商的报表期间、统一社会信用代码、产品型号、出库日期相同）：每行只能出现一次，请合并或删去其一',
        ],
      },
    ]);
    expect(await linesOf('salesReport', '2035-05')).toHaveLength(0);
  });

  it('names lines of one agent that share a key', async () => {
    await upload(PURCHASE, [{ ...purchaseLine('2036-01'), Quantity: 2 }], 'gd');
    const report = (await reportOf('2036-01', ReportType.purchases))!;
    await sql`insert into record (resource, company_id, province_code, city_code, data)
      select resource, company_id, province_code, city_code, data from record
      where resource = 'purchaseReport' and company_id = ${kit.gdId}::uuid and data->>'Period' = '2036-01'`.execute(
      db(),
    );
    expect(await named('oneLinePerKey')).toContain(report.ReportNo);
  });
});

describe("a report's line count", () => {
  it('is its lines: no page deletes a filed line, and a line lost another way names the report', async () => {
    await upload(SALES, [sale('2036-02', 3, '03'), sale('2036-02', 5, '07')], 'gd');
    const report = (await reportOf('2036-02', ReportType.sales))!;
    expect(report).toMatchObject({ LineCount: 2, TotalQuantity: '8' });
    expect(await named('countsTheLinesItLists')).not.toContain(report.ReportNo);
    const [line] = await linesOf('salesReport', '2036-02');
    const refused = await call('/salesReport/delete', { ObjectIDs: [line.ObjectID] }, 'gd');
    expect(refused.status).toBe(403);
    expect(await linesOf('salesReport', '2036-02')).toHaveLength(2);
    await sql`delete from record where object_id = ${String(line.ObjectID)}::uuid`.execute(db());
    expect(await named('countsTheLinesItLists')).toContain(report.ReportNo);
  });
});

/** A purchase line of the distributor from a supplier outside the portal. */
const purchaseLine = (period: string): Row => ({
  AgentName: kit.gdName,
  Period: period,
  SupplierName: 'Vendor',
  ProductModel: kit.model,
  Quantity: 2,
  UnitPrice: '5.00',
  InboundDate: `${period}-05`,
});

describe('a line entered on a form', () => {
  it('is refused when the agent already holds a line of its key, naming the field', async () => {
    await upload(SALES, [sale('2035-06', 3, '03')], 'gd');
    const second = await call(
      '/salesReport/create',
      {
        PageID: 'report.distributorSalesReportCreate',
        ...sale('2035-06', 9, '03'),
        CustomerName: 'Acme',
        ProvinceName: '江苏省',
      },
      'gd',
    );
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('出库日期');
    expect(await linesOf('salesReport', '2035-06')).toHaveLength(1);
  });
});

describe('the monthly shipment report', () => {
  it('counts a shipment in the month of its date, the month written YYYY-MM', async () => {
    // report_period reads the date's year and month itself, and writes them as to_char does.
    const { rows } = await sql<{ day: string; period: string | null; written: string | null }>`
      select d::text as day, report_period(d) as period, to_char(d, 'YYYY-MM') as written
      from (select generate_series('1999-12-01'::date, '2031-01-31'::date, interval '1 day')::date as d
        union all select unnest(array['0005-01-01', '0044-03-15 BC', '12345-06-07', 'infinity']::date[])) x`.execute(
      db(),
    );
    expect(rows.length).toBeGreaterThan(11_000);
    expect(rows.filter((r) => r.period !== r.written)).toEqual([]);
  });

  it('names a buyer, month and model whose vendor shipment the report no longer counts', async () => {
    const shipped = await sql<{ id: string; label: string }>`select s.object_id::text as id,
        concat_ws(' ', to_char(s.ship_date, 'YYYY-MM'), coalesce(p.data->>'ProductModel', s.product_code)) as label
      from shipment s left join product p on p.product_code = s.product_code
      where s.order_channel = '101' and s.company_id is not null order by s.shipment_no limit 1`.execute(
      db(),
    );
    const [line] = shipped.rows;
    expect(line).toBeDefined();
    // The buyer of the shipment is gone from the portal: the report drops the shipment, the books do not.
    const found = await checkAfterCorruption(db(), 'reports.reconciliationCountsEachLineOnce', (trx) =>
      sql`update shipment set company_id = gen_random_uuid() where object_id = ${line.id}::uuid`.execute(trx),
    );
    expect(found.rows.map((r) => r.label)).toEqual([line.label]);
  });

  it('names a buyer, month and model whose purchase lines the report no longer counts', async () => {
    const lines = await sql<{ id: string; label: string }>`select object_id::text as id,
        concat_ws(' ', data->>'AgentName', data->>'Period', data->>'ProductModel') as label
      from record where resource = 'purchaseReport' and data->>'SupplierName' = '本厂商'
      order by data->>'Period' limit 1`.execute(db());
    const [line] = lines.rows;
    expect(line).toBeDefined();
    // The buyer is gone from the portal, its purchase line left behind.
    await sql`update record set company_id = gen_random_uuid() where object_id = ${line.id}::uuid`.execute(
      db(),
    );
    expect(await named('reconciliationCountsEachLineOnce')).toContain(line.label);
  });
});
