import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { IMPORT_PROGRESS_POLL_MS } from '../../domain/constants';
import { makeCreditCode } from '../../domain/credit-code';
import { zh } from '../../locales/zh/messages';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

const STOCK = 'report.distributorStockReport';
const SALES = 'report.distributorSalesReport';
/** A month no demo line falls in, so the list's export holds only this file's lines. */
const PERIOD = '2027-02';
let t: TestApp;
let gd = '';
let admin = '';
let gdName = '';
let models: string[] = [];

const labelOf = (resource: string, field: string) =>
  (zh.field as Record<string, Record<string, string>>)[resource]?.[field] ??
  (zh.field.common as Record<string, string>)[field] ??
  field;

const upload = (pageId: string, content: Buffer, name = 'lines.xlsx') =>
  t.upload('/import/upload', { PageID: pageId }, { name, content }, gd);

async function stockFile(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(pageById(STOCK)!.import!.fields.map((f) => labelOf('stockReport', f.field)));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A Python that has openpyxl (the system's, when a version manager's comes first on the path). */
const python = ['python3', '/usr/bin/python3'].find(
  (command) => spawnSync(command, ['-c', 'import openpyxl']).status === 0,
);

beforeAll(async () => {
  t = await startTestApp('demo');
  gd = await t.login('gd', 'Demo@123456');
  admin = await t.login('admin', 'Admin@123456');
  const names = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'gd'`.execute(t.database.db);
  gdName = names.rows[0].name;
  const fresh = await sql<{ model: string }>`select model from (select p.data->>'ProductModel' as model,
        min(p.product_code) as code from product p
      where p.data->>'ProductModel' is not null and not exists (select 1 from record r
        where r.resource = 'stockReport' and r.data->>'ProductModel' = p.data->>'ProductModel')
      group by 1) m order by code limit 2`.execute(t.database.db);
  models = fresh.rows.map((r) => r.model);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('import template and round trip', () => {
  it('offers a template with a frozen header, dropdowns of the dictionary words and a notes sheet', async () => {
    const answer = await t.post('/import/template', { PageID: SALES }, gd, { 'accept-language': 'zh' });
    expect(answer.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(answer.body.results.Binary, 'base64') as never);
    const [data, lists, notes] = book.worksheets;
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Nothing but the header on the data sheet: the example lives on the notes sheet.
    expect(data.actualRowCount).toBe(1);
    const fields = pageById(SALES)!.import!.fields;
    const typeColumn = fields.findIndex((f) => f.field === 'SalesCustomerType') + 1;
    const rule = data.getRow(2).getCell(typeColumn).dataValidation;
    expect(rule).toMatchObject({ type: 'list' });
    const words = String(rule.formulae?.[0] ?? '').match(/\$([A-Z]+)\$1:\$[A-Z]+\$(\d+)/)!;
    const offered = Array.from({ length: Number(words[2]) }, (_, i) =>
      String(lists.getCell(`${words[1]}${i + 1}`).value),
    );
    const enabled = await sql<{ content_zh: string }>`select content_zh from dictionary_entry
      where code = 'SalesCustomerType' and enabled order by sort`.execute(t.database.db);
    expect(offered).toEqual(enabled.rows.map((r) => r.content_zh));
    expect(lists.state).toBe('veryHidden');
    expect(notes.name).toBe(zh.imports.template.notesSheet);
    const typeNote = notes.getRow(typeColumn + 1).values as unknown[];
    expect(typeNote).toContain(offered.join(', '));
    expect(typeNote).toContain(offered[0]);
  });

  it('imports an exported list back with no change', async () => {
    const first = await upload(
      STOCK,
      await stockFile([
        // The stock amount is imported but not a column of the list, so its export leaves it out.
        [gdName, PERIOD, models[0], 4, 2, 1, 0, 5, 30, '99.50'],
        [gdName, PERIOD, models[1], 0, 3, 1, 1, 3],
      ]),
    );
    expect(first.status).toBe(200);
    expect(first.body.results.AddedCount).toBe(2);

    const exported = await t.post(
      '/excelExport/doSyncExportUrl',
      { configCode: 'DistributorStockReport', query: { Period: PERIOD } },
      gd,
    );
    expect(exported.body.state).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: exported.body.message });
    expect(download.statusCode).toBe(200);

    const again = await upload(STOCK, download.rawPayload, 'exported.xlsx');
    expect(again.status).toBe(200);
    expect(again.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 0, UnchangedCount: 2 });
    // A column the file lacks keeps what the line holds; a blank cell would clear it.
    const lines = await t.post('/stockReport/search', { Period: PERIOD, ProductModel: models[0] }, gd);
    expect(lines.body.results[0]).toMatchObject({ StockAmount: '99.50', Version: 1 });
  });

  it('imports an exported sales list back with no change, its buyers’ credit codes included', async () => {
    const period = '2027-04';
    const row = (buyer: string, code: string) => {
      const values: Record<string, unknown> = {
        AgentName: gdName,
        Period: period,
        CustomerName: buyer,
        CreditCode: makeCreditCode(code),
        SalesCustomerType: '101',
        ProductModel: models[0],
        Quantity: 3,
        UnitPrice: '8.00',
        OutboundDate: `${period}-06`,
      };
      return pageById(SALES)!.import!.fields.map((f) => values[f.field] ?? null);
    };
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(pageById(SALES)!.import!.fields.map((f) => labelOf('salesReport', f.field)));
    sheet.addRow(row('Buyer A', '91320100MA1RTRP0A'));
    sheet.addRow(row('Buyer B', '91320100MA1RTRP0B'));
    const first = await upload(SALES, Buffer.from(await book.xlsx.writeBuffer()), 'sales.xlsx');
    expect(first.status).toBe(200);
    expect(first.body.results.AddedCount).toBe(2);

    const exported = await t.post(
      '/excelExport/doSyncExportUrl',
      { configCode: 'DistributorSalesReport', query: { Period: period } },
      gd,
    );
    expect(exported.body.state).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: exported.body.message });
    expect(download.statusCode).toBe(200);
    const again = await upload(SALES, download.rawPayload, 'sales-exported.xlsx');
    expect(again.status).toBe(200);
    expect(again.body.results).toMatchObject({ AddedCount: 0, ReplacedCount: 0, UnchangedCount: 2 });
  });

  it.skipIf(!python)(
    'reads the first non-empty sheet of a workbook another program wrote, with a dropdown word and a date cell',
    async () => {
      const fields = pageById(SALES)!.import!.fields;
      const type = await sql<{ content_zh: string }>`select content_zh from dictionary_entry
        where code = 'SalesCustomerType' and keyword = '101'`.execute(t.database.db);
      const row: Record<string, unknown> = {
        AgentName: gdName,
        Period: PERIOD,
        CustomerName: 'Acme',
        CreditCode: makeCreditCode('91320100MA1PRTAL0'),
        SalesCustomerType: type.rows[0].content_zh,
        ProductModel: models[0],
        Quantity: 2,
        UnitPrice: '12.50',
        OutboundDate: { date: `${PERIOD}-09` },
      };
      const dir = mkdtempSync(join(tmpdir(), 'openpyxl-'));
      const path = join(dir, 'other-program.xlsx');
      try {
        const script = `
import datetime, json, sys
from openpyxl import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
spec = json.loads(sys.argv[2])
book = Workbook()
book.active.title = 'Blank'
sheet = book.create_sheet('Data')
sheet.append(spec['header'])
cells = []
for value in spec['row']:
    if isinstance(value, dict):
        cells.append(datetime.date.fromisoformat(value['date']))
    else:
        cells.append(value)
sheet.append(cells)
sheet.cell(row=2, column=spec['dateColumn']).number_format = 'yyyy-mm-dd'
rule = DataValidation(type='list', formula1='"' + ','.join(spec['choices']) + '"')
sheet.add_data_validation(rule)
rule.add(sheet.cell(row=2, column=spec['dictColumn']))
book.save(sys.argv[1])
`;
        const spec = {
          header: fields.map((f) => labelOf('salesReport', f.field)),
          row: fields.map((f) => row[f.field] ?? null),
          dateColumn: fields.findIndex((f) => f.field === 'OutboundDate') + 1,
          dictColumn: fields.findIndex((f) => f.field === 'SalesCustomerType') + 1,
          choices: [type.rows[0].content_zh],
        };
        const made = spawnSync(python!, ['-c', script, path, JSON.stringify(spec)], { encoding: 'utf8' });
        expect(made.stderr).toBe('');
        const answer = await upload(SALES, readFileSync(path), 'other-program.xlsx');
        expect(answer.body.message).not.toBe(zh.imports.server.empty);
        expect(answer.status).toBe(200);
        expect(answer.body.results.AddedCount).toBe(1);
        const lines = await t.post('/salesReport/search', { Period: PERIOD, pageSize: 10 }, gd);
        expect(lines.body.results).toEqual([
          expect.objectContaining({ SalesCustomerType: '101', OutboundDate: `${PERIOD}-09`, Quantity: 2 }),
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("reports an upload's progress to the person who sent it, rows and percent, until it is done", async () => {
    const fields = pageById(SALES)!.import!.fields;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(fields.map((f) => labelOf('salesReport', f.field)));
    const rows = 600;
    for (let i = 0; i < rows; i += 1) {
      const row: Record<string, unknown> = {
        AgentName: gdName,
        Period: '2027-03',
        CustomerName: `Buyer ${i}`,
        CreditCode: makeCreditCode(`91320100${String(i).padStart(9, '0')}`),
        SalesCustomerType: '101',
        ProductModel: models[0],
        Quantity: 1,
        UnitPrice: '2.00',
        OutboundDate: '2027-03-02',
      };
      sheet.addRow(fields.map((f) => row[f.field] ?? null));
    }
    const content = Buffer.from(await book.xlsx.writeBuffer());
    const id = randomUUID();
    const poll = () =>
      t.app.inject({ method: 'GET', url: `/portal/import/progress/${id}`, headers: { 'x-token': gd } });
    let finished = false;
    const sent = t
      .upload('/import/upload', { PageID: SALES, ProgressID: id }, { name: 'many.xlsx', content }, gd)
      .finally(() => {
        finished = true;
      });
    const seen: { Pass: string; Rows: number; Percent: number }[] = [];
    while (!finished) {
      const answer = await poll();
      if (answer.statusCode === 200) seen.push(answer.json().results);
      // The page's pace of asking, not a wait for an outcome: asking without pause would starve the import.
      await new Promise((resolve) => setTimeout(resolve, IMPORT_PROGRESS_POLL_MS));
    }
    const answer = await sent;
    expect(answer.status).toBe(200);
    expect(answer.body.results.AddedCount).toBe(rows);
    // What the page saw only ever went forward, and ends at 100 %.
    const percents = seen.map((p) => p.Percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.every((p) => p >= 0 && p <= 100)).toBe(true);
    const last = await poll();
    expect(last.json().results).toMatchObject({ Pass: 'done', Percent: 100 });
    // Another person, or an id that is none, learns nothing of it.
    const other = await t.app.inject({
      method: 'GET',
      url: `/portal/import/progress/${id}`,
      headers: { 'x-token': admin },
    });
    expect(other.statusCode).toBe(404);
    const junk = await t.app.inject({
      method: 'GET',
      url: '/portal/import/progress/nothing',
      headers: { 'x-token': gd },
    });
    expect(junk.statusCode).toBe(404);
  }, 90_000);

  it('keeps the template to the lists of the caller’s menus', async () => {
    const other = await t.post('/import/template', { PageID: 'report.rspShipmentReports' }, gd);
    expect(other.status).toBe(403);
    const none = await t.post('/import/template', { PageID: 'nothing' }, admin);
    expect(none.status).toBe(404);
  });
});

// What `npm run verify-books` checks, on the world these imports left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
