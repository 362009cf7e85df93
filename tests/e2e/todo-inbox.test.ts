import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';

/**
 * The to-do inbox as a reviewer uses it: the dashboard counts the registrations waiting for them, the
 * card opens exactly those, a row opens the record with its decision panel, and deciding one moves it
 * out of their inbox.
 */
const e2e = useBrowser();

const card = (page: Page) => page.locator('.portal-queue-card', { hasText: '注册审批' });
const countOf = async (page: Page) => Number(await card(page).locator('.portal-queue-count').textContent());

describe('待我处理', () => {
  it('counts, lists and decides what waits for the finance reviewer, from the seeded registrations', async () => {
    const page = await e2e.newPage();
    await login(page, 'finance', 'Demo@123456', '/dashboard');
    await card(page).waitFor();
    const waiting = await countOf(page);
    // The demo's registrations that reached the risk review wait for finance.
    expect(waiting).toBeGreaterThanOrEqual(3);

    await card(page).click();
    await page.waitForURL((url) => url.pathname === '/customers/registrar-approval');
    expect(new URL(page.url()).searchParams.get('AwaitingMe')).toBe('1');
    await page.locator('[data-awaiting-lens]').waitFor();
    await page.getByText(`共 ${waiting} 条`).waitFor();
    const rows = page.locator('.portal-list-page tbody tr');
    await expect.poll(() => rows.count()).toBe(Math.min(waiting, 10));

    await rows.first().locator('a, button').first().click();
    await page.waitForURL((url) => url.pathname === '/customers/original-detail');
    const panel = page.locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '同意', exact: true }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('待签署协议');
    expect(await panel.getByRole('button', { name: '同意', exact: true }).count()).toBe(0);

    await page.goto('/dashboard');
    await card(page).waitFor();
    await expect.poll(() => countOf(page)).toBe(waiting - 1);
  });

  it('shows an agent no inbox of the vendor’s reviews', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    // The cards are drawn from the summary: wait for it, so no card can still be on its way.
    const summary = page.waitForResponse((r) => r.url().endsWith('/portal/dashboard/summary'));
    await page.goto('/dashboard');
    const queues = (await (await summary).json()).results.queues as { pageId: string }[];
    await page.locator('.portal-queue-card, .portal-dashboard .portal-hint').first().waitFor();
    expect(queues.map((q) => q.pageId)).not.toContain('customers.registrarApproval');
    expect(await card(page).count()).toBe(0);
  });
});
