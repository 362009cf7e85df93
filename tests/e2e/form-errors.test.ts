import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, tokenOf, useBrowser, waitForPath } from './browser';

/**
 * A form tells what is wrong once, under the field, naming it by its label in the reader's language:
 * its own checks stop a wrong amount or date before anything is sent, and a refusal the server names
 * a field in (even by its wire name) lands under that field with one toast, not two.
 */
const e2e = useBrowser();

async function loggedIn(page: Page) {
  await login(page, 'admin', 'Admin@123456');
  await waitForPath(page, '/dashboard');
}

async function firstTemplateId(page: Page): Promise<string> {
  const token = await tokenOf(page);
  const response = await page.request.post(e2e.url('/portal/agreementTemplate/search'), {
    headers: { 'x-token': token ?? '', 'content-type': 'application/json' },
    data: { currentPage: 1, pageSize: 1 },
  });
  return ((await response.json()).results as { ObjectID: string }[])[0]!.ObjectID;
}

/** The requests a page sends to one /portal path, from now on. */
function callsTo(page: Page, path: string) {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/portal${path}`) calls.push(request);
  });
  return calls;
}

const fieldError = (page: Page, field: string) => page.locator(`#field-${field}-error`);
const toasts = (page: Page) => page.locator('.p-toast-message');

async function settledToasts(page: Page) {
  await toasts(page).first().waitFor();
  // A second toast of the same refusal would follow within the same task; give it a moment to show.
  await page.waitForTimeout(500);
  return toasts(page).allInnerTexts();
}

describe('form errors', () => {
  it('refuses letters in an amount before sending, under the field, with one toast', async () => {
    const page = await e2e.newPage();
    await loggedIn(page);
    const creates = callsTo(page, '/provinceTask/create');
    await page.goto(e2e.url('/salesTask/province-task-distribution-edit'));
    // The form shows read-only values until its lookups have loaded.
    await page.locator('input#field-AnnualTask').waitFor();
    await page.locator('#field-AnnualTask').fill('12abc');
    await page.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => fieldError(page, 'AnnualTask').textContent())
      .toBe('请输入不小于 0、最多两位小数的金额');
    expect(await settledToasts(page)).toHaveLength(1);
    expect(creates).toHaveLength(0);
  });

  it('refuses an end date before the start date, naming the start by its label', async () => {
    const page = await e2e.newPage();
    await loggedIn(page);
    const id = await firstTemplateId(page);
    const updates = callsTo(page, '/agreementTemplate/update');
    await page.goto(e2e.url(`/models/template-edit?objectID=${id}&action=edit`));
    await page.locator('input#field-StartDate').waitFor();
    await page.locator('#field-StartDate').fill('2026-06-01');
    await page.locator('#field-EndDate').fill('2026-05-01');
    await page.locator('.portal-record-actions button[type=submit]').click();
    await expect.poll(() => fieldError(page, 'EndDate').textContent()).toBe('不能早于生效日期');
    expect(await settledToasts(page)).toEqual([expect.stringContaining('失效日期')]);
    expect(updates).toHaveLength(0);
  });

  it("shows a server refusal naming a wire field once, under that field, by the field's label", async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    await page.goto(e2e.url('/login'));
    await page.context().addCookies([{ name: 'language', value: 'en', url: e2e.baseURL }]);
    await loggedIn(page);
    const id = await firstTemplateId(page);
    await page.route('**/portal/agreementTemplate/update', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ state: false, message: 'EndDate: must not be before StartDate' }),
      }),
    );
    await page.goto(e2e.url(`/models/template-edit?objectID=${id}&action=edit`));
    await page.locator('textarea#field-Remark').waitFor();
    await page.locator('#field-Remark').fill('changed to be saved');
    await page.locator('.portal-record-actions button[type=submit]').click();
    const expected = 'Effective until: must not be before Effective from';
    await expect.poll(() => fieldError(page, 'EndDate').textContent()).toBe(expected);
    const shown = await settledToasts(page);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain(expected);
  });
});
