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
    const log = await t.post('/excelExport/search', { currentPage: 1, pageSize: 100 }, token);
    const row = log.body.results.find(
      (r: { ObjectID: string }) => r.ObjectID === started.body.results.ObjectID,
    );
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
