import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, pathOf, useBrowser, waitForPath } from './browser';

/**
 * The portal on a 390×844 phone (SPEC §2 mobile layout): the drawer browses a module's pages without
 * leaving the page shown, and the dashboard's to-do cards sit two a row, its charts one a row.
 */
const e2e = useBrowser();

const EXECUTION_ORDERS = '/ordersSetup/execution-orders';

const hamburger = (page: Page) => page.getByRole('button', { name: '展开/收起侧边栏' });
const sideModule = (page: Page, title: string) =>
  page.locator('.portal-side-modules .portal-menu-item').filter({ hasText: title });
const sideMenuItems = (page: Page) => page.locator('.portal-side-menu .portal-menu-item');

async function onPhone(page: Page, username = 'admin', password = 'Admin@123456') {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, username, password);
  await waitForPath(page, '/dashboard');
  await page.locator('.portal-shell.is-mobile').waitFor();
}

describe('phone drawer', () => {
  it('tapping a module shows its pages in the drawer; tapping a page opens it and closes the drawer', async () => {
    const page = await e2e.newPage();
    await onPhone(page);
    await page.goto(EXECUTION_ORDERS);
    await page.locator('section.portal-tab-page:not([hidden]) table').waitFor();
    await hamburger(page).click();
    await page.locator('.portal-shell.is-sidebar-open').waitFor();
    await expect.poll(() => sideMenuItems(page).allInnerTexts()).toContain('执行单管理');
    const orderMenu = await sideMenuItems(page).allInnerTexts();

    await sideModule(page, '商机管理').click();
    // Still on the same page, the drawer still open, now listing the opportunity pages.
    await expect.poll(() => sideMenuItems(page).allInnerTexts()).not.toEqual(orderMenu);
    expect(pathOf(page)).toBe(EXECUTION_ORDERS);
    expect(await page.locator('.portal-shell.is-sidebar-open').count()).toBe(1);
    expect(await sideModule(page, '商机管理').getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: '/tmp/phone-drawer.png' });
    const opportunityMenu = await sideMenuItems(page).allInnerTexts();
    expect(opportunityMenu).not.toContain('执行单管理');
    expect(opportunityMenu.length).toBeGreaterThan(0);

    // A page of that module opens and the drawer closes.
    const first = sideMenuItems(page).first();
    const href = await first.getAttribute('href');
    await first.click();
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('.portal-shell.is-sidebar-collapsed').waitFor();

    // Opened again, the drawer shows the module of the page now shown.
    await hamburger(page).click();
    await page.locator('.portal-shell.is-sidebar-open').waitFor();
    expect(await sideModule(page, '商机管理').getAttribute('aria-pressed')).toBe('true');
    expect(await sideMenuItems(page).allInnerTexts()).toEqual(opportunityMenu);
  });
});

describe('phone dashboard', () => {
  it('shows the to-do cards two a row and the charts one a row', async () => {
    const page = await e2e.newPage();
    await onPhone(page, 'finance', 'Demo@123456');
    const cards = page.locator('.portal-queue-card');
    await cards.first().waitFor();
    await page.screenshot({ path: '/tmp/dashboard-390.png' });
    const boxes = await cards.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y), right: Math.round(box.right) };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    // The first two share a row, side by side, and stay on the screen.
    expect(boxes[1].y).toBe(boxes[0].y);
    expect(boxes[1].x).toBeGreaterThan(boxes[0].right - 1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(390);
    const rows = new Set(boxes.map((box) => box.y)).size;
    expect(rows).toBe(Math.ceil(boxes.length / 2));

    // The charts below sit one a row, each as wide as the screen allows.
    const charts = page.locator('figure.portal-chart');
    await charts.locator('canvas').first().waitFor();
    const chartBoxes = await charts.evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y), right: Math.round(box.right) };
      }),
    );
    expect(chartBoxes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(chartBoxes.map((box) => box.x)).size).toBe(1);
    expect(new Set(chartBoxes.map((box) => box.y)).size).toBe(chartBoxes.length);
    for (const box of chartBoxes) expect(box.right).toBeLessThanOrEqual(390);
  });
});
