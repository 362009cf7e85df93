import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { ampleCreditLimit, api, ownCompany, selfBuiltDraft } from './portal-api';

/**
 * The shortest way from a draft order to an effective one, clicked: the agent submits its draft on
 * the approval page, sales ops finds it on the approval query's to-do lens, opens it and agrees — the
 * last (and only) step of the band up to 500,000 yuan — and the order is effective.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** A call of the portal's API as a person signed in elsewhere (the set-up, not what is tested). */
const tokenFor = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

const panelState = (page: Page) =>
  page.locator(`${ACTIVE} .portal-decision-panel [data-decision-state]`).textContent();

describe('order approval', () => {
  it('takes a draft order to effective: the agent submits it, sales ops agrees from the to-do lens', async () => {
    const rsp = await tokenFor('rsp');
    const agent = await ownCompany(rsp);
    await ampleCreditLimit(agent.ObjectID);
    const order = await selfBuiltDraft(rsp, agent.Name);

    const page = await e2e.newPage();
    await login(
      page,
      'rsp',
      'Demo@123456',
      e2e.url(`/ordersSetup/order-approval?objectID=${order.ObjectID}`),
    );
    const tab = page.locator(ACTIVE);
    await tab.locator('[data-field=OrderNo]', { hasText: order.OrderNo }).waitFor();
    await tab.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => panelState(page)).toContain('审批中');
    await tab.locator('.portal-approval-chain [aria-current=step]', { hasText: '商务' }).waitFor();

    await page.context().clearCookies();
    await login(page, 'ops', 'Demo@123456', e2e.url('/ordersSetup/approval-query?AwaitingMe=1'));
    await page.locator(ACTIVE).getByRole('button', { name: order.OrderNo }).click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/order-approval');
    const approval = page.locator(ACTIVE);
    await approval
      .locator('.portal-decision-panel')
      .getByRole('button', { name: '同意', exact: true })
      .click();
    await expect.poll(() => panelState(page)).toContain('已生效');
    await expect.poll(() => approval.locator('[data-field=ApprovalStatus]').textContent()).toBe('已生效');
    await expect
      .poll(() => approval.locator('.portal-approval-table tbody tr').count())
      .toBeGreaterThanOrEqual(2);
  });
});
