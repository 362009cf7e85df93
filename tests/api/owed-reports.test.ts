import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerType } from '../../domain/codes/customers.codes';
import { ReportStatus, ReportType } from '../../domain/codes/reports.codes';
import { markReportDeadlines } from '../../server/reports/report-deadlines.job';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { type Row, upload } from './report-upload';

const STOCK = 'report.distributorStockReport';
const SALES = 'report.distributorSalesReport';
const PURCHASE = 'report.distributorPurchaseReport';
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let model = '';

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const rsp = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = rsp.rows[0].name;
  // A model nobody reported stock of: a first stock line opens freely.
  const fresh = await sql<{ model: string }>`select p.data->>'ProductModel' as model from product p
    where p.data->>'ProductModel' is not null and not exists (select 1 from record r
      where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
    order by p.product_code limit 1`.execute(t.database.db);
  model = fresh.rows[0].model;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The paths of the RSP's menu, as the portal reads them after sign-in. */
async function rspMenu() {
  const menus = await t.post('/roleToMenu/searchOne', { code: 'JS002' }, tokens.rsp);
  return menus.body.results.RoleToMenuMenuList.map((m: { Path: string }) => m.Path) as string[];
}

describe('the reports an agent type owes', () => {
  it('an RSP finds its stock, sales and purchase reports in its menu', async () => {
    expect(await rspMenu()).toEqual(expect.arrayContaining([STOCK, SALES, PURCHASE]));
  });

  it('an RSP imports its stock report from a workbook and reads the lines back', async () => {
    const row: Row = {
      AgentName: rspName,
      Period: '2027-03',
      ProductModel: model,
      OpeningQuantity: 6,
      PurchaseQuantity: 4,
      SalesQuantity: 2,
      ClosingQuantity: 8,
    };
    const answer = await upload(t, STOCK, [row], tokens.rsp, 'rsp-stock.xlsx');
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({ SuccessCount: 1, Committed: true });
    const lines = await t.post('/stockReport/search', { Period: '2027-03', pageSize: 100 }, tokens.rsp);
    expect(lines.body.results).toEqual([
      expect.objectContaining({ AgentName: rspName, ProductModel: model, ClosingQuantity: 8 }),
    ]);
  });

  it('a CCP owes no report: importing stock or sales lines is refused in words, and nothing is written', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from record
      where resource in ('stockReport', 'salesReport')`.execute(t.database.db);
    for (const page of [STOCK, SALES]) {
      const answer = await upload(t, page, [{ Period: '2027-03', ProductModel: model }], tokens.ccp);
      expect(answer.status, page).toBe(403);
      expect(answer.body.message).toBeTruthy();
      expect(answer.body.message).not.toMatch(/server\.|reportStates\./);
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from record
      where resource in ('stockReport', 'salesReport')`.execute(t.database.db);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('the deadline job opens reports for general distributors and RSPs and marks them overdue, never for a CCP', async () => {
    const created = await t.post(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: '2030-01',
        ReportType: ReportType.stock,
        ControlDate: '2030-02-05T10:00:00.000Z',
      },
      tokens.admin,
    );
    expect(created.status).toBe(200);
    await markReportDeadlines(t.database.db, new Date('2030-02-06T00:00:00.000Z'));
    const opened = await sql<{ type: string; status: string; n: number }>`select c.customer_type as type,
        r.report_status as status, count(*)::int as n
      from agent_report r join customer c on c.object_id = r.company_id
      where r.period = '2030-01' group by 1, 2`.execute(t.database.db);
    // Past its control date and never submitted, every report opened is overdue (逾期未报).
    expect(new Set(opened.rows.map((r) => r.status))).toEqual(new Set([ReportStatus.overdue]));
    const byType = Object.fromEntries(opened.rows.map((r) => [r.type, r.n]));
    expect(byType[CustomerType.generalDistributor]).toBeGreaterThan(0);
    expect(byType[CustomerType.rsp]).toBeGreaterThan(0);
    expect(byType[CustomerType.ccp]).toBeUndefined();
  });
});

// What `npm run verify-books` checks, on the world these imports left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
