import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zh } from '../../locales/zh/messages';
import { login, useBrowser } from './browser';
import { api, choose, ownCompanyName, protectedOpportunity, tokenFor } from './portal-api';

/**
 * 商机渠道管理 (docs/opportunities.md, the table of what a channel sales team asked for), clicked: the
 * province manager adds an agent of the province to an RSP's deal as its solution partner on the page's form, and the list shows the deal's
 * agents with their roles, the registering agent among them, as does the opportunity's page.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** Chooses the row holding `text` in a form field's picker dialog, found by `keyword`. */
async function pick(page: Page, form: Locator, picker: string, keyword: string, text: string) {
  await form.locator(`[data-picker="${picker}"]`).click();
  const dialog = page.locator('.portal-picker-dialog');
  await dialog.getByLabel(zh.kitPickers.keyword).fill(keyword);
  await dialog.getByRole('button', { name: zh.kitPickers.search }).click();
  await dialog.locator('tbody tr', { hasText: text }).first().locator('.p-radiobutton').click();
  await dialog.getByRole('button', { name: zh.kitPickers.confirm }).click();
}

describe('the agents of a deal', () => {
  it('are added with their role on the form and listed with the registering agent, on the list and the deal’s page', async () => {
    const rsp = await tokenFor('rsp');
    const owner = await ownCompanyName(rsp);
    const deal = await protectedOpportunity(rsp, {
      Name: 'Browser partner project',
      ExtOppCustomerName_SDK: `Browser Partner Hospital ${Date.now()}`,
    });
    const province = await tokenFor('province');
    const agents = await api<{ Name: string }[]>(
      '/customerLookup/search',
      { pageSize: 20, ExtCustomerType_SDK: '111' },
      province,
    );
    const partner = agents.find((a) => a.Name !== owner)!;

    const page = await e2e.newPage();
    await login(page, 'province', 'Demo@123456', e2e.url('/business/channel-participant-edit?action=add'));
    const form = page.locator(ACTIVE);
    await pick(page, form, 'opportunity', deal.ExtOpportunityNOText_SDK, deal.ExtOpportunityNOText_SDK);
    await pick(page, form, 'customer', partner.Name, partner.Name);
    await choose(form, page, 'ParticipantRole', '解决方案代理');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();

    await page.goto(e2e.url('/business/channel-management'));
    const list = page.locator(ACTIVE);
    await list.locator('#filter-ExtOpportunityNOText_SDK').fill(deal.ExtOpportunityNOText_SDK);
    await list.locator('.portal-search-bar').getByRole('button', { name: '查询' }).click();
    const row = (agent: string) => list.locator('tbody tr', { hasText: agent });
    await expect.poll(() => row(partner.Name).textContent(), { timeout: 15_000 }).toContain('解决方案代理');
    await expect.poll(() => row(owner).textContent()).toContain('省级代理');
    expect(await list.locator('tbody tr').count()).toBe(2);

    // The opportunity's page lists them too, the registering agent first.
    await page.goto(e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=edit`));
    const panel = page.locator(`${ACTIVE} [data-testid=opportunity-participants]`);
    await expect.poll(() => panel.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    expect(await panel.locator('tbody tr').first().textContent()).toContain(owner);
    await expect
      .poll(() => panel.locator('tbody tr', { hasText: partner.Name }).textContent())
      .toContain('解决方案代理');
  });

  it('are kept on the deal’s page by its owner: an agent added with a role, re-roled and removed', async () => {
    const rsp = await tokenFor('rsp');
    const owner = await ownCompanyName(rsp);
    // The CCP the demo RSP supplies: an agent within the owner's reach.
    const partner = await ownCompanyName(await tokenFor('ccp'));
    const deal = await protectedOpportunity(rsp, {
      Name: 'Browser agents kept by the owner',
      ExtOppCustomerName_SDK: `Browser Owner Agents Hospital ${Date.now()}`,
    });
    const page = await e2e.newPage();
    await login(
      page,
      'rsp',
      'Demo@123456',
      e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=edit`),
    );
    const panel = page.locator(`${ACTIVE} [data-testid=opportunity-participants]`);
    const row = (agent: string) => panel.locator('tbody tr', { hasText: agent });
    const pickOption = async (dropdown: Locator, option: string) => {
      await dropdown.click();
      await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: option }).first().click();
      await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    };

    // The owner adds the CCP as a solution partner; the registering agent's row offers no change.
    const form = panel.locator('[data-testid=opportunity-participant-new]');
    await pick(page, form, 'customer', partner, partner);
    await pickOption(form.locator('.p-dropdown:has(#participant-ParticipantRole)'), '解决方案代理');
    await form.getByRole('button', { name: zh.opportunityParticipants.add }).click();
    await expect.poll(() => row(partner).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => row(partner).locator('.p-dropdown').textContent()).toContain('解决方案代理');
    await expect.poll(() => row(owner).textContent()).toContain('省级代理');
    expect(await row(owner).getByRole('button').count()).toBe(0);

    // Its role changes to city agent and stays so when the page is read again.
    await pickOption(row(partner).locator('.p-dropdown'), '城市代理');
    await row(partner).getByRole('button', { name: zh.opportunityParticipants.save }).click();
    await page.reload();
    await expect
      .poll(async () => (await row(partner).locator('.p-dropdown').textContent()) ?? '', { timeout: 15_000 })
      .toContain('城市代理');

    // Removed after confirming: the registering agent alone is left.
    await row(partner).getByRole('button', { name: zh.opportunityParticipants.remove }).click();
    await page
      .locator('.p-confirm-dialog')
      .getByRole('button', { name: zh.opportunityParticipants.confirm })
      .click();
    await expect.poll(() => panel.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
    expect(await panel.locator('tbody tr').first().textContent()).toContain(owner);
  });
});
