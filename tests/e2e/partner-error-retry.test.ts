import { describe, expect, it } from 'vitest';
import { SyncStatus } from '../../domain/codes/orders.codes';
import { login, useBrowser, waitForPath } from './browser';
import { pageApi } from './portal-api';

/**
 * 合作品牌发货指令错误日志 on screen: the record page of a row the demo's shipping pull refused offers
 * 重处理, which checks the row again against the portal's data; still wrong, the page says why in words
 * and the row counts the attempt.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

interface ErrorRow {
  ObjectID: string;
  RetryCount: number | null;
}

describe('the partner shipping error log', () => {
  it('retries a refused row from its page: refused again, it says why and counts the attempt', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456');
    await waitForPath(page, '/dashboard');
    const [row] = await pageApi<ErrorRow[]>(page, '/partnerShippingError/search', {
      PageID: 'baseManage.partnerShippingErrorLog',
      SynchState: SyncStatus.fail,
      pageSize: 1,
    });
    expect(row, 'the demo pull left a refused row on the log').toBeDefined();
    const before = Number(row.RetryCount ?? 0);

    await page.goto(e2e.url(`/baseManage/partner-shipping-error-detail?objectID=${row.ObjectID}`));

    const panel = page.locator(ACTIVE).getByTestId('error-retry');
    const retry = panel.getByRole('button', { name: '重处理' });
    await expect.poll(() => retry.isEnabled(), { timeout: 15_000 }).toBe(true);
    await retry.click();
    const refusal = panel.getByRole('alert');
    await expect.poll(() => refusal.textContent(), { timeout: 15_000 }).toBeTruthy();
    expect(await refusal.textContent()).not.toMatch(/[a-z]+\.[a-z]+\.[a-zA-Z]+/);

    await page.reload();
    const count = page.locator(ACTIVE).locator('.portal-field:has(#field-RetryCount)');
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toContain(String(before + 1));
  });
});
