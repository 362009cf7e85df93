import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { makeCreditCode } from '../../domain/credit-code';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { controlDateLock } from '../../server/imports/control-date-lock.job';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { startTestApp, type TestApp } from './harness';

const CREDIT = makeCreditCode('91320100MA1PRTAL0');
const STOCK = 'report.distributorStockReport';
const SALES = 'report.distributorSalesReport';
let t: TestApp;
const tokens: Record<string, string> = {};
let gdName = '';
let rspName = '';
let model = '';
/** Models the demo distributor never reported stock of, one per line of a month. */
let models: string[] = [];

type Row = Record<string, string | number | null>;

function labelOf(messages: typeof zh, resource: string, field: string): string {
  const own = (messages.field as Record<string, Record<string, string>>)[resource]?.[field];
  return own ?? (messages.field.common as Record<string, string>)[field] ?? field;
}

/** A workbook as a person fills the template: the Chinese headers of the page's import, then the rows. */
async function workbook(pageId: string, rows: Row[]): Promise<Buffer> {
  const page = pageById(pageId)!;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(page.import!.fields.map((f) => labelOf(zh, page.resource!, f.field)));
  for (const row of rows) sheet.addRow(page.import!.fields.map((f) => row[f.field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(pageId: string, content: Buffer, token: string, name = 'report.xlsx') {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="PageID"\r\n\r\n${pageId}\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/import/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-token': token },
  });
  return { status: response.statusCode, body: response.json() };
}

const stockRow = (
  period: string,
  opening: number,
  purchase: number,
  sales: number,
  closing: number,
  productModel = model,
): Row => ({
  AgentName: gdName,
  Period: period,
  ProductModel: productModel,
  OpeningQuantity: opening,
  PurchaseQuantity: purchase,
  SalesQuantity: sales,
  ClosingQuantity: closing,
});

const salesLine = (period: string): Row => ({
  AgentName: gdName,
  Period: period,
  CustomerName: 'Acme',
  CreditCode: CREDIT,
  SalesCustomerType: '101',
  ProductModel: model,
  Quantity: 3,
  UnitPrice: '10.50',
  OutboundDate: `${period}-03`,
});

const rowsOf = async (resource: string, period: string, token: string) =>
  (await t.post(`/${resource}/search`, { Period: period, pageSize: 100 }, token)).body.results as Row[];

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['gd', 'rsp', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const names = await sql<{ username: string; name: string }>`select e.username, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username in ('gd', 'rsp')`.execute(t.database.db);
  for (const row of names.rows) {
    if (row.username === 'gd') gdName = row.name;
    else rspName = row.name;
  }
  // Models the demo distributor never reported stock of: a first stock line opens freely.
  const fresh = await sql<{ model: string }>`select model from (select p.data->>'ProductModel' as model,
        min(p.product_code) as code from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      group by 1) m order by code limit 3`.execute(t.database.db);
  models = fresh.rows.map((r) => r.model);
  model = models[0];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('report import', () => {
  it('builds the template from the catalogue, in Chinese and in English', async () => {
    const page = pageById(STOCK)!;
    for (const [lang, messages] of [
      ['zh', zh],
      ['en', en],
    ] as const) {
      const answer = await t.post('/import/template', { PageID: STOCK }, tokens.gd, {
        'accept-language': lang,
      });
      expect(answer.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(answer.body.results.Binary, 'base64') as never);
      const header = (book.worksheets[0].getRow(1).values as string[]).slice(1);
      expect(header).toEqual(
        page.import!.fields.map(
          (f) => `${labelOf(messages, 'stockReport', f.field)}${f.required ? '*' : ''}`,
        ),
      );
    }
  });

  it('commits every row of a good file, scoped to the agent, and records it in the upload history', async () => {
    const rows = [
      stockRow('2027-01', 10, 5, 3, 12, models[0]),
      stockRow('2027-01', 0, 8, 8, 0, models[1]),
      stockRow('2027-01', 4, 0, 1, 3, models[2]),
    ];
    const answer = await upload(STOCK, await workbook(STOCK, rows), tokens.gd, 'good-stock.xlsx');
    expect(answer.status).toBe(200);
    expect(answer.body.results).toMatchObject({
      TotalCount: 3,
      SuccessCount: 3,
      FailCount: 0,
      Committed: true,
    });
    const stored = await rowsOf('stockReport', '2027-01', tokens.gd);
    expect(stored.map((r) => r.ClosingQuantity).sort()).toEqual([0, 12, 3]);
    // The lines are the draft of the distributor's report of the month, until it is submitted.
    expect(stored.every((r) => r.AgentName === gdName && r.ReportStatus === '111' && !r.SubmittedOn)).toBe(
      true,
    );
    // The RSP is another company: none of the distributor's lines reach it; the operations desk sees them all.
    expect((await rowsOf('stockReport', '2027-01', tokens.rsp)) ?? []).toHaveLength(0);
    expect(await rowsOf('stockReport', '2027-01', tokens.ops)).toHaveLength(3);
    const history = await t.post('/importHistory/search', { FileName: 'good-stock.xlsx' }, tokens.gd);
    expect(history.body.results[0]).toMatchObject({
      TotalCount: 3,
      SuccessCount: 3,
      UploadResult: '101',
      ImportType: '111',
      ReportPeriod: '2027-01',
      UploaderCode: 'gd',
    });
  });

  it('reads Chinese text whole across the compressed chunks of a larger file', async () => {
    const rows = Array.from({ length: 800 }, (_, i) => ({
      ...salesLine('2027-08'),
      CustomerName: `\u534e\u4e1c\u5ba2\u6237\u516c\u53f8${i}`,
      // A buyer each: the lines of one buyer, model and day would be one line.
      CreditCode: makeCreditCode(`91320100MA1P${String(i).padStart(5, '0')}`),
    }));
    const answer = await upload(SALES, await workbook(SALES, rows), tokens.gd, 'many-lines.xlsx');
    expect(answer.body.results).toMatchObject({ TotalCount: 800, SuccessCount: 800, FailCount: 0 });
    const stored = await sql<{ n: number; broken: number }>`select count(*)::int as n,
        count(*) filter (where data->>'CustomerName' like ${'%\ufffd%'})::int as broken
      from record where resource = 'salesReport' and data->>'Period' = '2027-08'`.execute(t.database.db);
    expect(stored.rows[0]).toEqual({ n: 800, broken: 0 });
  });

  it('refuses a whole file for one bad row, names the reason per row and writes nothing', async () => {
    const rows = [
      // Before the lines of 2027-01: no earlier closing to open at.
      stockRow('2026-12', 10, 5, 3, 12, models[0]),
      stockRow('2026-12', 10, 5, 3, 11, models[1]),
      stockRow('2026-12', 1, 1, 1, 1, models[2]),
    ];
    const answer = await upload(STOCK, await workbook(STOCK, rows), tokens.gd, 'bad-stock.xlsx');
    expect(answer.status).toBe(422);
    expect(answer.body.state).toBe(false);
    expect(answer.body.results).toMatchObject({
      TotalCount: 3,
      SuccessCount: 0,
      FailCount: 1,
      Committed: false,
    });
    expect(answer.body.results.Rejected).toEqual([{ Row: 3, Reasons: [expect.stringContaining('12')] }]);
    expect(answer.body.results.Rejected[0].Reasons[0]).toContain(zh.field.stockReport.ClosingQuantity);
    expect(await rowsOf('stockReport', '2026-12', tokens.gd)).toHaveLength(0);

    // The history row offers the rejected rows as a file, with the reason beside the row as it was typed.
    const history = await t.post('/importHistory/search', { FileName: 'bad-stock.xlsx' }, tokens.gd);
    const entry = history.body.results[0];
    expect(entry).toMatchObject({ UploadResult: '121', FailCount: 1, SuccessCount: 0 });
    const link = await t.app.inject({
      method: 'GET',
      url: entry.ErrorFile[0].FileURL,
      headers: { 'x-token': tokens.gd, accept: 'application/json' },
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().results });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const line = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(line).toContain(gdName);
    expect(String(line[line.length - 1])).toContain(zh.field.stockReport.ClosingQuantity);
    // Another agent's staff cannot reach it.
    const foreign = await t.app.inject({
      method: 'GET',
      url: entry.ErrorFile[0].FileURL,
      headers: { 'x-token': tokens.rsp, accept: 'application/json' },
    });
    expect(foreign.statusCode).toBe(404);
    // Nor can its own staff once their menus no longer hold the page the file was imported on.
    const db = t.database.db;
    const role = sql<{ role_code: string }>`select role_code from employee where username = 'gd'`;
    const roleCode = (await role.execute(db)).rows[0].role_code;
    const held = await sql<{ path: string }>`delete from role_menu
      where role_code = ${roleCode} and path = ${entry.PageID} returning path`.execute(db);
    expect(held.rows.length).toBe(1);
    try {
      const unheld = await t.app.inject({
        method: 'GET',
        url: entry.ErrorFile[0].FileURL,
        headers: { 'x-token': tokens.gd, accept: 'application/json' },
      });
      expect(unheld.statusCode).toBe(403);
    } finally {
      await sql`insert into role_menu (role_code, menu_id, path) values (${roleCode}, ${entry.PageID}, ${entry.PageID})`.execute(
        db,
      );
    }
  });

  it('refuses the rows of another company for an agent', async () => {
    const rows = [{ ...stockRow('2027-05', 1, 1, 1, 1), AgentName: rspName }];
    const answer = await upload(STOCK, await workbook(STOCK, rows), tokens.gd);
    expect(answer.status).toBe(422);
    expect(answer.body.results.Rejected[0].Reasons[0]).toContain(rspName);
    expect(await rowsOf('stockReport', '2027-05', tokens.ops)).toHaveLength(0);
  });

  it('checks types, dictionary values, credit codes and products', async () => {
    const good = {
      AgentName: gdName,
      Period: '2027-06',
      CustomerName: 'Acme',
      CreditCode: CREDIT,
      SalesCustomerType: '101',
      ProductModel: model,
      Quantity: 2,
      UnitPrice: '10.50',
      OutboundDate: '2027-06-03',
    };
    const rows = [
      {
        ...good,
        CreditCode: `${CREDIT.slice(0, 17)}${CREDIT.endsWith('0') ? '1' : '0'}`,
        Quantity: 'two',
        SalesCustomerType: 'nobody',
      },
      { ...good, ProductModel: 'NO-SUCH-MODEL', OutboundDate: '2027-02-30', UnitPrice: '1.999' },
    ];
    const answer = await upload(SALES, await workbook(SALES, rows), tokens.gd);
    expect(answer.status).toBe(422);
    const [first, second] = answer.body.results.Rejected;
    expect(first.Reasons.join(' ')).toContain(zh.field.salesReport.CreditCode);
    expect(first.Reasons.join(' ')).toContain('nobody');
    expect(first.Reasons).toHaveLength(3);
    expect(second.Reasons.join(' ')).toContain('NO-SUCH-MODEL');
    expect(second.Reasons).toHaveLength(3);
  });

  it('refuses a period past its control date, for imports and for edits', async () => {
    const control = await t.post(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: '2027-03',
        ReportType: '121',
        ControlDate: '2026-01-05T10:00:00.000Z',
      },
      tokens.admin,
    );
    expect(control.status).toBe(200);
    const answer = await upload(STOCK, await workbook(STOCK, [stockRow('2027-03', 1, 1, 1, 1)]), tokens.gd);
    expect(answer.status).toBe(422);
    expect(answer.body.results.Rejected[0].Reasons[0]).toContain('2027-03');

    // A sales line imported while its period was open is locked once its control date is set in the past.
    const line = {
      AgentName: gdName,
      Period: '2027-04',
      CustomerName: 'Acme',
      CreditCode: CREDIT,
      SalesCustomerType: '101',
      ProductModel: model,
      Quantity: 3,
      UnitPrice: '10.50',
      OutboundDate: '2027-04-03',
    };
    const imported = await upload(SALES, await workbook(SALES, [line]), tokens.gd);
    expect(imported.status).toBe(200);
    const [stored] = await rowsOf('salesReport', '2027-04', tokens.gd);
    expect(stored.Amount).toBe('31.50');
    await t.post(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: '2027-04',
        ReportType: '111',
        ControlDate: '2026-01-05T10:00:00.000Z',
      },
      tokens.admin,
    );
    const edit = await t.post(
      '/salesReport/update',
      {
        ObjectID: stored.ObjectID,
        Version: stored.Version,
        PageID: 'report.distributorSalesReportCreate',
        Remark: 'late fix',
      },
      tokens.gd,
    );
    expect(edit.status).toBe(409);
    expect(edit.body.message).toContain('2027-04');
    const badPeriod = await t.post(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: 'May',
        ReportType: '111',
        ControlDate: '2026-01-05T10:00:00.000Z',
      },
      tokens.admin,
    );
    expect(badPeriod.status).toBe(400);
  });

  it('offers a template on every list that declares an import', async () => {
    const lists = pages.filter((p) => p.kind === 'list' && p.toolbar?.includes('import'));
    expect(lists.length).toBeGreaterThanOrEqual(9);
    for (const page of lists) {
      const answer = await t.post('/import/template', { PageID: page.id }, tokens.admin, {
        'accept-language': 'en',
      });
      expect(answer.status, page.id).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(answer.body.results.Binary, 'base64') as never);
      expect(book.worksheets[0].getRow(1).cellCount, page.id).toBeGreaterThan(1);
    }
    // A workbook per list, each with its dictionaries' drop-downs: more than one test's worth of work.
  }, 60_000);

  it("keeps the control dates' Locked flag in step with their dates through the scheduled job", async () => {
    const future = await t.post(
      '/reportControlDate/create',
      {
        PageID: 'report.salesReportControlDateEdit',
        Period: '2027-09',
        ReportType: '121',
        ControlDate: '2099-01-05T10:00:00.000Z',
      },
      tokens.admin,
    );
    expect(future.status).toBe(200);
    const jobs = await t.post('/cronJob/search', { pageSize: 50 }, tokens.admin);
    const job = (jobs.body.results as Row[]).find((j) => j.Handler === 'controlDateLock');
    expect(job, 'the lock job is scheduled').toBeTruthy();
    await runJobOnce(t.database.db, controlDateLock);
    const dates = (await t.post('/reportControlDate/search', { pageSize: 100 }, tokens.admin)).body
      .results as Row[];
    const byPeriod = (period: string) => dates.find((d) => d.Period === period && d.ReportType === '121');
    expect(byPeriod('2027-03')?.Locked).toBe(true);
    expect(byPeriod('2027-09')?.Locked).toBe(false);
  });

  it('answers a malformed workbook, a missing column and an unknown page with a 4xx, never a 500', async () => {
    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(300)]);
    const malformed = await upload(STOCK, junk, tokens.gd, 'broken.xlsx');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(zh.imports.server.malformed);

    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sheet1').addRow(['nothing']);
    const missing = await upload(STOCK, Buffer.from(await book.xlsx.writeBuffer()), tokens.gd);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(zh.field.common.AgentName ?? 'AgentName');

    const noImport = await upload('report.opinionList', junk, tokens.admin);
    expect(noImport.status).toBe(404);
    // A list outside the caller's menus is not theirs to import into.
    const notMine = await upload('report.rspShipmentReports', await workbook(STOCK, []), tokens.gd);
    expect(notMine.status).toBe(403);
  });

  it('lists the demo imports in the upload history, one of them refused', async () => {
    const history = await t.post('/importHistory/search', { pageSize: 100 }, tokens.rsp);
    const rows = history.body.results as Row[];
    expect(rows.some((r) => r.UploadResult === '121' && Number(r.FailCount) > 0)).toBe(true);
    expect(rows.filter((r) => r.UploadResult === '101').length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.UploaderCode === 'rsp')).toBe(true);
  });
});
