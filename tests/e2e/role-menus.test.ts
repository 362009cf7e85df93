import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, pathOf, useBrowser, waitForPath } from './browser';

/**
 * Role and menu administration as an administrator meets it (SPEC §6 roles, §8 delete and save
 * messages): ticking a page for a role really opens it to that role's staff.
 */
const e2e = useBrowser();

const ADMIN = { username: 'admin', password: 'Admin@123456' };
const CITY = { username: 'city', password: 'Demo@123456' };
const ROLE_PAGE = '/system/role-menus';

const toastWith = (page: Page, text: string) => page.locator('.portal-toast').filter({ hasText: text });
const roleItem = (page: Page, code: string) => page.locator('.portal-role-item').filter({ hasText: code });
/** A node of the page tree by its label: it carries aria-checked; its content row is what a click hits. */
const treeNode = (page: Page, label: string) => page.locator(`li[role=treeitem][aria-label="${label}"]`);
const treeRow = (page: Page, label: string) => treeNode(page, label).locator('> .p-treenode-content');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openRolePage(page: Page) {
  await login(page, ADMIN.username, ADMIN.password, ROLE_PAGE);
  await roleItem(page, 'JS012').waitFor();
}

async function selectRole(page: Page, code: string, name: string) {
  await roleItem(page, code).click();
  await page.locator('.portal-role-pages h3').filter({ hasText: name }).waitFor();
}

async function toggleOrdersPage(page: Page) {
  if ((await treeNode(page, '执行单管理').count()) === 0) {
    await treeRow(page, '订单管理').locator('.p-tree-toggler').click();
  }
  await treeRow(page, '执行单管理').locator('.p-treenode-label').click();
}

async function topModules(page: Page) {
  await page.locator('.portal-top-module').first().waitFor();
  return page.locator('.portal-top-module').allInnerTexts();
}

describe('granting a page to a role', () => {
  it('opens the page to the role staff once saved, and closes it again when unticked', async () => {
    const admin = await e2e.newPage();
    await openRolePage(admin);
    await selectRole(admin, 'JS012', '城市经理');
    // The demo has a city manager per city: the list counts them.
    await expect.poll(() => roleItem(admin, 'JS012').textContent()).toMatch(/[1-9]\d* 名员工/);
    await expect.poll(() => button(admin, '保存').isDisabled()).toBe(true);

    await toggleOrdersPage(admin);
    await expect.poll(() => treeNode(admin, '执行单管理').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => treeNode(admin, '订单管理').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => button(admin, '保存').isDisabled()).toBe(false);
    await admin.screenshot({ path: '/tmp/role-menus.png', animations: 'disabled' });

    await button(admin, '保存').click();
    await toastWith(admin, '保存成功').waitFor();
    await expect.poll(() => button(admin, '保存').isDisabled()).toBe(true);

    const city = await e2e.newPage();
    await login(city, CITY.username, CITY.password);
    expect(await topModules(city)).toContain('订单管理');
    await city.locator('.portal-top-module', { hasText: '订单管理' }).click();
    await waitForPath(city, '/ordersSetup/execution-orders');
    await city.getByRole('region', { name: '执行单管理' }).waitFor();

    // Unticking it again takes the page away at the staff's next login.
    await toggleOrdersPage(admin);
    await expect.poll(() => treeNode(admin, '执行单管理').getAttribute('aria-checked')).toBe('false');
    await button(admin, '保存').click();
    await expect.poll(() => button(admin, '保存').isDisabled()).toBe(true);
    await expect.poll(() => toastWith(admin, '保存成功').count()).toBeGreaterThan(0);

    const later = await e2e.newPage();
    await login(later, CITY.username, CITY.password);
    expect(await topModules(later)).not.toContain('订单管理');
    await later.goto('/ordersSetup/execution-orders');
    await later.waitForURL((url) => url.pathname !== '/ordersSetup/execution-orders');
    expect(pathOf(later)).not.toBe('/ordersSetup/execution-orders');
  });

  it('discards unsaved ticks, and asks before leaving a role that has them', async () => {
    const admin = await e2e.newPage();
    await openRolePage(admin);
    await selectRole(admin, 'JS012', '城市经理');
    await toggleOrdersPage(admin);
    await admin.getByText('有未保存的修改').waitFor();

    await roleItem(admin, 'JS014').click();
    const dialog = admin
      .locator('.p-confirm-dialog')
      .filter({ hasText: '当前角色有未保存的修改，是否放弃？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await treeNode(admin, '执行单管理').getAttribute('aria-checked')).toBe('true');

    await button(admin, '放弃修改').click();
    await expect.poll(() => treeNode(admin, '执行单管理').getAttribute('aria-checked')).toBe('false');
    await admin.getByText('有未保存的修改').waitFor({ state: 'detached' });
  });
});

describe('creating and deleting roles', () => {
  it('checks the new-role form before anything is sent', async () => {
    const admin = await e2e.newPage();
    const creates: string[] = [];
    admin.on('request', (r) => {
      if (r.url().includes('/roleToMenu/create')) creates.push(r.url());
    });
    await openRolePage(admin);
    await button(admin, '新建角色').click();
    await admin.locator('#role-RoleCode').fill('AB12');
    await admin.locator('#role-RoleNameEn').fill('Audit');
    await button(admin, '创建').click();

    await admin.getByText('角色编码须为 JS 加 3 位数字，如 JS020', { exact: true }).waitFor();
    await admin.getByText('角色名称必填', { exact: true }).waitFor();
    expect(creates).toEqual([]);
  });

  it('creates a role, then deletes it after the confirmation', async () => {
    const admin = await e2e.newPage();
    await openRolePage(admin);
    await button(admin, '新建角色').click();
    await admin.locator('#role-RoleCode').fill('JS090');
    await admin.locator('#role-RoleName').fill('审计');
    await admin.locator('#role-RoleNameEn').fill('Audit');
    await button(admin, '创建').click();
    await toastWith(admin, '保存成功').waitFor();
    await admin.locator('.portal-role-pages h3').filter({ hasText: '审计' }).waitFor();
    await expect.poll(() => roleItem(admin, 'JS090').textContent()).toContain('0 名员工');

    await button(admin, '删除角色').click();
    const dialog = admin
      .locator('.p-confirm-dialog')
      .filter({ hasText: '此操作将永久删除该数据, 是否继续?' });
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await roleItem(admin, 'JS090').count()).toBe(1);

    await button(admin, '删除角色').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await toastWith(admin, '删除成功!').waitFor();
    await roleItem(admin, 'JS090').waitFor({ state: 'detached' });
    await admin.getByText('请在左侧选择一个角色').waitFor();
  });

  it('keeps a role its employees still have, with the reason shown', async () => {
    const admin = await e2e.newPage();
    await openRolePage(admin);
    await selectRole(admin, 'JS012', '城市经理');
    await expect.poll(() => roleItem(admin, 'JS012').textContent()).toMatch(/\d+ 名员工/);
    const staff = /(\d+) 名员工/.exec((await roleItem(admin, 'JS012').textContent()) ?? '')?.[1];
    await button(admin, '删除角色').click();
    await admin
      .locator('.p-confirm-dialog')
      .filter({ hasText: '此操作将永久删除该数据' })
      .getByRole('button', { name: '确定' })
      .click();
    await admin
      .locator('.portal-role-editor [role=alert]')
      .filter({ hasText: `该角色下还有 ${staff} 名员工，不能删除` })
      .waitFor();
    expect(await roleItem(admin, 'JS012').count()).toBe(1);
  });
});
