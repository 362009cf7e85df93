import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * 系统管理 › 账务核对 as the system administrator meets it (docs/books.md): a check now, its summary,
 * and every rule of the books listed with whether it holds.
 */
const e2e = useBrowser();

describe('the books check', () => {
  it('checks the books now and shows every rule holding on the demo world', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456', e2e.url('/system/books-check'));
    const shown = page.locator('.portal-books-page');
    await shown.getByRole('button', { name: '立即核对' }).click();
    await expect.poll(() => shown.getByRole('status').textContent()).toBe('账务相符：所有规则都成立');
    await expect.poll(() => shown.getByTestId('books-summary').textContent()).toContain('手动');
    const rules = shown.locator('.portal-books-rule');
    await expect.poll(() => rules.count()).toBeGreaterThan(20);
    await expect
      .poll(() => rules.filter({ hasText: '订单金额 = 各行金额之和' }).textContent())
      .toContain('相符');
    await page.screenshot({ path: 'test-results/books-check.png', animations: 'disabled' });
  });
});
