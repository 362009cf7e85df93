import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * On a phone (390×844) a list's filters fold behind one button that counts the active ones, so the
 * table starts on the first screen; on a wide screen the filters stay in the bar.
 */
const e2e = useBrowser();
const PATH = '/business/opportunity-list';
const PHONE = { width: 390, height: 844 };

const toggle = (page: Page) => page.locator('.portal-filter-toggle');
const nameFilter = (page: Page) => page.locator('#filter-Name');
const firstRow = (page: Page) => page.locator('.portal-grid tbody tr').first();

async function openList(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await login(page, 'admin', 'Admin@123456', e2e.url(PATH));
  await firstRow(page).waitFor();
}

describe('list filters on a phone', () => {
  it('fold behind one button, leaving the table on the first screen', async () => {
    const page = await e2e.newPage();
    await openList(page, PHONE);
    await expect.poll(() => toggle(page).isVisible()).toBe(true);
    expect((await toggle(page).innerText()).trim()).toBe('筛选');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await nameFilter(page).isVisible()).toBe(false);
    const row = await firstRow(page).boundingBox();
    expect(row, 'the first row is laid out').not.toBeNull();
    expect(row!.y + row!.height, 'the first row ends on the first screen').toBeLessThanOrEqual(PHONE.height);
  });

  it('unfold on a tap, and a search folds them again with the count of active filters', async () => {
    const page = await e2e.newPage();
    await openList(page, PHONE);
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    await nameFilter(page).fill('项目');
    const box = await nameFilter(page).boundingBox();
    expect(box!.x + box!.width, 'the filter fits the screen').toBeLessThanOrEqual(PHONE.width);
    await page.locator('.portal-search-bar button[type=submit]').click();
    await expect.poll(() => nameFilter(page).isVisible()).toBe(false);
    await expect.poll(async () => (await toggle(page).innerText()).trim()).toBe('筛选（1）');
  });

  it('stay in the bar on a wide screen, without the fold button', async () => {
    const page = await e2e.newPage();
    await openList(page, { width: 1280, height: 800 });
    await expect.poll(() => nameFilter(page).isVisible()).toBe(true);
    expect(await toggle(page).isVisible()).toBe(false);
  });
});
