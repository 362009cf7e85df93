import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * Rebates as an agent meets them (DOMAIN.md Rebates): its own ledger, summed from its flows, and a
 * published policy it must tick as read.
 */
const e2e = useBrowser();
const ACTIVE_PAGE = '[data-testid=tab-page]:not([hidden])';

describe('rebates for an agent', () => {
  it('the RSP sees only its own ledger and ticks the published policy as read', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', e2e.url('/rebates/customer-rebate-summary'));
    const summary = page.locator(ACTIVE_PAGE);
    await summary.locator('tbody tr', { hasText: '返利账户' }).first().waitFor();
    const agents = await summary.locator('tbody tr td:first-child').allTextContents();
    expect(new Set(agents.map((name) => name.trim())).size).toBe(1);

    await page.goto(e2e.url('/rebates/customer-rebate-flow'));
    const flows = page.locator(ACTIVE_PAGE);
    await flows.locator('tbody tr', { hasText: '结算入账' }).first().waitFor();
    await flows.locator('tbody tr', { hasText: '订单使用' }).first().waitFor();

    await page.goto(e2e.url('/rebates/announcement-view'));
    const list = page.locator(ACTIVE_PAGE);
    await list.locator('tbody tr', { hasText: '已发布' }).getByRole('button').first().click();
    const detail = page.locator(ACTIVE_PAGE);
    const value = (label: string) =>
      detail.locator('.portal-field', { hasText: label }).locator('.portal-readonly-value');
    await value('公告状态').filter({ hasText: '已发布' }).waitFor();
    expect(await value('已阅人数').textContent()).toBe('0');
    const panel = detail.locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '确认已阅' }).click();
    await panel.getByRole('button', { name: '确认已阅' }).waitFor({ state: 'detached' });
    await expect.poll(() => value('已阅人数').textContent()).toBe('1');
    await expect.poll(() => value('已阅人员').textContent()).toContain('陈省代');
  });
});
