import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { makeCreditCode } from '../../domain/credit-code';
import { headerOf } from '../../server/export/cell-text';
import { login, useBrowser } from './browser';
import { pageApi } from './portal-api';

/**
 * The product file's import in the browser, with a workbook another program (openpyxl) wrote: its
 * category picked from a dropdown the program set. A repeated code is refused naming its row and the
 * first; the fixed file adds a product of a new model and updates a stored product's name. A sales
 * line written the same way, its customer type a dropdown word and its outbound day a date cell,
 * is imported as that word's code and that day.
 */
const e2e = useBrowser();
const PAGE = 'baseManage.productFiles';
const visible = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const grid = (page: Page) => visible(page).locator('.portal-grid');
const dialog = (page: Page) => page.locator('.portal-import-dialog');

/** A Python that has openpyxl (the system's, when a version manager's comes first on the path). */
const python = ['python3', '/usr/bin/python3'].find(
  (command) => spawnSync(command, ['-c', 'import openpyxl']).status === 0,
);

/** The workbook openpyxl writes: the import's headers, the rows, a list dropdown on the category column. */
function openpyxlFile(
  rows: Record<string, unknown>[],
  of = { page: PAGE, resource: 'product', dict: 'ExtProductCategory_SDK', choices: ['服务器', '存储'] },
): Buffer {
  const fields = pageById(of.page)!.import!.fields.map((f) => f.field);
  const dir = mkdtempSync(join(tmpdir(), 'products-e2e-'));
  const path = join(dir, 'products.xlsx');
  const script = `
import datetime, json, sys
from openpyxl import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
spec = json.loads(sys.argv[2])
book = Workbook()
sheet = book.active
sheet.append(spec['header'])
for row in spec['rows']:
    sheet.append([datetime.date.fromisoformat(v['date']) if isinstance(v, dict) else v for v in row])
for column in spec['dateColumns']:
    for cells in sheet.iter_rows(min_row=2, min_col=column, max_col=column):
        cells[0].number_format = 'yyyy-mm-dd'
rule = DataValidation(type='list', formula1='"' + ','.join(spec['choices']) + '"')
sheet.add_data_validation(rule)
rule.add('%s2:%s100' % (spec['dictColumn'], spec['dictColumn']))
book.save(sys.argv[1])
`;
  try {
    const spec = {
      header: fields.map((field) => headerOf('zh', of.resource, field)),
      rows: rows.map((row) => fields.map((field) => row[field] ?? null)),
      dictColumn: String.fromCharCode(65 + fields.indexOf(of.dict)),
      choices: of.choices,
      dateColumns: pageById(of.page)!.import!.fields.flatMap((f, i) => (f.kind === 'date' ? [i + 1] : [])),
    };
    const made = spawnSync(python!, ['-c', script, path, JSON.stringify(spec)], { encoding: 'utf8' });
    expect(made.stderr).toBe('');
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!python)('importing product files', () => {
  it('refuses a repeated code by row, then adds a new model and updates a stored code', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', '/baseManage/product-files');
    const first = grid(page).locator('tbody tr').first();
    await first.waitFor();
    const headers = (await grid(page).locator('thead th').allInnerTexts()).map((h) => h.trim());
    const codeColumn = headers.findIndex((h) => h.startsWith(headerOf('zh', 'product', 'pn')));
    expect(codeColumn).toBeGreaterThanOrEqual(0);
    const stored = ((await first.locator('td').nth(codeColumn).textContent()) ?? '').trim();
    expect(stored).not.toBe('');
    const code = `E2E${Date.now().toString().slice(-8)}`;
    const fresh = {
      pn: code,
      Name: '浏览器导入机型',
      ExtProductCategory_SDK: '服务器',
      ProductModel: `ZX-${code}`,
    };
    const renamed = { pn: stored, Name: `浏览器改名 ${code}`, ExtProductCategory_SDK: '服务器' };

    await visible(page).getByRole('button', { name: '导入' }).click();
    const input = dialog(page).locator('input[type=file]');
    const send = async (rows: Record<string, unknown>[]) => {
      await input.setInputFiles({
        name: 'products.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: openpyxlFile(rows),
      });
      await dialog(page).getByRole('button', { name: '上传并导入' }).click();
    };
    await send([fresh, { ...fresh, Name: '重复' }]);
    const reasons = dialog(page).locator('.portal-import-reasons tbody tr');
    await reasons.first().waitFor();
    expect(await reasons.count()).toBe(1);
    expect(await reasons.first().locator('td').first().textContent()).toBe('3');
    expect(await reasons.first().textContent()).toContain('已在第 2 行出现');
    expect(await dialog(page).textContent()).not.toContain('无法保存');

    await send([fresh, renamed]);
    await dialog(page)
      .locator('.portal-import-committed')
      .filter({ hasText: '新增 1 行，替换 1 行' })
      .waitFor();
    await page.keyboard.press('Escape');

    await page.locator('#filter-pn').fill(code);
    await page.locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    await expect
      .poll(async () => (await grid(page).locator('tbody tr').first().textContent()) ?? '')
      .toContain('浏览器导入机型');
    await expect.poll(() => grid(page).locator('tbody tr').first().textContent()).toContain('服务器');
    await page.locator('#filter-pn').fill(stored);
    await page.locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    await expect
      .poll(async () => (await grid(page).locator('tbody tr').first().textContent()) ?? '')
      .toContain(`浏览器改名 ${code}`);
  });

  it('imports a sales line whose customer type is a dropdown word and whose outbound day is a date cell', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', '/report/distributor-sales-report');
    await grid(page).locator('tbody tr').first().waitFor();
    const [line] = await pageApi<Record<string, string>[]>(page, '/salesReport/search', { pageSize: 1 });
    const headers = (await grid(page).locator('thead th').allInnerTexts()).map((h) => h.trim());
    const typeColumn = headers.findIndex((h) =>
      h.startsWith(headerOf('zh', 'salesReport', 'SalesCustomerType')),
    );
    const typeCell = grid(page).locator('tbody tr').first().locator('td').nth(typeColumn);
    // The type is a dictionary word, which may come after the rows: until then the cell shows the code.
    await expect.poll(async () => ((await typeCell.textContent()) ?? '').trim()).not.toMatch(/^\d+$/);
    const typeWord = ((await typeCell.textContent()) ?? '').trim();
    expect(typeWord).not.toBe('');
    const period = '2027-09';
    const row = {
      AgentName: line.AgentName,
      Period: period,
      CustomerName: 'openpyxl 买方',
      CreditCode: makeCreditCode('91320100MA1E2EPY0'),
      SalesCustomerType: typeWord,
      ProductModel: line.ProductModel,
      Quantity: 2,
      UnitPrice: '10.00',
      OutboundDate: { date: `${period}-15` },
    };
    await visible(page).getByRole('button', { name: '导入' }).click();
    await dialog(page)
      .locator('input[type=file]')
      .setInputFiles({
        name: 'sales-openpyxl.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: openpyxlFile([row], {
          page: 'report.distributorSalesReport',
          resource: 'salesReport',
          dict: 'SalesCustomerType',
          choices: [typeWord],
        }),
      });
    await dialog(page).getByRole('button', { name: '上传并导入' }).click();
    await dialog(page).locator('.portal-import-committed').filter({ hasText: '新增 1 行' }).waitFor();
    const stored = await pageApi<Record<string, unknown>[]>(page, '/salesReport/search', {
      Period: period,
      CustomerName: 'openpyxl 买方',
    });
    expect(stored).toEqual([expect.objectContaining({ OutboundDate: `${period}-15`, Quantity: 2 })]);
  });
});
