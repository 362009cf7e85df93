import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, tokenOf, useBrowser } from './browser';

/**
 * Agreement templates as the vendor keeps them: a new RSP template version with its file is made
 * from the RSP list through the shared edit page, and enabling it retires the former enabled one.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456' };
const LIST = '/models/prov';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2039)]),
});

const toast = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });
// Tabs keep recently shown pages mounted (hidden): look only at the page on show.
const shown = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden])');
const field = (page: Page, name: string) => shown(page).locator(`#field-${name}`);
const dropdown = (page: Page, name: string) =>
  shown(page)
    .locator('.p-dropdown')
    .filter({ has: page.locator(`#field-${name}`) });
const rows = (page: Page) => shown(page).locator('.portal-grid tbody tr');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function choose(page: Page, name: string, option: string) {
  await dropdown(page, name).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function search(page: Page, text: string, count: number) {
  await shown(page).locator('#filter-Name').fill(text);
  await shown(page).locator('.portal-search-bar button[type=submit]').click();
  await expect.poll(() => rows(page).filter({ hasText: text }).count()).toBe(count);
}

/** The version enabled before the test: made through the API with a file of its own. */
async function createEnabledVersion(page: Page, name: string) {
  const headers = { 'x-token': (await tokenOf(page)) ?? '' };
  const upload = await page.request.post('/portal/file/uploadFile', {
    headers,
    multipart: { ownerType: '221', file: pdf('省级代理协议 旧版.pdf') },
  });
  const uploaded = await upload.json();
  expect(uploaded.state, uploaded.message).toBe(true);
  const file = Array.isArray(uploaded.results) ? uploaded.results[0] : uploaded.results;
  const created = await page.request.post('/portal/agreementTemplate/create', {
    headers,
    data: {
      PageID: 'models.template',
      Name: name,
      ExtTemplateType_SDK: '111',
      ExtTemplateVersion_SDK: 'V1.0',
      ExtTemplateStatus_SDK: '121',
      FileName: [file],
    },
  });
  const answer = await created.json();
  expect(answer.state, answer.message).toBe(true);
}

describe('agreement templates', () => {
  it('adds an RSP template version with its file, and enabling it disables the former one', async () => {
    const page = await e2e.newPage();
    await login(page, ADMIN.username, ADMIN.password);
    const stamp = `E2E${Date.now().toString(36)}`;
    const former = `省级代理协议 ${stamp} 旧版`;
    const next = `省级代理协议 ${stamp} 新版`;
    await createEnabledVersion(page, former);

    await page.goto(LIST);
    await rows(page).first().waitFor();
    await page.locator('.portal-toolbar').getByRole('button', { name: '新增' }).click();
    await page.waitForURL((url) => url.pathname === '/models/template-edit');
    // Created from the RSP list, the new version starts as an RSP template.
    await expect.poll(() => dropdown(page, 'ExtTemplateType_SDK').textContent()).toContain('省级代理协议');

    await field(page, 'Name').fill(next);
    await field(page, 'ExtTemplateVersion_SDK').fill('V2.0');
    await field(page, 'StartDate').fill('2026-01-01');
    await field(page, 'EndDate').fill('2026-12-31');
    await page.locator('.portal-file-upload input[type=file]').setInputFiles(pdf('省级代理协议 V2.0.pdf'));
    await page
      .locator('.portal-file-item')
      .filter({ hasText: '省级代理协议 V2.0.pdf' })
      .locator('a.portal-file-name')
      .waitFor();
    await choose(page, 'ExtTemplateStatus_SDK', '草稿');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await toast(page, '保存成功').waitFor();
    await page.waitForURL((url) => url.searchParams.get('action') === 'edit');

    await page.goto(LIST);
    await search(page, stamp, 2);
    // The states are dictionary words, which may come after the rows of a page just opened.
    await expect.poll(() => rowOf(page, next).textContent()).toContain('省级代理协议 V2.0.pdf');
    await expect.poll(() => rowOf(page, next).textContent()).toContain('2.00 KB');
    await expect.poll(() => rowOf(page, next).textContent()).toContain('草稿');
    await expect.poll(() => rowOf(page, former).textContent()).toContain('启用');

    // The name opens the version in the same edit page; enabling it is an ordinary save.
    await rowOf(page, next).getByRole('button', { name: next }).click();
    await page.waitForURL((url) => url.pathname === '/models/template-edit');
    await expect.poll(() => field(page, 'Name').inputValue()).toBe(next);
    await choose(page, 'ExtTemplateStatus_SDK', '启用');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await toast(page, '更新成功！').waitFor();

    await page.goto(LIST);
    await page.reload();
    await search(page, stamp, 2);
    await expect.poll(() => rowOf(page, next).textContent()).toContain('启用');
    await expect.poll(() => rowOf(page, former).textContent()).toContain('停用');
  });
});
