import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { api, ownCompanyName, pageApi, tokenFor } from './portal-api';

/**
 * A deal a city manager registers for an agent belongs to the agent: the city manager enters it for
 * the RSP and submits it on its page, and the RSP finds it in its own opportunity list, opens it and
 * records its progress there — the progress report names the RSP's person as its writer.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const panelOf = (page: Page) => page.locator(`${ACTIVE} .portal-decision-panel`);

async function signedIn(username: string) {
  const page = await e2e.newPage();
  await login(page, username, 'Demo@123456');
  await waitForPath(page, '/dashboard');
  return page;
}

describe('an opportunity registered for an agent', () => {
  it('is the agent’s to open and work: the RSP finds the city manager’s registration and records progress', async () => {
    const agentName = await ownCompanyName(await tokenFor('rsp'));
    const city = await signedIn('city');
    const customer = `On-behalf Hospital ${Date.now()}`;
    const created = await pageApi<{ ObjectID: string; ExtOpportunityNOText_SDK: string }>(
      city,
      '/opportunity/create',
      {
        PageID: 'business.opportunityInfo',
        ExtOpportunitySource_SDK: '111',
        AgentName: agentName,
        Name: 'On-behalf archive storage',
        ExtOppCustomerName_SDK: customer,
        ExtCustomerIndustry_SDK: '121',
        ProvinceName: 'Jiangsu',
        ProductLine: '111',
        ExtOpportunityStage_SDK: '101',
        ExtBudgetAmount_SDK: '800000.00',
        ExtEstimatedSalesAmountcontent_SDK: '650000.00',
        ExtEstimatedBidDate_SDK: '2027-03-01',
        ExtRequirementDesc_SDK: 'Archive storage',
      },
    );
    await city.goto(e2e.url(`/business/opportunity-info?objectID=${created.ObjectID}&action=detail`));
    await panelOf(city).getByRole('button', { name: '提交报备', exact: true }).click();
    await expect
      .poll(() => panelOf(city).locator('[data-decision-state]').getAttribute('data-decision-state'))
      .toBe('protected');

    // The RSP's own list holds it, under its company, and its page offers the owner's commands.
    const rsp = await signedIn('rsp');
    await rsp.goto(e2e.url('/business/opportunity-list'));
    await rsp.locator(`${ACTIVE} #filter-ExtOpportunityNOText_SDK`).fill(created.ExtOpportunityNOText_SDK);
    await rsp.locator(`${ACTIVE} .portal-search-bar button[type=submit]`).click();
    const row = rsp.locator(`${ACTIVE} .portal-list-page tbody tr`, {
      hasText: created.ExtOpportunityNOText_SDK,
    });
    await expect.poll(() => row.textContent()).toContain(agentName);
    await row.getByRole('button', { name: created.ExtOpportunityNOText_SDK, exact: true }).click();
    await rsp.waitForURL((url) => url.pathname === '/business/opportunity-info');
    await panelOf(rsp).getByRole('button', { name: '填写进展', exact: true }).click();
    const dialog = rsp.locator('.portal-decision-dialog');
    await dialog.getByLabel('进展内容').fill('已拜访信息中心主任，确认存储扩容需求');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The city manager reads in the progress report what the RSP's person wrote, under that person
    // (the demo RSP account's name, README).
    const progress = await api<{ ProgressContent: string; RecorderName: string }[]>(
      '/oppMainProgress/search',
      { ExtOpportunityNOText_SDK: created.ExtOpportunityNOText_SDK, pageSize: 10 },
      await tokenFor('city'),
    );
    expect(progress).toContainEqual(
      expect.objectContaining({
        ProgressContent: '已拜访信息中心主任，确认存储扩容需求',
        RecorderName: '陈省代',
      }),
    );
  });
});
