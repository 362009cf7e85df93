import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { makeCreditCode } from '../../domain/credit-code';
import { headerOf } from '../../server/export/cell-text';
import { importSpecOf } from '../../server/imports/import-spec';
import { dataRows, login, useBrowser, waitForPath } from './browser';
import { pageApi, portalEnvelope } from './portal-api';
import { monthAfter } from './report-periods';

/**
 * What the people who file and check reports meet in the browser: the RSP files its stock report from
 * its own menu; a 20,000-row file shows how far its check is on the kit's progress bar before it is
 * refused for its one bad row; a template's dictionary column is a dropdown; an exported list imports
 * back with no line changed; the city manager configuration's import refuses what its form refuses;
 * a signed agent's record offers its agreement in Word and as a PDF; the sales operations desk reads
 * everyone's exports in the export log; a daily report's recipient is picked among the writer's
 * managers; the registration approval list says where each application stands in words.
 */
const e2e = useBrowser();
const visible = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const grid = (page: Page) => visible(page).locator('.portal-grid');
const dialog = (page: Page) => page.locator('.portal-import-dialog');
const STOCK = 'report.distributorStockReport';
const SALES = 'report.distributorSalesReport';

/** A workbook of the page's import columns (Chinese headers) and the rows, by field. */
async function workbook(pageId: string, resource: string, rows: Record<string, unknown>[]): Promise<Buffer> {
  const fields = pageById(pageId)!.import!.fields.map((f) => f.field);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(fields.map((field) => headerOf('zh', resource, field)));
  for (const row of rows) sheet.addRow(fields.map((field) => row[field] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function send(page: Page, name: string, buffer: Buffer) {
  await dialog(page).locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await dialog(page).getByRole('button', { name: '上传并导入' }).click();
}

/** The session the portal answers a sign-in with: its token and the employee. */
const signIn = async (username: string) =>
  (await portalEnvelope('/user/login', { username, password: 'Demo@123456' })).results;

let rspName = '';
const names: Record<string, string> = {};
beforeAll(async () => {
  const { token, employee } = await signIn('rsp');
  rspName = (await portalEnvelope('/customer/getOne', { ObjectID: employee.ExtCompanyID_SDK }, token))
    .results[0].Name;
  for (const user of ['city', 'province']) names[user] = (await signIn(user)).employee.LastName;
});

describe('the reports an RSP files', () => {
  it('are in its menu: it imports its stock report and finds the line in the list', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', '/report/distributor-stock-report');
    await grid(page).locator('tbody tr').first().waitFor();
    await expect
      .poll(async () =>
        (await page.locator('.portal-side-menu .portal-menu-item').allInnerTexts()).map((m) => m.trim()),
      )
      .toEqual(expect.arrayContaining(['总代库存报表', '总代销售报表', '总代进货报表']));

    // The newest month of one of its models: the next month opens at that closing.
    const [newest] = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: rspName,
      sort: '-Period',
      pageSize: 1,
    });
    expect(newest, 'the demo RSP has filed stock lines').toBeDefined();
    const [last] = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: rspName,
      ProductModel: newest.ProductModel,
      sort: '-Period',
      pageSize: 1,
    });
    const period = monthAfter(last.Period, '2028-01');
    const opening = Number(last.ClosingQuantity);

    await visible(page).getByRole('button', { name: '导入' }).click();
    await send(
      page,
      'rsp-stock.xlsx',
      await workbook(STOCK, 'stockReport', [
        {
          AgentName: rspName,
          Period: period,
          ProductModel: newest.ProductModel,
          OpeningQuantity: opening,
          PurchaseQuantity: 4,
          SalesQuantity: 1,
          ClosingQuantity: opening + 3,
        },
      ]),
    );
    await dialog(page).locator('.portal-import-committed').filter({ hasText: '已导入 1 行' }).waitFor();
    await page.keyboard.press('Escape');
    const lines = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: rspName,
      Period: period,
      ProductModel: newest.ProductModel,
    });
    expect(lines).toEqual([expect.objectContaining({ ClosingQuantity: opening + 3 })]);
  });

  it("shows a large file's check on the progress bar, then names its one bad row", async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', '/report/distributor-sales-report');
    await grid(page).locator('tbody tr').first().waitFor();
    const [line] = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: rspName,
      pageSize: 1,
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      AgentName: rspName,
      Period: '2028-02',
      CustomerName: `进度买方 ${i}`,
      CreditCode: makeCreditCode(`91320100${String(i).padStart(9, '0')}`),
      SalesCustomerType: '101',
      ProductModel: line.ProductModel,
      // The last row sells nothing: the whole file is refused for it, once every row is checked.
      Quantity: i === 19_999 ? 0 : 1,
      UnitPrice: '2.00',
      OutboundDate: '2028-02-03',
    }));
    await visible(page).getByRole('button', { name: '导入' }).click();
    await send(page, 'many-sales.xlsx', await workbook(SALES, 'salesReport', rows));
    const status = dialog(page)
      .locator('[role=status]')
      .filter({ hasText: /已处理 \d+ 行 \(\d+%\)/ });
    await status.waitFor({ timeout: 60_000 });
    expect(await status.locator('.p-progressbar').count()).toBe(1);

    const reasons = dialog(page).locator('.portal-import-reasons tbody tr');
    await reasons.first().waitFor({ timeout: 120_000 });
    expect(await reasons.count()).toBe(1);
    expect(await reasons.first().locator('td').first().textContent()).toBe('20001');
    expect(await reasons.first().textContent()).toContain(headerOf('zh', 'salesReport', 'Quantity'));
    await expect.poll(() => dialog(page).textContent()).toContain('未导入任何数据');
  }, 240_000);
});

describe('a list and its workbook', () => {
  it('offers a template whose dictionary column is a dropdown of its words', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', '/report/distributor-sales-report');
    await grid(page).locator('tbody tr').first().waitFor();
    await visible(page).getByRole('button', { name: '导入' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByRole('button', { name: '下载导入模板' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const data = book.worksheets[0];
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = (data.getRow(1).values as string[]).slice(1).map((h) => String(h).replace(/\*$/, ''));
    const column = header.indexOf(headerOf('zh', 'salesReport', 'SalesCustomerType')) + 1;
    expect(column, header.join()).toBeGreaterThan(0);
    expect(data.getRow(2).getCell(column).dataValidation).toMatchObject({ type: 'list' });
    // The example and the words are on the notes sheet, never a row of the data sheet.
    expect(data.actualRowCount).toBe(1);
    expect(book.worksheets.length).toBeGreaterThan(1);
  });

  it('exports a list and imports the file back: no line changes', async () => {
    const page = await e2e.newPage();
    await login(page, 'gd', 'Demo@123456', '/report/distributor-stock-report');
    await grid(page).locator('tbody tr').first().waitFor();
    const { token, employee } = await signIn('gd');
    const gdName = (await portalEnvelope('/customer/getOne', { ObjectID: employee.ExtCompanyID_SDK }, token))
      .results[0].Name;
    const [newest] = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: gdName,
      sort: '-Period',
      pageSize: 1,
    });
    const [last] = await pageApi<Record<string, any>[]>(page, '/stockReport/search', {
      AgentName: gdName,
      ProductModel: newest.ProductModel,
      sort: '-Period',
      pageSize: 1,
    });
    // A month no control date locks, with one line of its own to export.
    const period = monthAfter(last.Period, '2029-01');
    const opening = Number(last.ClosingQuantity);
    await visible(page).getByRole('button', { name: '导入' }).click();
    await send(
      page,
      'gd-stock.xlsx',
      await workbook(STOCK, 'stockReport', [
        {
          AgentName: gdName,
          Period: period,
          ProductModel: newest.ProductModel,
          OpeningQuantity: opening,
          PurchaseQuantity: 2,
          SalesQuantity: 1,
          ClosingQuantity: opening + 1,
        },
      ]),
    );
    await dialog(page).locator('.portal-import-committed').filter({ hasText: '已导入 1 行' }).waitFor();
    await page.keyboard.press('Escape');

    await visible(page).locator('#filter-Period').fill(period);
    await visible(page).locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    await expect.poll(() => dataRows(grid(page)).count()).toBe(1);
    await visible(page).locator('.portal-toolbar .portal-export-button').click();
    await page
      .locator('.portal-toast')
      .filter({ hasText: '导出完成，请在导出日志中下载文件' })
      .waitFor({ timeout: 60_000 });
    await visible(page).getByRole('button', { name: '导出日志' }).click();
    const newestExport = page.locator('.portal-export-log tbody tr').first();
    await expect
      .poll(() => newestExport.locator('.portal-export-status').textContent(), { timeout: 30_000 })
      .toBe('已完成');
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      newestExport.getByRole('button', { name: /下载/ }).click(),
    ]);
    const bytes = readFileSync(await exported.path());
    await page.keyboard.press('Escape');

    await visible(page).getByRole('button', { name: '导入' }).click();
    await send(page, exported.suggestedFilename(), bytes);
    await dialog(page)
      .locator('.portal-import-committed')
      .filter({ hasText: '1 行与已导入的完全相同：0 行变化' })
      .waitFor();
  });
});

describe('the city manager configuration import', () => {
  it('refuses a city under another province and an unknown manager, naming each row and column', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', '/baseManage/city-manager-config');
    await grid(page).locator('tbody tr').first().waitFor();
    const fields = importSpecOf('baseManage.cityManagerConfig').declared.fields.map((f) => f.field);
    const row = (extra: Record<string, string>) => ({
      ProvinceName: '江苏省',
      CityName: '苏州市',
      cityManagerName: names.city,
      ExtProvinceManagerName_SDK: names.province,
      StartDate: '2026-01-01',
      ...extra,
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(fields.map((field) => headerOf('zh', 'cityManagerConfig', field)));
    for (const r of [row({ CityName: '杭州市' }), row({ cityManagerName: '查无此人' })])
      sheet.addRow(fields.map((field) => r[field as keyof typeof r] ?? null));
    await visible(page).getByRole('button', { name: '导入' }).click();
    await send(page, 'city-managers.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const reasons = dialog(page).locator('.portal-import-reasons tbody tr');
    await reasons.first().waitFor();
    expect(await reasons.count()).toBe(2);
    expect(await reasons.nth(0).locator('td').first().textContent()).toBe('2');
    expect(await reasons.nth(0).textContent()).toContain(headerOf('zh', 'cityManagerConfig', 'CityName'));
    expect(await reasons.nth(1).locator('td').first().textContent()).toBe('3');
    expect(await reasons.nth(1).textContent()).toContain(
      headerOf('zh', 'cityManagerConfig', 'cityManagerName'),
    );
    await expect.poll(() => dialog(page).textContent()).toContain('未导入任何数据');
    expect(await dialog(page).textContent()).not.toContain('导入成功');
  });
});

describe("a daily report's recipient picker", () => {
  it("offers the writer's managers, never the writer", async () => {
    const page = await e2e.newPage();
    await login(page, 'city', 'Demo@123456', '/salesActivity/daily-work-form');
    const picker = visible(page).locator('[data-picker="manager"]');
    await picker.first().click();
    const offered = page.locator('.portal-picker-dialog tbody tr');
    await offered.filter({ hasText: names.province }).first().waitFor();
    expect(await offered.filter({ hasText: names.city }).count()).toBe(0);
  });

  it('copies to several people, and opens again with them ticked so one more joins them', async () => {
    const page = await e2e.newPage();
    await login(page, 'city', 'Demo@123456', '/salesActivity/daily-work-form');
    const copies = visible(page).locator('.portal-picker-field', {
      has: page.locator('[data-picker="copyReader"]'),
    });
    const dialogOf = page.locator('.portal-picker-dialog');
    const rows = dialogOf.locator('tbody tr');
    const nameIn = async (n: number) => (await rows.nth(n).locator('td').nth(1).innerText()).trim();
    const ticked = () => rows.locator('input[type="checkbox"]:checked').count();
    await copies.locator('[data-picker="copyReader"]').click();
    await rows.first().waitFor();
    expect(await rows.count(), 'the writer may copy three people or more').toBeGreaterThanOrEqual(3);
    const [first, second, third] = [await nameIn(0), await nameIn(1), await nameIn(2)];
    await rows.nth(0).locator('td').first().click();
    await rows.nth(1).locator('td').first().click();
    await dialogOf.getByRole('button', { name: '确定', exact: true }).click();
    await dialogOf.waitFor({ state: 'hidden' });
    await expect.poll(() => copies.locator('input').inputValue()).toBe(`${first},${second}`);

    await copies.locator('[data-picker="copyReader"]').click();
    await rows.first().waitFor();
    await expect.poll(ticked, { message: 'the two chosen before are ticked' }).toBe(2);
    await rows.nth(2).locator('td').first().click();
    await dialogOf.getByRole('button', { name: '确定', exact: true }).click();
    await dialogOf.waitFor({ state: 'hidden' });
    await expect.poll(() => copies.locator('input').inputValue()).toBe(`${first},${second},${third}`);
  });
});

describe('the signed agreement', () => {
  it("is on the agent's record in Word and as a PDF that names the agent, its address written once", async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456');
    await waitForPath(page, '/dashboard');
    type Attachment = { ObjectID: string; FileName: string };
    type Agent = { ObjectID: string; Name: string; ExtAgreementFile_SDK?: Attachment[] };
    // An RSP the demo signed through registration, its agreement made while the server had LibreOffice.
    const candidates = await pageApi<Agent[]>(page, '/customer/search', {
      ExtChannelSmallType_SDK: 'RSP',
      pageSize: 50,
    });
    let agent: Agent | undefined;
    for (const candidate of candidates) {
      const [record] = await pageApi<Agent[]>(page, '/customer/getOne', { ObjectID: candidate.ObjectID });
      const kinds = (record.ExtAgreementFile_SDK ?? []).map((f) => f.FileName.split('.').pop());
      if (kinds.includes('docx') && kinds.includes('pdf')) {
        agent = record;
        break;
      }
    }
    expect(agent, 'a demo RSP with its agreement in Word and PDF').toBeDefined();
    await page.goto(e2e.url(`/customers/rsp-detail?objectID=${agent!.ObjectID}`));
    // Every agreement the record holds: the signed one, and one more per renewal another test made.
    const files = visible(page).locator('a.portal-file-name');
    await expect.poll(() => files.count(), { timeout: 15_000 }).toBe(agent!.ExtAgreementFile_SDK!.length);
    const names = (await files.allInnerTexts()).map((n) => n.trim());
    expect(names.some((n) => n.endsWith('.docx'))).toBe(true);
    expect(names.some((n) => n.endsWith('.pdf'))).toBe(true);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      files.filter({ hasText: '.pdf' }).first().click(),
    ]);
    const path = await pdf.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    // Read back where poppler-utils is installed (the CI installs it beside LibreOffice).
    const text = spawnSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    if (text.status === 0) {
      const flat = text.stdout.replace(/\s+/g, '');
      expect(flat).toContain(agent!.Name.replace(/\s+/g, ''));
      // The address is composed once: no city or province written twice in a row.
      expect(flat).not.toMatch(/(\p{Script=Han}{2,4}[省市])\1/u);
    }
  });
});

describe('the export log of the sales operations desk', () => {
  it("lists the administrator's exports too", async () => {
    const admin = await e2e.newPage();
    await login(admin, 'admin', 'Admin@123456');
    await waitForPath(admin, '/dashboard');
    const job = await pageApi<{ ObjectID: string }>(admin, '/excelExport/doExport', {
      configCode: 'OwnLineOrderExport',
      OrderNo: 'DD',
    });
    expect(job.ObjectID).toBeTruthy();

    const page = await e2e.newPage();
    await login(page, 'ops', 'Demo@123456', '/baseManage/export-log');
    await dataRows(grid(page)).first().waitFor();
    await expect
      .poll(() => dataRows(grid(page)).filter({ hasText: '系统管理员' }).count())
      .toBeGreaterThan(0);
    const theirs = dataRows(grid(page)).filter({ hasText: '系统管理员' }).first();
    // The export is named by the title of the page it exports, never by its code.
    expect(await theirs.textContent()).toContain('自有品牌订单查询');
    expect(await theirs.textContent()).not.toContain('OwnLineOrderExport');
  });
});

describe('the registration approval list', () => {
  it('says where each application stands in words, never by a step key', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', '/customers/registrar-approval');
    await dataRows(grid(page)).first().waitFor();
    await expect.poll(() => grid(page).locator('.p-datatable-loading-overlay').count()).toBe(0);
    const headers = (await grid(page).locator('thead th').allInnerTexts()).map((h) => h.trim());
    const column = headers.findIndex((h) => h.startsWith('当前审批节点'));
    expect(column, headers.join()).toBeGreaterThanOrEqual(0);
    const cell = dataRows(grid(page)).first().locator('td').nth(column);
    // The dictionary's words may arrive after the rows.
    await expect.poll(async () => ((await cell.textContent()) ?? '').trim()).not.toMatch(/^[A-Za-z]+$/);
    const steps = (
      await grid(page)
        .locator(`tbody tr td:nth-child(${column + 1})`)
        .allInnerTexts()
    ).map((s) => s.trim());
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(step).not.toMatch(/^[A-Za-z]+$/);
    expect(
      steps.some((s) => ['初审', '资质审核', '风控/财务审核', '待签署协议', '正常合作'].includes(s)),
    ).toBe(true);
  });
});
