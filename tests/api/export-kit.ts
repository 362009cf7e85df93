import ExcelJS from 'exceljs';
import type { TestApp } from './harness';

/**
 * An export job as its reader runs one: started, followed in the export log until it is no longer
 * running, and its file read. `undefined` when the export is refused at the start (its answer kept in
 * `refused`), so a test may assert on it or pass over it.
 */
export async function exportedWorkbook(
  t: TestApp,
  body: Record<string, unknown>,
  token: string,
  refused: { answer?: unknown } = {},
): Promise<ExcelJS.Workbook | undefined> {
  const started = await t.post('/excelExport/doExport', body, token);
  if (started.body.state !== true) {
    refused.answer = started.body;
    return undefined;
  }
  // An export is a job: on a busy machine it may take a while, so the wait is by the clock, not by tries.
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    // The log pages by 100; exports made on a fixed test clock share their time, so the new one may
    // sit on any page: every page is read.
    let row: { ObjectID: string; status: string; file: string } | undefined;
    for (let page = 1; !row; page++) {
      const log = await t.post('/excelExport/search', { currentPage: page, pageSize: 100 }, token);
      const rows = (log.body.results ?? []) as { ObjectID: string; status: string; file: string }[];
      row = rows.find((r) => r.ObjectID === started.body.results.ObjectID);
      if (rows.length < 100) break;
    }
    if (row && row.status !== '101') {
      const file = await t.post('/excelExport/getFile', { file: row.file }, token);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(file.body.results.Binary, 'base64') as unknown as ArrayBuffer);
      return workbook;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the export of ${String(body.configCode)} did not finish`);
}
