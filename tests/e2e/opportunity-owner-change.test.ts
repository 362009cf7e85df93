import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { api, protectedOpportunity, tokenFor } from './portal-api';

/**
 * The owner change on screen, clicked: the channel manager opens the RSP's protected opportunity,
 * picks another agent and a reason, and the opportunity moves with its protection end date kept.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('owner change', () => {
  it('moves a protected opportunity to the agent chosen, for the reason chosen', async () => {
    const rsp = await tokenFor('rsp');
    const created = await protectedOpportunity(rsp, {
      Name: 'Browser owner change project',
      ExtOppCustomerName_SDK: `Browser Owner Hospital ${Date.now()}`,
    });
    const channel = await tokenFor('channel');
    const before = await api<{ AgentName: string; ExtProtectionEndDate_SDK: string }[]>(
      '/opportunity/getOne',
      { ObjectID: created.ObjectID },
      channel,
    );
    const agents = await api<{ Name: string; ExtCustomerType_SDK: string }[]>(
      '/customerLookup/search',
      { pageSize: 10, ExtCustomerType_SDK: '111' },
      channel,
    );
    const target = agents.find((a) => a.Name !== before[0].AgentName)!;

    const page = await e2e.newPage();
    await login(
      page,
      'channel',
      'Demo@123456',
      e2e.url(`/business/opportunity-info?objectID=${created.ObjectID}&action=edit`),
    );
    const form = page.locator(ACTIVE);
    await form.getByRole('button', { name: '变更商机归属' }).click();
    const panel = form.locator('[data-testid=owner-change]');
    await panel.locator('[data-picker=customer]').click();
    const dialog = page.locator('[data-picker-dialog=customer]');
    await dialog.getByLabel('关键字').fill(target.Name);
    await dialog.getByRole('button', { name: '查询' }).click();
    await dialog.locator('tbody tr', { hasText: target.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await panel.locator('#owner-change-reason').selectOption('111');
    await panel.getByRole('button', { name: '确认变更' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toContain(target.Name);

    const after = await api<{ AgentName: string; ExtProtectionEndDate_SDK: string }[]>(
      '/opportunity/getOne',
      { ObjectID: created.ObjectID },
      channel,
    );
    expect(after[0].AgentName).toBe(target.Name);
    expect(after[0].ExtProtectionEndDate_SDK).toBe(before[0].ExtProtectionEndDate_SDK);
  });
});
