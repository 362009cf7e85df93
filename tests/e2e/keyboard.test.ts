import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataRows, useBrowser, waitForPath } from './browser';

/**
 * The portal from the keyboard alone (issue: accessibility): log in, open a module and a page, switch
 * and close tabs, page and sort a table, edit a form and save, open and close a dialog with the focus
 * kept inside and given back; every control reached shows where the focus is.
 */
const e2e = useBrowser();

const EMPLOYEES = '/baseManage/reset-password';
const MAX_TABS = 250;

/** What the focused element is: its id, label, role or text, for matching and for messages. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return undefined;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return {
      id: element.id,
      label: element.getAttribute('aria-label') ?? '',
      role: element.getAttribute('role') ?? element.tagName.toLowerCase(),
      text: (element.innerText ?? '').trim(),
      href: element.getAttribute('href') ?? '',
      visible: outline || style.boxShadow !== 'none',
      inDialog: Boolean(element.closest('.p-dialog')),
    };
  });
}

type Focused = NonNullable<Awaited<ReturnType<typeof focused>>>;

/**
 * Presses Tab until the focus is on an element that matches, and checks that a person sees it there
 * (an outline or a focus ring): the keyboard alone reaches it.
 */
async function tabTo(page: Page, matches: (element: Focused) => boolean, what: string) {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    const element = await focused(page);
    if (element && matches(element)) {
      expect(element.visible, `focus on ${what} is visible`).toBe(true);
      return element;
    }
  }
  throw new Error(`Tab never reached ${what}`);
}

const byId = (id: string) => (e: Focused) => e.id === id;
const byText = (text: string) => (e: Focused) => e.text === text || e.label === text;

async function loginByKeyboard(page: Page) {
  await page.goto('/login');
  await tabTo(page, byId('login-username'), 'the user name');
  await page.keyboard.type('admin');
  await tabTo(page, byId('login-password'), 'the password');
  await page.keyboard.type('Admin@123456');
  await page.keyboard.press('Enter');
  await waitForPath(page, '/dashboard');
}

const grid = (page: Page) => page.locator('[data-testid=tab-page]:not([hidden]) .portal-grid');

async function openEmployees(page: Page) {
  await tabTo(page, (e) => e.role === 'button' && e.text === '基础管理', 'the 基础管理 module');
  await page.keyboard.press('Enter');
  await tabTo(page, (e) => e.href === EMPLOYEES, 'the 重置密码 menu entry');
  await page.keyboard.press('Enter');
  await waitForPath(page, EMPLOYEES);
  await dataRows(grid(page)).first().waitFor();
}

const settled = async (page: Page) =>
  expect.poll(() => grid(page).locator('.p-datatable-loading-overlay').count()).toBe(0);

describe('the portal from the keyboard alone', () => {
  it('logs in, opens a module and a page, switches and closes tabs', async () => {
    const page = await e2e.newPage();
    await loginByKeyboard(page);
    await openEmployees(page);

    await tabTo(page, (e) => e.role === 'tab' && e.text === '首页', 'the 首页 tab');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard');
    await tabTo(page, (e) => e.role === 'tab' && e.text === '重置密码', 'the 重置密码 tab');
    await page.keyboard.press('Enter');
    await waitForPath(page, EMPLOYEES);
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('.portal-tab').filter({ hasText: '重置密码' }).count()).toBe(0);
  });

  it('pages and sorts a table', async () => {
    const page = await e2e.newPage();
    await loginByKeyboard(page);
    await openEmployees(page);
    await settled(page);

    await tabTo(page, (e) => e.label === 'Next Page' || e.label === '下一页', 'the next page button');
    await page.keyboard.press('Enter');
    await settled(page);
    await expect.poll(() => grid(page).locator('.p-paginator-page.p-highlight').innerText()).toBe('2');

    const header = await tabTo(page, (e) => e.role === 'columnheader', 'a sortable column header');
    await page.keyboard.press('Enter');
    await settled(page);
    const sorted = grid(page).locator('thead th').filter({ hasText: header.text });
    await expect.poll(() => sorted.getAttribute('aria-sort')).toBe('ascending');
  });

  it('edits a form in a dialog and saves it; the dialog keeps the focus and gives it back', async () => {
    const page = await e2e.newPage();
    await loginByKeyboard(page);
    await openEmployees(page);

    await tabTo(page, byId('filter-ExtUserName_SDK'), 'the user name filter');
    await page.keyboard.type('legal');
    await page.keyboard.press('Enter');
    await expect.poll(() => dataRows(grid(page)).count()).toBe(1);

    const edit = (e: Focused) => e.role === 'button' && e.label.startsWith('编辑 ');
    const button = await tabTo(page, edit, 'the row edit button');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.p-dialog');
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);
    // Round and round: the focus never leaves the open dialog.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.inDialog, `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.label).toBe(button.label);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    const phone = `139${String(Date.now()).slice(-8)}`;
    await tabTo(page, byId('employee-Phone'), 'the phone field');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(phone);
    await tabTo(page, byText('确认修改'), 'the save button');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // Opened again (Enter on the row's edit button), the dialog shows the saved number.
    await grid(page).locator('tbody tr').first().getByRole('button', { name: button.label }).press('Enter');
    await expect.poll(() => page.locator('#employee-Phone').inputValue()).toBe(phone);
    await page.keyboard.press('Escape');
  });

  it('gives the focus back from every kit dialog, the password reset one too', async () => {
    const page = await e2e.newPage();
    await loginByKeyboard(page);
    await openEmployees(page);

    const reset = (e: Focused) => e.role === 'button' && e.label.startsWith('重置密码 ');
    const button = await tabTo(page, reset, 'a row reset button');
    await page.keyboard.press('Enter');
    const dialog = page.locator('.p-dialog');
    await dialog.waitFor();
    await expect.poll(async () => (await focused(page))?.inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focused(page))?.label).toBe(button.label);
  });
});
