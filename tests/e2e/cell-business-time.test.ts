import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar-days';
import { login, tokenOf, useBrowser } from './browser';
import { pageApi, portalEnvelope } from './portal-api';

/**
 * A time typed into a list cell is business time (Asia/Shanghai), as in the record's form: the sales
 * reports' control date typed as 08:00 is stored as that instant (00:00 UTC), and shows 08:00 after
 * the save, after a reload and on the record's form, not 16:00. A day typed into a list's date range is
 * the Beijing day too, from a browser anywhere.
 */
const e2e = useBrowser();
const PATH = '/report/sales-report-control-date';
const grid = (page: Page) => page.locator('.portal-grid');
const rows = (page: Page) => grid(page).locator('tbody tr');

async function settled(page: Page) {
  await rows(page).first().waitFor();
  await expect
    .poll(() => grid(page).locator('.p-datatable-loading-overlay').count(), { timeout: 20_000 })
    .toBe(0);
}

const columnIndex = async (page: Page, text: string) =>
  (await grid(page).locator('thead th').allInnerTexts()).findIndex((h) => h.trim().startsWith(text));

describe('a time typed into a list cell', () => {
  it('is saved and shown on the business clock', async () => {
    // A browser far from Beijing: a cell that read the browser's zone would store 08:00 New York.
    const page = await e2e.newPage({ timezoneId: 'America/New_York' });
    await login(page, 'admin', 'Admin@123456', e2e.url(PATH));
    await settled(page);
    const column = await columnIndex(page, '填报截止时间');
    expect(column).toBeGreaterThanOrEqual(0);
    const row = rows(page)
      .filter({ has: page.locator('.portal-editable-cell:not(.is-locked)') })
      .first();
    const period = ((await row.locator('td').first().textContent()) ?? '').trim();
    const cell = row.locator('td').nth(column);
    await cell.locator('.portal-editable-cell').click();
    const input = cell.locator('input[type="datetime-local"]');
    await input.fill('2031-12-05T08:00');
    await input.press('Enter');
    await page.locator('.portal-toast').filter({ hasText: '更新成功！' }).first().waitFor();
    await expect.poll(async () => ((await cell.textContent()) ?? '').trim()).toContain('2031-12-05 08:00');

    await page.reload();
    await settled(page);
    const again = rows(page).filter({ hasText: period }).filter({ hasText: '2031-12-05' }).first();
    await expect
      .poll(async () => ((await again.locator('td').nth(column).textContent()) ?? '').trim())
      .toContain('2031-12-05 08:00');

    // What the server keeps is the instant 08:00 in Beijing, whatever the browser's own zone.
    const stored = await pageApi<{ ObjectID: string; ControlDate: string }[]>(
      page,
      '/reportControlDate/search',
      { Period: period, pageSize: 50 },
    );
    const saved = stored.find((r) => Date.parse(r.ControlDate) === Date.parse('2031-12-05T08:00:00+08:00'));
    expect(saved, JSON.stringify(stored.map((r) => r.ControlDate))).toBeDefined();

    // The record's form reads the same instant as the cell does.
    await page.goto(e2e.url(`/report/sales-report-control-date-edit?objectID=${saved?.ObjectID}`));
    const field = page.locator('[data-testid=tab-page]:not([hidden]) input#field-ControlDate');
    await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toBe('2031-12-05T08:00');
  });
});

const REPORT = '/ordersSetup/own-line-order-report';
const REPORT_PAGE = 'ordersSetup.ownLineOrderReport';

/** How many lines of the own-line order report the server finds from one business day to another. */
async function linesBetween(token: string, from: string, to: string): Promise<number> {
  const answer = await portalEnvelope(
    '/orderItem/search',
    { PageID: REPORT_PAGE, OrderDateStart: from, OrderDateEnd: to, pageSize: 1 },
    token,
  );
  return Number(answer.totalSize);
}

describe('days typed into a date range filter', () => {
  it('finds the lines of those Beijing days in a browser set to New York', async () => {
    const page = await e2e.newPage({ timezoneId: 'America/New_York' });
    await login(page, 'admin', 'Admin@123456', e2e.url(REPORT));
    await settled(page);
    const token = (await tokenOf(page)) ?? '';
    // A range that ends the day before a day with lines: one that ran into its next day would count them.
    const newest = await pageApi<{ OrderDate: string }[]>(page, '/orderItem/search', {
      PageID: REPORT_PAGE,
      pageSize: 100,
    });
    const [next, first] = [...new Set(newest.map((line) => line.OrderDate.slice(0, 10)))];
    const last = addDays(next, -1);
    const expected = await linesBetween(token, first, last);
    expect(expected).toBeGreaterThan(0);
    expect(await linesBetween(token, first, next)).toBeGreaterThan(expected);

    const range = page.locator('.portal-search-bar .portal-filter-range').first();
    await range.locator('input[type=date]').nth(0).fill(first);
    await range.locator('input[type=date]').nth(1).fill(last);
    await page.locator('.portal-search-bar button[type=submit]').click();
    await expect
      .poll(async () => {
        const report = (await grid(page).locator('.p-paginator-current').textContent()) ?? '';
        return Number(/共\s*([\d,]+)\s*条/.exec(report)?.[1].replaceAll(',', ''));
      })
      .toBe(expected);
  });
});
