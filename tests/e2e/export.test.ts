import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { login, useBrowser } from './browser';

/**
 * SPEC §2 export and export log, §4 the export button's 30 s freeze, §7 export calls: a person exports
 * a list, sees the notice, the countdown and the job's progress on the button until its file is ready,
 * opens the export log, downloads the file and finds in it the rows the table showed.
 */
const e2e = useBrowser();
const downloads = mkdtempSync(join(tmpdir(), 'portal-e2e-downloads-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

const OWN_LINE_ORDERS = '/ordersSetup/own-line-orders';
const PRODUCT_FILES = '/baseManage/product-files';

const grid = (page: Page) => page.locator('.portal-grid');
const toastWith = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });
const exportButton = (page: Page) => page.locator('.portal-toolbar .portal-export-button');
const logDialog = (page: Page) => page.locator('.portal-export-log');

/** Opens a list page and waits until its rows show, their dictionary values as texts. */
async function openList(page: Page, path: string, dictColumn: number) {
  await login(page, 'admin', 'Admin@123456', path);
  await grid(page).locator('tbody tr').first().waitFor();
  await expect.poll(() => grid(page).locator('.p-datatable-loading-overlay').count()).toBe(0);
  const cell = grid(page).locator('tbody tr').first().locator('td').nth(dictColumn);
  await expect.poll(async () => ((await cell.textContent()) ?? '').trim()).not.toMatch(/^\d+$/);
}

/** What the table shows: its headers, the cell texts of the page's rows and the total it reports. */
async function shownTable(page: Page) {
  // A list that deletes has a column of checkboxes without a header: it is no column of the file.
  const all = (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim());
  const kept = all.flatMap((header, i) => (header === '' ? [] : [i]));
  const headers = kept.map((i) => all[i]);
  const rows: string[][] = [];
  for (const row of await grid(page).locator('tbody tr').all()) {
    const cells = (await row.locator('td').allInnerTexts()).map((t) => t.trim());
    rows.push(kept.map((i) => cells[i]));
  }
  const report = (await grid(page).locator('.p-paginator-current').textContent()) ?? '';
  return { headers, rows, total: Number(/共\s*(\d+)\s*条/.exec(report)?.[1]) };
}

/** A typed cell as Excel shows it through its number format; a text cell as its text. */
function shownAsExcel(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value == null) return '';
  if (value instanceof Date) {
    const iso = value.toISOString().replace('T', ' ');
    return cell.numFmt === 'yyyy-mm-dd' ? iso.slice(0, 10) : iso.slice(0, 19);
  }
  if (typeof value === 'number' && cell.numFmt === '#,##0.00') return formatPrice(value);
  return String(value);
}

/** The downloaded workbook's first sheet as rows of cell texts, and how many cells were typed. */
async function sheetOf(download: Download): Promise<string[][] & { typed: number }> {
  const path = join(downloads, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(path);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  const rows = Object.assign([] as string[][], { typed: 0 });
  // Empty cells are holes in row.values: read every column of the sheet, holes as ''.
  sheet.eachRow((row) => {
    rows.push(
      Array.from({ length: sheet.columnCount }, (_, i) => {
        const cell = row.getCell(i + 1);
        if (cell.type === ExcelJS.ValueType.Number || cell.type === ExcelJS.ValueType.Date) rows.typed += 1;
        return shownAsExcel(cell);
      }),
    );
  });
  return rows;
}

describe('exporting a list', () => {
  it('starts a job, counts down on the button, and the export log downloads the rows the table shows', async () => {
    const page = await e2e.newPage();
    // The order type, after the checkbox and the order number: its word shows once the dictionaries came.
    await openList(page, OWN_LINE_ORDERS, 2);
    // Narrow the list to one day's order numbers (DD + yyyyMMdd): the export must follow the filter.
    const listed = await shownTable(page);
    const prefix = listed.rows[0][0].slice(0, 10);
    const before = listed.total;
    await page.locator('#filter-OrderNo').fill(prefix);
    await page.locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    await expect.poll(async () => (await shownTable(page)).total).not.toBe(before);
    const shown = await shownTable(page);
    expect(shown.rows.every((row) => row[0].startsWith(prefix))).toBe(true);

    await exportButton(page).click();
    await toastWith(page, '正在导出文件中,请稍候点击导出日志下载文件').waitFor();
    await expect.poll(() => exportButton(page).textContent()).toMatch(/^导出 \((30|29|28)s\)$/);
    await expect.poll(() => exportButton(page).isDisabled()).toBe(true);
    const secondsLeft = async () =>
      Number(/\((\d+)s\)/.exec((await exportButton(page).textContent()) ?? '')?.[1]);
    const first = await secondsLeft();
    await expect.poll(secondsLeft, { timeout: 5_000 }).toBeLessThan(first);
    // The button follows its job: a bar under it while the file is written, and word when it is ready.
    await toastWith(page, '导出完成，请在导出日志中下载文件').waitFor({ timeout: 20_000 });
    expect(await page.locator('.portal-toolbar .portal-export-progress').count()).toBe(0);

    await page.getByRole('button', { name: '导出日志' }).click();
    const newest = logDialog(page).locator('tbody tr').first();
    await expect
      .poll(() => newest.locator('.portal-export-status').textContent(), { timeout: 20_000 })
      .toBe('已完成');
    await expect.poll(() => newest.textContent()).toContain('自有品牌订单查询');
    await expect.poll(() => newest.textContent()).toContain('系统管理员');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      newest.getByRole('button', { name: /下载/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^自有品牌订单查询_\d{14}_[0-9a-f]{6}\.xlsx$/);
    const sheet = await sheetOf(download);
    expect(sheet[0]).toEqual(shown.headers);
    expect(sheet.length - 1, 'every row of the filtered list, not one page').toBe(shown.total);
    expect(sheet.slice(1, shown.rows.length + 1)).toEqual(shown.rows);
    expect(sheet.slice(1).every((row) => row[0].startsWith(prefix))).toBe(true);
    // The amount and the order date of every row are typed cells Excel can sum and sort.
    expect(sheet.typed, 'amounts and dates are numbers and dates').toBeGreaterThanOrEqual(2 * shown.total);
  });

  it('opens the file of a sync export in the same window, which downloads it', async () => {
    const page = await e2e.newPage();
    await openList(page, PRODUCT_FILES, 4);
    const shown = await shownTable(page);

    const [download] = await Promise.all([page.waitForEvent('download'), exportButton(page).click()]);
    expect(download.suggestedFilename()).toMatch(/^产品档案_\d{14}_[0-9a-f]{6}\.xlsx$/);
    await expect.poll(() => exportButton(page).textContent()).toMatch(/^导出 \(\d+s\)$/);
    const sheet = await sheetOf(download);
    expect(sheet[0]).toEqual(shown.headers.filter((h) => h !== ''));
    expect(sheet.length - 1).toBe(shown.total);
    expect(page.url()).toContain(PRODUCT_FILES);
  });
});
