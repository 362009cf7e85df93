import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pages, placeholderPageIds } from '../../catalogue/catalogue';
import { KEEP_ALIVE_PAGES } from '../../machines/shell/keep-alive';
import { login, useBrowser, waitForPath } from './browser';
import { installRenderProbe, rendersByTab, resetRenders } from './render-probe';

/**
 * Many open tabs (SPEC §2 navigation chrome, §4 tabs): a page switch renders none of the hidden pages,
 * only the recently shown pages stay mounted, and a tab shown again has the state it had. A detail
 * page lights up, in the side menu and the breadcrumb, the list it was opened from.
 *
 * The hooks a timed run can use: each tab is `[data-testid=tab][data-tab-path=<fullPath>]` in the tab
 * bar, each mounted page `[data-testid=tab-page][data-tab-path=<fullPath>]`, the shown one without
 * `hidden`; `openTab` below opens a page as a link would (history.pushState).
 */
const e2e = useBrowser();

const SELF_BUILT_ORDERS = { path: '/ordersSetup/self-built-orders', title: '自建订单查询' };
const OWN_LINE_ORDERS = { path: '/ordersSetup/own-line-orders', title: '自有品牌订单查询' };

/** Plain list pages of admin's menus, the self-built order list first: enough to overflow the kept pages. */
const LIST_PATHS = [
  SELF_BUILT_ORDERS.path,
  ...pages
    .filter(
      (p) =>
        p.kind === 'list' &&
        !p.hidden &&
        !p.public &&
        !p.path.includes(':') &&
        !placeholderPageIds.has(p.id) &&
        ['ordersSetup', 'business', 'rebates'].includes(p.module) &&
        p.path !== SELF_BUILT_ORDERS.path,
    )
    .map((p) => p.path),
].slice(0, KEEP_ALIVE_PAGES + 6);

const tabButton = (page: Page, fullPath: string) =>
  page.locator(`[data-testid=tab][data-tab-path="${fullPath}"]`);
const tabPage = (page: Page, fullPath: string) =>
  page.locator(`[data-testid=tab-page][data-tab-path="${fullPath}"]`);
const shownPage = (page: Page, fullPath: string) =>
  page.locator(`[data-testid=tab-page][data-tab-path="${fullPath}"]:not([hidden])`);
const mountedPages = (page: Page) => page.locator('[data-testid=tab-page]');

/** Opens a page as a link does and waits until its list shows. */
async function openTab(page: Page, fullPath: string) {
  await page.evaluate((to) => window.history.pushState(null, '', to), fullPath);
  await loaded(page, fullPath);
}

/** The shown page's table is there and not loading. */
async function loaded(page: Page, fullPath: string) {
  await shownPage(page, fullPath).locator('.p-datatable').waitFor();
  await shownPage(page, fullPath).locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
}

/** Shows an open tab by clicking it in the tab bar. */
async function showTab(page: Page, fullPath: string) {
  await tabButton(page, fullPath).click();
  await waitForPath(page, fullPath);
  await loaded(page, fullPath);
}

/** Lets React finish whatever the last event started (two frames). */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );

async function loginAsAdmin(page: Page) {
  await installRenderProbe(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, 'admin', 'Admin@123456');
  await waitForPath(page, '/dashboard');
  await page.locator('.portal-shell').waitFor();
}

describe('many open tabs', () => {
  it('switching tabs renders none of the hidden pages, and not every page stays mounted', async () => {
    expect(LIST_PATHS.length).toBeGreaterThan(KEEP_ALIVE_PAGES);
    const page = await e2e.newPage();
    await loginAsAdmin(page);
    for (const path of LIST_PATHS.slice(0, -1)) await openTab(page, path);
    // The probe sees a page that mounts, so a count of nothing below means nothing rendered.
    await resetRenders(page);
    await openTab(page, LIST_PATHS.at(-1)!);
    await settle(page);
    expect((await rendersByTab(page))[LIST_PATHS.at(-1)!]).toBeGreaterThan(0);

    // Every tab is open, but only the recently shown pages are in the DOM.
    for (const path of LIST_PATHS) await expect(tabButton(page, path).count()).resolves.toBe(1);
    expect(await mountedPages(page).count()).toBeLessThanOrEqual(KEEP_ALIVE_PAGES);

    // Back and forth between two recent tabs, by the tab bar: only the shown page may render.
    const [second, last] = [LIST_PATHS.at(-2)!, LIST_PATHS.at(-1)!];
    for (const target of [second, last, second]) {
      await resetRenders(page);
      await showTab(page, target);
      await settle(page);
      const rendered = await rendersByTab(page);
      const hiddenRenders = Object.entries(rendered).filter(([path, count]) => path !== target && count > 0);
      expect(hiddenRenders, `hidden pages rendered while showing ${target}`).toEqual([]);
    }

    // A page opened from the side menu is a switch too.
    await resetRenders(page);
    await page
      .locator('.portal-side-menu .portal-menu-item')
      .filter({ hasText: OWN_LINE_ORDERS.title })
      .click();
    await waitForPath(page, OWN_LINE_ORDERS.path);
    await shownPage(page, OWN_LINE_ORDERS.path).locator('.p-datatable').waitFor();
    await settle(page);
    const rendered = await rendersByTab(page);
    expect(
      Object.entries(rendered).filter(([path, count]) => path !== OWN_LINE_ORDERS.path && count > 0),
    ).toEqual([]);
  });

  it('a tab shown again has its state: typed filters while kept, sort after it was unmounted', async () => {
    const page = await e2e.newPage();
    await loginAsAdmin(page);
    await openTab(page, SELF_BUILT_ORDERS.path);
    const list = shownPage(page, SELF_BUILT_ORDERS.path);
    // Sort by order number: the header says so.
    const orderNoHeader = list
      .locator('th')
      .filter({ hasText: /^\s*订单号\s*$/ })
      .first();
    await orderNoHeader.click();
    await expect.poll(() => orderNoHeader.getAttribute('aria-sort')).toBe('ascending');
    // A value typed into the search bar, not searched yet.
    const firstInput = list
      .locator('.portal-search-bar input[type=text], .portal-search-bar input:not([type])')
      .first();
    await firstInput.fill('SO-TYPED');

    // A few tabs later the page is still mounted: the typed value is there, nothing reloaded.
    for (const path of LIST_PATHS.slice(1, 4)) await openTab(page, path);
    await showTab(page, SELF_BUILT_ORDERS.path);
    await expect(firstInput.inputValue()).resolves.toBe('SO-TYPED');
    await expect(orderNoHeader.getAttribute('aria-sort')).resolves.toBe('ascending');

    // Many tabs later it was unmounted for room; shown again it mounts with its saved sort.
    for (const path of LIST_PATHS.slice(1)) await openTab(page, path);
    await expect(tabPage(page, SELF_BUILT_ORDERS.path).count()).resolves.toBe(0);
    await showTab(page, SELF_BUILT_ORDERS.path);
    const again = shownPage(page, SELF_BUILT_ORDERS.path)
      .locator('th')
      .filter({ hasText: /^\s*订单号\s*$/ })
      .first();
    await expect.poll(() => again.getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('menu highlight of a detail page', () => {
  it('follows the list the detail was opened from, in the side menu and the breadcrumb', async () => {
    const page = await e2e.newPage();
    await loginAsAdmin(page);
    await openTab(page, SELF_BUILT_ORDERS.path);
    const link = shownPage(page, SELF_BUILT_ORDERS.path).locator('.portal-link-button').first();
    await link.waitFor();
    await link.click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/own-line-order-detail');
    const active = page.locator('.portal-sidebar .portal-menu-item.is-active');
    await expect.poll(() => active.allInnerTexts()).toEqual([SELF_BUILT_ORDERS.title]);
    await expect
      .poll(async () => (await page.locator('.portal-breadcrumb span').allInnerTexts()).slice(0, 2))
      .toEqual(['订单管理', SELF_BUILT_ORDERS.title]);

    // Opened again by a link from the own-brand list, it lights up that list.
    const detail = new URL(page.url());
    const detailPath = `${detail.pathname}${detail.search}`;
    await page
      .locator('.portal-side-menu .portal-menu-item')
      .filter({ hasText: OWN_LINE_ORDERS.title })
      .click();
    await waitForPath(page, OWN_LINE_ORDERS.path);
    const ownLink = shownPage(page, OWN_LINE_ORDERS.path).locator('.portal-link-button').first();
    await ownLink.click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/own-line-order-detail');
    await expect.poll(() => active.allInnerTexts()).toEqual([OWN_LINE_ORDERS.title]);
    const ownDetail = new URL(page.url());
    const ownDetailPath = `${ownDetail.pathname}${ownDetail.search}`;

    // Shown again from the tab bar, a detail keeps the list it was last opened from, whatever tab
    // was shown just before.
    await tabButton(page, SELF_BUILT_ORDERS.path).click();
    await waitForPath(page, SELF_BUILT_ORDERS.path);
    await expect.poll(() => active.allInnerTexts()).toEqual([SELF_BUILT_ORDERS.title]);
    await tabButton(page, ownDetailPath).click();
    await waitForPath(page, ownDetailPath);
    await expect.poll(() => active.allInnerTexts()).toEqual([OWN_LINE_ORDERS.title]);
    if (ownDetailPath !== detailPath) {
      await tabButton(page, detailPath).click();
      await waitForPath(page, detailPath);
      await expect.poll(() => active.allInnerTexts()).toEqual([SELF_BUILT_ORDERS.title]);
    }
  });
});
