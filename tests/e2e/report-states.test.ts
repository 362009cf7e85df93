import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * 上报状态 as the channel manager works it: the to-do card opens the reports waiting for review, a row
 * opens the report with its decision panel, and returning it asks for the reviewer's opinion.
 */
const e2e = useBrowser();

describe('上报状态', () => {
  it('returns a submitted report from the to-do card with an opinion', async () => {
    const page = await e2e.newPage();
    await login(page, 'channel', 'Demo@123456');
    await page.goto('/dashboard');
    const card = page.locator('.portal-queue-card', { hasText: '上报状态' });
    await card.click();
    await page.waitForURL((url) => url.pathname === '/report/report-states');
    const rows = page.locator('.portal-list-page tbody tr');
    await rows.first().locator('a, button').first().click();
    await page.waitForURL((url) => url.pathname === '/report/report-state-detail');

    const panel = page.locator('.portal-decision-panel');
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已提交');
    await panel.getByRole('button', { name: '退回修改', exact: true }).click();
    const dialog = page.locator('.portal-decision-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    expect(await page.locator('[data-field-error="decision-reason"]').textContent()).toBe('请填写原因');
    await page.locator('#decision-reason').fill('期末库存与上月期末不符，请核对');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('退回修改');
    expect(await panel.getByRole('button', { name: '审核通过', exact: true }).count()).toBe(0);
  });
});
