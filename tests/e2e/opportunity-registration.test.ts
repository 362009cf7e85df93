import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { ownCompanyName, pageApi, tokenFor } from './portal-api';

/**
 * An agent registers an opportunity and submits it on its page: the end customer and product line are
 * free, so the registration is protected at once, with its end date, in the panel and in the record.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const panelState = (page: Page) =>
  page.locator(`${ACTIVE} .portal-decision-panel [data-decision-state]`).getAttribute('data-decision-state');
const field = (page: Page, name: string) => page.locator(`${ACTIVE} #field-${name}`);

describe('opportunity registration', () => {
  it('creates a registration, submits it from its page and shows it protected', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const created = await pageApi<{ ObjectID: string; ExtOpportunityNOText_SDK: string }>(
      page,
      '/opportunity/create',
      {
        PageID: 'business.opportunityInfo',
        ExtOpportunitySource_SDK: '101',
        AgentName: await ownCompanyName(await tokenFor('rsp')),
        Name: 'Browser test data centre',
        ExtOppCustomerName_SDK: `Browser Test Hospital ${Date.now()}`,
        ExtCustomerIndustry_SDK: '121',
        ProvinceName: 'Jiangsu',
        ProductLine: '111',
        ExtProcurementMethod_SDK: '121',
        ExtOpportunityStage_SDK: '111',
        ExtBudgetAmount_SDK: '500000.00',
        ExtEstimatedSalesAmountcontent_SDK: '420000.00',
        ExtEstimatedBidDate_SDK: '2027-02-01',
        ExtRequirementDesc_SDK: 'Storage for the imaging archive',
      },
    );

    await page.goto(e2e.url(`/business/opportunity-info?objectID=${created.ObjectID}&action=detail`));
    await expect.poll(() => panelState(page)).toBe('draft');
    // The panel reads the workflow and the fields read the record: each arrives on its own answer.
    await expect
      .poll(() => field(page, 'ExtOpportunityNOText_SDK').textContent())
      .toBe(created.ExtOpportunityNOText_SDK);
    await page
      .locator(`${ACTIVE} .portal-decision-panel`)
      .getByRole('button', { name: '提交报备', exact: true })
      .click();
    await expect.poll(() => panelState(page)).toBe('protected');
    await expect.poll(() => field(page, 'ExtOpportunityStatus_SDK').textContent()).toBe('保护中');
    await expect
      .poll(() => field(page, 'ExtProtectionEndDate_SDK').textContent())
      .toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
