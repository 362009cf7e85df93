import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportType } from '../../domain/codes/reports.codes';
import { startTestApp, type TestApp } from './harness';

/**
 * A report's lines page (report.reportLines, view agent_report_line): the rows of the line lists a
 * report counts, in the caller's scope; a report of another company is refused, not shown empty; the
 * export holds the rows of the screen.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Row = Record<string, unknown>;
const search = async (body: Row, who: string) =>
  t.post('/agentReportLine/search', { pageSize: 100, ...body }, tokens[who]);

/** A report of the caller's with lines, of a type (the demo's agents report every month). */
async function reportWithLines(who: string, reportType: string) {
  const { body } = await t.post(
    '/agentReport/search',
    { pageSize: 100, ReportType: reportType },
    tokens[who],
  );
  return (body.results as Row[]).find((r) => Number(r.LineCount) > 0 && Number(r.LineCount) <= 100)!;
}

/** The first sheet of an exported file: its header and its rows, each cell as text. */
async function sheetOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: sheet.columnCount }, (_, i) => String(values[i + 1] ?? '')));
  });
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['gd', 'rsp', 'ops']) tokens[user] = await t.login(user, 'Demo@123456');
});
afterAll(() => t?.close());

describe("a report's lines page", () => {
  it("lists exactly the lines its report counts, of the caller's own company only", async () => {
    const stock = await reportWithLines('gd', ReportType.stock);
    const lines = await search({ ReportNo: stock.ReportNo }, 'gd');
    expect(lines.status).toBe(200);
    const rows = lines.body.results as Row[];
    expect(rows.length).toBe(Number(stock.LineCount));
    expect(new Set(rows.map((r) => r.ReportNo))).toEqual(new Set([stock.ReportNo]));
    // A stock line shows its figures; the quantity is its closing stock, as the report totals it.
    expect(rows.reduce((sum, r) => sum + Number(r.Quantity), 0)).toBe(Number(stock.TotalQuantity));
    expect(rows.every((r) => r.Quantity === r.ClosingQuantity)).toBe(true);

    // Unfiltered, an agent sees its own company's lines only: another agent's never appear.
    const own = (await search({}, 'gd')).body.results as Row[];
    expect(new Set(own.map((r) => r.AgentName))).toEqual(new Set([stock.AgentName]));
    const rspOwn = (await search({}, 'rsp')).body.results as Row[];
    expect(rspOwn.length).toBeGreaterThan(0);
    expect(rspOwn.some((r) => r.AgentName === stock.AgentName)).toBe(false);
  });

  it("refuses another company's report by its number or its id, in words", async () => {
    const sales = await reportWithLines('gd', ReportType.sales);
    const byNo = await search({ ReportNo: sales.ReportNo }, 'rsp');
    expect(byNo.status).toBe(404);
    expect(byNo.body.message).toBe(`报表 ${sales.ReportNo} 不存在或不在您的数据范围内`);
    expect((await search({ ReportID: sales.ObjectID }, 'rsp')).status).toBe(404);
    // Its export is refused alike.
    const exported = await t.post(
      '/excelExport/doSyncExportUrl',
      { configCode: 'AgentReportLineExport', query: { ReportNo: sales.ReportNo } },
      tokens.rsp,
    );
    expect(exported.status).toBe(404);
    // Sales operations, who see every agent, get its lines.
    const ops = await search({ ReportID: sales.ObjectID }, 'ops');
    expect(ops.body.results.length).toBe(Number(sales.LineCount));
  });

  it('exports the rows of the screen, filters included', async () => {
    const sales = await reportWithLines('gd', ReportType.sales);
    const query = { ReportNo: sales.ReportNo, sort: 'ProductModel' };
    const screen = (await search(query, 'gd')).body.results as Row[];
    const exported = await t.post(
      '/excelExport/doSyncExportUrl',
      { configCode: 'AgentReportLineExport', query },
      tokens.gd,
    );
    expect(exported.body.state).toBe(true);
    const download = await t.app.inject({ method: 'GET', url: exported.body.message });
    const [header, ...rows] = await sheetOf(download.rawPayload);
    expect(header).toContain('产品型号');
    const model = header.indexOf('产品型号');
    const quantity = header.indexOf('数量（库存为期末）');
    const counterparty = header.indexOf('客户/供应商/收货方');
    const key = (m: unknown, q: unknown, c: unknown) => `${m}|${Number(q)}|${c}`;
    expect(rows.map((r) => key(r[model], r[quantity], r[counterparty])).sort()).toEqual(
      screen.map((r) => key(r.ProductModel, r.Quantity, r.CounterpartyName)).sort(),
    );
  });
});
