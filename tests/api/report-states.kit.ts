import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { makeCreditCode } from '../../domain/credit-code';
import { zh } from '../../locales/zh/messages';
import { markReportDeadlines } from '../../server/reports/report-deadlines.job';
import { startTestApp, type TestApp } from './harness';

export const SALES = 'report.distributorSalesReport';
export const STOCK = 'report.distributorStockReport';
export const PURCHASE = 'report.distributorPurchaseReport';
export const DAY_MS = 86_400_000;
const CREDIT = makeCreditCode('91320100MA1PRTAL0');

export type Row = Record<string, string | number | null>;

/**
 * What the report-state suites share: a demo portal, the demo accounts signed in, the distributor and
 * the RSP of Jiangsu, and the calls a person makes — imports, the report list, decisions, control
 * dates, late-report requests — as each account.
 */
export function useReportStates() {
  const kit = {
    t: undefined as unknown as TestApp,
    tokens: {} as Record<string, string>,
    gdName: '',
    gdId: '',
    rspName: '',
    model: '',
  };
  const call = (path: string, body: unknown, who: string) => kit.t.post(path, body, kit.tokens[who]);

  async function workbook(pageId: string, rows: Row[]): Promise<Buffer> {
    const page = pageById(pageId)!;
    const labels = zh.field as Record<string, Record<string, string>>;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(page.import!.fields.map((f) => labels[page.resource!]?.[f.field] ?? labels.common[f.field]));
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
    const response = await kit.t.app.inject({
      method: 'POST',
      url: '/portal/import/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': kit.tokens[who] },
    });
    return { status: response.statusCode, body: response.json() };
  }

  /** A sales line of the distributor's period. */
  const sale = (period: string, quantity = 3, day = '03'): Row => ({
    AgentName: kit.gdName,
    Period: period,
    CustomerName: 'Acme',
    CreditCode: CREDIT,
    SalesCustomerType: '101',
    ProductModel: kit.model,
    Quantity: quantity,
    UnitPrice: '10.00',
    OutboundDate: `${period}-${day}`,
  });

  /** A purchase line of the distributor's period. */
  const purchase = (period: string, day: string): Row => ({
    AgentName: kit.gdName,
    Period: period,
    SupplierName: 'Vendor',
    ProductModel: kit.model,
    Quantity: 2,
    UnitPrice: '5.00',
    InboundDate: `${period}-${day}`,
  });

  /** An agent's report of a period and type, as the account's own list shows it. */
  async function reportOf(period: string, reportType: string, who = 'gd') {
    const found = await call('/agentReport/search', { Period: period, ReportType: reportType }, who);
    return found.body.results?.[0] as Row | undefined;
  }

  const linesOf = async (resource: string, period: string) =>
    (await call(`/${resource}/search`, { Period: period, pageSize: 100 }, 'gd')).body.results as Row[];

  const decide = (workflow: string, id: unknown, command: string, who: string, payload = {}) =>
    call('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);

  /** A control date of Jiangsu for a period and type, entered by the administrator. */
  async function controlDate(period: string, reportType: string, at: Date) {
    const answer = await call(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: period,
        ReportType: reportType,
        ProvinceName: '江苏省',
        ControlDate: at.toISOString(),
      },
      'admin',
    );
    expect(answer.status).toBe(200);
  }

  const runDeadlines = (now = new Date()) => markReportDeadlines(kit.t.database.db, now);

  const askLate = (period: string, reportType: string, who = 'gd', agent = kit.gdName) =>
    call(
      '/lateReportRequest/create',
      {
        PageID: 'report.lateReportRequestEdit',
        AgentName: agent,
        Period: period,
        ReportType: reportType,
        Reason: 'The warehouse system was down at month end',
      },
      who,
    );

  beforeAll(async () => {
    kit.t = await startTestApp('demo');
    for (const user of ['gd', 'rsp', 'ops', 'channel', 'province'])
      kit.tokens[user] = await kit.t.login(user, 'Demo@123456');
    kit.tokens.admin = await kit.t.login('admin', 'Admin@123456');
    const names = await sql<{ username: string; name: string; id: string }>`select e.username, c.name,
        c.object_id::text as id from employee e join customer c on c.object_id = e.company_id
      where e.username in ('gd', 'rsp')`.execute(kit.t.database.db);
    for (const row of names.rows) {
      if (row.username === 'gd') [kit.gdName, kit.gdId] = [row.name, row.id];
      else kit.rspName = row.name;
    }
    // A model the distributor never reported stock of: its first stock line opens freely.
    const fresh = await sql<{ model: string }>`select p.data->>'ProductModel' as model from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      order by p.product_code limit 1`.execute(kit.t.database.db);
    kit.model = fresh.rows[0].model;
  }, 120_000);

  afterAll(async () => {
    await kit.t?.close();
  });

  return {
    kit,
    call,
    upload,
    sale,
    purchase,
    reportOf,
    linesOf,
    decide,
    controlDate,
    runDeadlines,
    askLate,
  };
}
