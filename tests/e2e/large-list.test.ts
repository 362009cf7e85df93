import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { EXACT_COUNT_LIMIT } from '../../domain/constants';
import { headerOf } from '../../server/export/cell-text';
import { multipartBody } from '../api/multipart';
import { login, useBrowser } from './browser';
import { api, tokenFor } from './portal-api';
import { portalBaseURL } from './portal-url';

/**
 * A list past 100,000 lines (EXACT_COUNT_LIMIT), as a distributor's own list grows: the demo
 * distributor imports 100,000 shipment lines of months no other test reports, through the list's own
 * import (two workbooks of 50,000 rows, each checked and written as any upload is). Its list then says
 * "超过 100,000 条" instead of counting on, and exporting one month of it (50,000 lines) shows the rows
 * written so far as a share on the kit's progress bar under the export button, before the file is in
 * the export log.
 */
const e2e = useBrowser();
const SHIPMENTS = 'report.distributorShipmentReports';
const PATH = '/report/distributor-shipment-reports';
const PER_FILE = 50_000;
const PERIODS = ['2035-01', '2035-02'];

const visible = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const grid = (page: Page) => visible(page).locator('.portal-grid');
const exportButton = (page: Page) => visible(page).locator('.portal-toolbar .portal-export-button');

/** A workbook of the list's import columns (Chinese headers) and its rows, by field. */
async function workbook(rows: Record<string, unknown>[]): Promise<Buffer> {
  const fields = pageById(SHIPMENTS)!.import!.fields.map((f) => f.field);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(fields.map((field) => headerOf('zh', 'shipmentReport', field)));
  for (const row of rows) sheet.addRow(fields.map((field) => row[field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** POST /portal/import/upload as the import dialog sends it: the list's page and the workbook. */
async function importFile(token: string, name: string, content: Buffer) {
  const { body, contentType } = multipartBody({ PageID: SHIPMENTS }, { name, content });
  const response = await fetch(new URL('/portal/import/upload', portalBaseURL()), {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-token': token },
    body,
  });
  return response.json();
}

beforeAll(async () => {
  const token = await tokenFor('gd');
  const [line] = await api<Record<string, string>[]>('/shipmentReport/search', { pageSize: 1 }, token);
  for (const period of PERIODS) {
    const rows = Array.from({ length: PER_FILE }, (_, i) => ({
      AgentName: line.AgentName,
      Period: period,
      ShipmentNo: `FH${period.replace('-', '')}${String(i).padStart(6, '0')}`,
      ConsigneeName: `批量收货方 ${i % 500}`,
      ProductModel: line.ProductModel,
      Quantity: 1,
      UnitPrice: '2.00',
      ShipmentDate: `${period}-15`,
    }));
    const answer = await importFile(token, `shipments-${period}.xlsx`, await workbook(rows));
    expect(answer.state, answer.message).toBe(true);
    expect(answer.results.AddedCount).toBe(PER_FILE);
  }
}, 900_000);

describe('a list of more than 100,000 lines', () => {
  it('says "more than 100,000" rather than counting every line', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', PATH);
    await grid(page).locator('tbody tr').first().waitFor();
    const report = grid(page).locator('.p-paginator-current');
    await expect
      .poll(() => report.textContent(), { timeout: 30_000 })
      .toBe(`超过 ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} 条`);
  });

  it('shows its export part-way on the progress bar, rows written and percent, before the file is ready', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', PATH);
    await grid(page).locator('tbody tr').first().waitFor();
    // One month's 50,000 lines, counted exactly again below the limit: the file the export writes.
    await visible(page)
      .locator('#filter-ShipmentNo')
      .fill(`FH${PERIODS[0].replace('-', '')}`);
    await visible(page).locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    await expect
      .poll(() => grid(page).locator('.p-paginator-current').textContent(), { timeout: 30_000 })
      .toBe(`共 ${PER_FILE} 条`);

    await exportButton(page).click();
    // The bar under the button, read once the job has written some rows and not yet all of them.
    const bar = visible(page).locator('.portal-toolbar .portal-export-progress');
    const partWay = await page.waitForFunction(
      (selector) => {
        const shown = document.querySelector(selector);
        const percent = Number(shown?.getAttribute('data-export-progress'));
        const meter = shown?.querySelector('[role=progressbar]');
        return percent > 0 && percent < 100 && meter
          ? { said: meter.getAttribute('aria-label'), now: meter.getAttribute('aria-valuenow') }
          : undefined;
      },
      '[data-testid=tab-page]:not([hidden]) .portal-toolbar .portal-export-progress',
      { timeout: 120_000 },
    );
    const { said, now } = (await partWay.jsonValue()) as { said: string; now: string };
    const [, rows, percent] = /^导出中：已写入 ([\d,]+) 行 \((\d+)%\)$/.exec(said) ?? [];
    expect(Number(percent)).toBeGreaterThan(0);
    expect(Number(percent)).toBeLessThan(100);
    expect(Number(rows.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(now).toBe(percent);

    // Then the file is ready: the bar goes and the export log holds it, complete.
    await page.locator('.portal-toast').filter({ hasText: '导出完成，请在导出日志中下载文件' }).waitFor({
      timeout: 300_000,
    });
    expect(await bar.count()).toBe(0);
    await visible(page).getByRole('button', { name: '导出日志' }).click();
    const newest = page.locator('.portal-export-log tbody tr').first();
    await expect.poll(() => newest.locator('.portal-export-status').textContent()).toBe('已完成');
  }, 420_000);
});
