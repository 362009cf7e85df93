import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataRows, login, loginOnForm, useBrowser } from './browser';

/**
 * Employee administration as an administrator and the sales operations desk meet it
 * (docs/employees-and-addresses.md): accounts are created, edited, undone and reset here, and the
 * employee notices at the next login.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456' };
const OPS = { username: 'ops', password: 'Demo@123456' };
const PAGE = '/baseManage/reset-password';
const STAFF = { username: 'e2e.staff', lastName: '测试员工', password: 'Start2026a' };
const FIRST_LOGIN = '首次登录，请先修改初始密码';

const toastWith = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });
const dialog = (page: Page) => page.locator('.p-dialog');
const rowOf = (page: Page, username: string) =>
  page.locator('.portal-grid tbody tr').filter({ hasText: username });
const field = (page: Page, name: string) => page.locator(`#employee-${name}`);

async function openPage(page: Page, who: { username: string; password: string }) {
  await login(page, who.username, who.password, PAGE);
  await page.locator('.portal-grid tbody tr').first().waitFor();
}

async function search(page: Page, username: string) {
  // On a phone the filters fold behind one button; unfold them first.
  const toggle = page.locator('.portal-filter-toggle');
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false')
    await toggle.click();
  await page.locator('#filter-ExtUserName_SDK').fill(username);
  await page.locator('.portal-search-bar button[type=submit]').click();
  await expect.poll(() => dataRows(page.locator('.portal-grid')).count()).toBe(1);
  await rowOf(page, username).waitFor();
}

async function choose(page: Page, name: string, option: string) {
  await page
    .locator('.p-dropdown')
    .filter({ has: field(page, name) })
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // Its panel is gone before the next dropdown opens, so its options cannot be taken for the next one's.
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** Logs in as the employee and expects the first-login password form instead of the portal. */
async function expectFirstLogin(password: string) {
  const page = await e2e.newPage();
  await loginOnForm(page, STAFF.username, password);
  await page.getByText(FIRST_LOGIN).waitFor();
  await page.locator('#pw-oldPassword').waitFor();
}

describe('employee administration', () => {
  it('creates, edits, undoes and resets an account; the employee must change the password', async () => {
    const admin = await e2e.newPage();
    await openPage(admin, ADMIN);
    await admin.screenshot({ path: 'test-results/employees-desktop.png', animations: 'disabled' });

    await admin.getByRole('button', { name: '新建员工', exact: true }).click();
    await field(admin, 'LastName').fill(STAFF.lastName);
    await field(admin, 'ExtUserName_SDK').fill(STAFF.username);
    await choose(admin, 'ExtRoleCode_SDK', '商务');
    await field(admin, 'Email').fill('e2e.staff@portal.example');
    await field(admin, 'Password').fill('short1');
    await dialog(admin).getByRole('button', { name: '创建', exact: true }).click();
    await dialog(admin).getByText('密码至少 8 位，且须同时包含字母和数字').waitFor();
    await field(admin, 'Password').fill(STAFF.password);
    await dialog(admin).getByRole('button', { name: '创建', exact: true }).click();
    await toastWith(admin, '创建成功').waitFor();
    await search(admin, STAFF.username);
    expect(await rowOf(admin, STAFF.username).textContent()).toContain('待改密');
    await expectFirstLogin(STAFF.password);

    // A wrong e-mail is refused by the server, which names the field; the dialog marks it.
    await admin.getByRole('button', { name: `编辑 ${STAFF.lastName}` }).click();
    await expect.poll(() => field(admin, 'Email').inputValue()).toBe('e2e.staff@portal.example');
    await field(admin, 'Email').fill('not-an-email');
    await dialog(admin).getByRole('button', { name: '确认修改' }).click();
    await dialog(admin).locator('[role=alert]').filter({ hasText: /^邮箱/ }).waitFor();
    expect(await field(admin, 'Email').getAttribute('class')).toContain('p-invalid');
    await field(admin, 'Email').fill('e2e.staff@portal.example');
    await choose(admin, 'ExtRoleCode_SDK', '财务');
    await dialog(admin).getByRole('button', { name: '确认修改' }).click();
    await toastWith(admin, '更新成功！').waitFor();
    await expect.poll(() => rowOf(admin, STAFF.username).textContent()).toContain('财务');

    await admin.getByRole('button', { name: `撤销修改 ${STAFF.lastName}` }).click();
    await admin.locator('.p-confirm-dialog').getByRole('button', { name: '确定' }).click();
    await toastWith(admin, '撤销成功！').waitFor();
    await expect.poll(() => rowOf(admin, STAFF.username).textContent()).toContain('商务');

    await admin.getByRole('button', { name: `重置密码 ${STAFF.lastName}` }).click();
    await admin.locator('#employee-reset-password').fill('Temp2026x');
    await dialog(admin).getByRole('button', { name: '重置', exact: true }).click();
    await toastWith(admin, '重置成功').waitFor();
    await expectFirstLogin('Temp2026x');

    // An agent role asks for the agent's company, found by name; the form fits a phone.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByRole('button', { name: `编辑 ${STAFF.lastName}` }).click();
    await expect.poll(() => field(admin, 'Email').inputValue()).toBe('e2e.staff@portal.example');
    expect(await field(admin, 'ExtCompanyID_SDK').count()).toBe(0);
    await choose(admin, 'ExtRoleCode_SDK', '省级代理');
    const company = admin.locator('.p-dropdown').filter({ has: field(admin, 'ExtCompanyID_SDK') });
    await company.click();
    // The options are the server's answer to the search: pick one only once it has come, or a late
    // answer replaces the list under the click.
    const found = admin.waitForResponse(
      (r) => r.url().endsWith('/customerLookup/search') && r.request().postDataJSON()?.keyword === '公司',
    );
    await admin.locator('.p-dropdown-filter').fill('公司');
    await found;
    const firstCompany = admin.locator('.p-dropdown-panel li[role=option]').first();
    const companyName = String(await firstCompany.textContent());
    await firstCompany.click();
    await expect.poll(() => company.locator('.p-dropdown-label').textContent()).toBe(companyName);
    await admin.screenshot({ path: 'test-results/employees-390-edit.png', animations: 'disabled' });
    // The first change's notice has gone, so the one awaited next is this change's.
    await toastWith(admin, '更新成功！').waitFor({ state: 'detached', timeout: 15_000 });
    await dialog(admin).getByRole('button', { name: '确认修改' }).click();
    await toastWith(admin, '更新成功！').waitFor();
    await expect.poll(() => rowOf(admin, STAFF.username).textContent()).toContain('省级代理');
  });

  it('shows the sales operations desk the list and the reset, but not create or edit', async () => {
    const ops = await e2e.newPage();
    await ops.setViewportSize({ width: 390, height: 844 });
    await openPage(ops, OPS);
    await ops
      .getByRole('button', { name: /^重置密码 / })
      .first()
      .waitFor();
    expect(await ops.getByRole('button', { name: '新建员工' }).count()).toBe(0);
    expect(await ops.getByRole('button', { name: /^编辑 / }).count()).toBe(0);
    expect(await ops.getByRole('button', { name: /^撤销修改 / }).count()).toBe(0);
    const overflow = await ops.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'the page fits a phone; only the table scrolls sideways').toBeLessThanOrEqual(0);
    await ops.screenshot({ path: 'test-results/employees-390.png', animations: 'disabled' });

    await ops
      .getByRole('button', { name: /^重置密码 / })
      .first()
      .click();
    await dialog(ops).getByText('设置一个临时密码').waitFor();
    await ops.screenshot({ path: 'test-results/employees-390-reset.png', animations: 'disabled' });
    await dialog(ops).getByRole('button', { name: '取消' }).click();

    // A system administrator's password is not the desk's to reset.
    await search(ops, 'admin');
    expect(await rowOf(ops, 'admin').getByRole('button').count()).toBe(0);
  });
});
