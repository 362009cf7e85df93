import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * The server's caches as the system administrator meets them (docs/cache.md): one row per cache with
 * its figures, a clear per row, and the TTL edited in the row.
 */
const e2e = useBrowser();
const rowOf = (page: Page, name: string) =>
  page.locator('.portal-grid').first().locator('tbody tr').filter({ hasText: name });

describe('cache configuration', () => {
  it("lists the server's caches; one is cleared and its TTL changed in the row", async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', e2e.url('/baseManage/cache-config'));
    for (const name of ['数据字典', '角色菜单权限', '产品标准价', '登录会话'])
      await rowOf(page, name).waitFor();
    expect(await page.getByRole('button', { name: '新建' }).count(), 'caches are declared in code').toBe(0);

    const dictionary = rowOf(page, '数据字典');
    await dictionary.getByRole('button', { name: '清空缓存 数据字典' }).click();
    await page.locator('.portal-toast').filter({ hasText: '已清空缓存“数据字典”' }).waitFor();
    await expect.poll(() => dictionary.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await dictionary.locator('.portal-editable-cell').first().click();
    const ttl = dictionary.locator('.portal-cell-editor input');
    await ttl.fill('5');
    await ttl.press('Enter');
    await dictionary
      .locator('.portal-field-error')
      .filter({ hasText: '须为 10 到 86400 之间的整数' })
      .waitFor();
    await ttl.fill('900');
    await ttl.press('Enter');
    await page.locator('.portal-toast').filter({ hasText: '更新成功' }).waitFor();
    await expect.poll(() => dictionary.locator('.portal-editable-cell').first().textContent()).toBe('900');
    await page.screenshot({ path: 'test-results/cache-config.png', animations: 'disabled' });
  });
});
