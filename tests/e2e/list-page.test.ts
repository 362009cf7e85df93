import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * SPEC §2 paged data table and §4 cell rules on a real list: the city managers' task approvals, whose
 * annual task edits in the row unless its package's approval is under way or done (TaskApprovalStatus
 * 111/121 lock the cells).
 */
const e2e = useBrowser();
const PATH = '/salesTask/city-manager-task-approval';
const grid = (page: Page) => page.locator('.portal-grid');
const rows = (page: Page) => grid(page).locator('tbody tr');
const header = (page: Page, text: string) => grid(page).locator('thead th').filter({ hasText: text });
const columnIndex = async (page: Page, text: string) =>
  (await grid(page).locator('thead th').allInnerTexts()).findIndex((h) => h.trim().startsWith(text));

async function settled(page: Page) {
  await rows(page).first().waitFor();
  await expect
    .poll(() => grid(page).locator('.p-datatable-loading-overlay').count(), { timeout: 20_000 })
    .toBe(0);
}

async function openList(page: Page) {
  await login(page, 'admin', 'Admin@123456', e2e.url(PATH));
  await settled(page);
}

async function cellTexts(page: Page, column: string) {
  const index = await columnIndex(page, column);
  return (await rows(page).all()).length
    ? Promise.all(
        (await rows(page).all()).map(async (r) =>
          ((await r.locator('td').nth(index).textContent()) ?? '').trim(),
        ),
      )
    : [];
}

async function filterByStatus(page: Page, status: string) {
  await page.locator('.portal-search-bar .p-dropdown:has(#filter-TaskApprovalStatus)').click();
  await page.locator('.p-dropdown-item').filter({ hasText: status }).first().click();
  await page.locator('.portal-search-bar button[type=submit]').click();
  await settled(page);
}

describe('a paged list on real data', () => {
  it('pages, sorts and filters', async () => {
    const page = await e2e.newPage();
    await openList(page);
    const report = (await grid(page).locator('.p-paginator-current').textContent()) ?? '';
    const total = Number(/共\s*(\d+)\s*条/.exec(report)?.[1]);
    expect(total).toBeGreaterThan(10);
    expect(await rows(page).count()).toBe(10);
    const first = await cellTexts(page, '城市经理');
    await grid(page).locator('.p-paginator-next').click();
    await settled(page);
    const second = await cellTexts(page, '城市经理');
    expect(second).not.toEqual(first);
    expect(second.length).toBe(Math.min(10, total - 10));

    await header(page, '城市经理').click();
    await settled(page);
    const sorted = await cellTexts(page, '城市经理');
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en')));

    await filterByStatus(page, '待提交');
    const statuses = await cellTexts(page, '审批状态');
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['待提交']));
  });

  it('edits a cell in its row, and the change is still there after a reload', async () => {
    const page = await e2e.newPage();
    await openList(page);
    // Any status that leaves the row open: not submitted, rejected or returned.
    let status = '';
    for (const candidate of ['待提交', '已驳回', '已退回']) {
      await filterByStatus(page, candidate);
      if (await rows(page).first().locator('.portal-editable-cell:not(.is-locked)').count()) {
        status = candidate;
        break;
      }
    }
    expect(status, 'the demo data has an open task').not.toBe('');
    const column = await columnIndex(page, '年度任务');
    const cell = rows(page).first().locator('td').nth(column);
    await cell.locator('.portal-editable-cell').click();
    const input = cell.locator('input');
    await input.fill('123456.78');
    await input.press('Enter');
    await page.locator('.portal-toast').filter({ hasText: '更新成功！' }).first().waitFor();
    await expect.poll(async () => ((await cell.textContent()) ?? '').trim()).toBe('123,456.78');

    await page.reload();
    await settled(page);
    // The table comes back with the same filter (kept per tab), and the saved value.
    // The status column is worded by the dictionaries, which may arrive after the rows.
    await expect.poll(async () => new Set(await cellTexts(page, '审批状态'))).toEqual(new Set([status]));
    await expect.poll(() => cellTexts(page, '年度任务')).toContain('123,456.78');
  });

  it('keeps a locked row locked: an approved package cannot be edited', async () => {
    const page = await e2e.newPage();
    await openList(page);
    // The demo city manager's task of the approved target (SPEC §4: 111 and 121 lock the cells).
    await filterByStatus(page, '审批通过');
    const column = await columnIndex(page, '年度任务');
    const cell = rows(page).first().locator('td').nth(column);
    const before = ((await cell.textContent()) ?? '').trim();
    await expect(cell.locator('.portal-editable-cell.is-locked').count()).resolves.toBe(1);
    // A person can still click it (force: Playwright waits for aria-disabled elements otherwise).
    await cell.locator('.portal-editable-cell').click({ force: true });
    expect(await cell.locator('input').count()).toBe(0);
    expect(((await cell.textContent()) ?? '').trim()).toBe(before);
  });
  it('opens a row with the row kept under sessionRowName: shown at once, then the fresh copy', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', e2e.url('/baseManage/city-manager-config'));
    await settled(page);
    // Hold the detail call, so what the page shows meanwhile can only come from session storage.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/portal/cityManagerConfig/getOne', async (route) => {
      await held;
      await route.continue();
    });
    const link = rows(page).first().locator('.portal-link-button').first();
    const city = ((await link.textContent()) ?? '').trim();
    await link.click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('sessionRowName'))
      .toBe('cityManagerConfigRow');
    await expect
      .poll(async () => ((await page.locator('#field-CityName').textContent()) ?? '').trim())
      .toBe(city);
    release();
    // The fresh copy arrives and the form becomes editable with the same city.
    await expect
      .poll(() =>
        page
          .locator('#field-CityName input, input#field-CityName')
          .first()
          .inputValue()
          .catch(() => ''),
      )
      .toBe(city);
  });
});
