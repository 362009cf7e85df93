import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { monthAfter } from './report-periods';

/**
 * Issue "Import": a distributor downloads the stock report's template, fills it, uploads a file with
 * one line that does not reconcile, reads the reason for that line (nothing imported), fixes it,
 * imports the file and finds the import in the upload history.
 */
const e2e = useBrowser();
const visible = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const grid = (page: Page) => visible(page).locator('.portal-grid');
const dialog = (page: Page) => page.locator('.portal-import-dialog');

/** The template's header, then the rows, cell by cell as the header orders them. */
async function filled(template: Buffer, rows: Record<string, string | number>[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as never);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as string[]).slice(1);
  for (const row of rows) sheet.addRow(header.map((name) => row[name.replace(/\*$/, '')] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('importing a stock report', () => {
  it('shows the reason of a refused line, imports the fixed file and lists it in the upload history', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', '/report/distributor-stock-report');
    const first = grid(page).locator('tbody tr').first();
    await first.waitFor();
    // The newest line of an agent's model: a new period opens with its closing (opening = last closing).
    const period = grid(page).locator('thead th').filter({ hasText: '报表期间' });
    for (const order of ['ascending', 'descending']) {
      await period.click();
      await expect.poll(() => period.getAttribute('aria-sort')).toBe(order);
    }
    await expect.poll(() => grid(page).locator('.p-datatable-loading-overlay').count()).toBe(0);
    const cell = async (index: number) => ((await first.locator('td').nth(index).textContent()) ?? '').trim();
    const agent = await cell(0);
    const model = await cell(2);
    const lastClosing = Number((await cell(7)).replace(/,/g, ''));
    // The month after the newest line (another test may have reported later months than the demo).
    const reportPeriod = monthAfter(await cell(1), '2027-07');

    await visible(page).getByRole('button', { name: '导入' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('button', { name: '下载导入模板' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('总代库存报表_导入模板.xlsx');
    const template = readFileSync(await download.path());
    const line = (closing: number) => ({
      代理商名称: agent,
      报表期间: reportPeriod,
      产品型号: model,
      期初库存: lastClosing,
      本期进货: 5,
      本期销售: 3,
      期末库存: closing,
    });
    const input = dialog(page).locator('input[type=file]');
    await input.setInputFiles({
      name: 'stock-2027-07.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await filled(template, [line(lastClosing + 1)]),
    });
    await dialog(page).getByRole('button', { name: '上传并导入' }).click();
    const reasons = dialog(page).locator('.portal-import-reasons tbody tr');
    await reasons.first().waitFor();
    expect(await reasons.count()).toBe(1);
    expect(await reasons.first().locator('td').first().textContent()).toBe('2');
    expect(await reasons.first().textContent()).toContain('期末库存');
    await expect.poll(() => dialog(page).textContent()).toContain('未导入任何数据');

    await input.setInputFiles({
      name: 'stock-2027-07.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await filled(template, [line(lastClosing + 2)]),
    });
    await dialog(page).getByRole('button', { name: '上传并导入' }).click();
    await dialog(page).locator('.portal-import-committed').filter({ hasText: '已导入 1 行' }).waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/import-history/list');
    const newest = grid(page).locator('tbody tr').first();
    await expect.poll(async () => (await newest.textContent()) ?? '').toContain('stock-2027-07.xlsx');
    // The outcome is a dictionary word, which may come after the rows.
    await expect.poll(() => newest.textContent()).toContain('成功');
    const refused = grid(page).locator('tbody tr').nth(1);
    await expect.poll(() => refused.textContent()).toContain('失败');

    // The refused upload's detail offers its rejected rows, with the reason beside the row.
    await refused.getByRole('button', { name: 'stock-2027-07.xlsx' }).click();
    const rejectedFile = visible(page).locator('a.portal-file-name');
    await rejectedFile.waitFor();
    const [rejected] = await Promise.all([page.waitForEvent('download'), rejectedFile.click()]);
    expect(rejected.suggestedFilename()).toBe('stock-2027-07_错误明细.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await rejected.path());
    const row = (book.worksheets[0].getRow(2).values as unknown[]).map(String);
    expect(row).toContain(String(lastClosing + 1));
    expect(row.at(-1)).toContain('期末库存');
  });

  it('uploads an RSP shipment report on its own page, through the same import', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', '/report/rsp-report-upload');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      visible(page).getByRole('button', { name: '下载导入模板' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    expect((book.worksheets[0].getRow(1).values as string[]).slice(1, 3)).toEqual(['RSP名称*', '报表期间*']);
    await visible(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'empty.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: readFileSync(await download.path()),
      });
    await visible(page).getByRole('button', { name: '上传并导入' }).click();
    await visible(page).getByRole('alert').filter({ hasText: '文件中没有数据行' }).waitFor();
  });
});
