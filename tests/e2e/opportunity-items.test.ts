import { describe, expect, it } from 'vitest';
import { registrationBody } from '../api/opportunity-registration-body';
import { login, useBrowser } from './browser';
import { api, ownCompanyName } from './portal-api';

/**
 * An agent's deal with its products, clicked: the RSP opens its registration, finds three rack-server
 * products by model in the product search, adds each with a quantity and an expected price, changes one
 * quantity and sees the three lines; the product info report lists them for the province manager.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe("an opportunity's products", () => {
  it('are added by the agent with the product search, changed in the row and listed', async () => {
    const rsp = (await api<{ token: string }>('/user/login', { username: 'rsp', password: 'Demo@123456' }))
      .token;
    const created = await api<{ ObjectID: string; ExtOpportunityNOText_SDK: string }>(
      '/opportunity/create',
      registrationBody({ AgentName: await ownCompanyName(rsp) }),
      rsp,
    );

    const page = await e2e.newPage();
    await login(
      page,
      'rsp',
      'Demo@123456',
      e2e.url(`/business/opportunity-info?objectID=${created.ObjectID}&action=edit`),
    );
    const panel = page.locator(`${ACTIVE} [data-testid=opportunity-items]`);
    await expect.poll(() => panel.textContent()).toContain('暂无产品');
    const search = panel.getByLabel('选择产品').first();
    for (const [index, quantity] of [
      [0, '2'],
      [1, '3'],
      [2, '4'],
    ] as const) {
      await search.fill('SR2200');
      const suggestions = panel.getByRole('list', { name: '选择产品' }).getByRole('button');
      await expect.poll(() => suggestions.count(), { timeout: 10_000 }).toBeGreaterThan(2);
      await suggestions.nth(index).click();
      await panel.locator('#opportunity-item-quantity').fill(quantity);
      await panel.locator('#opportunity-item-price').fill('15000');
      await panel.getByRole('button', { name: '添加产品' }).click();
      await expect.poll(() => panel.locator('tbody tr[data-pn]').count()).toBe(index + 1);
    }
    // A quantity that is not a whole number is refused, naming the field; nothing changes.
    const first = panel.locator('tbody tr[data-pn]').first();
    const pn = await first.getAttribute('data-pn');
    await first.getByLabel(`数量 ${pn}`).fill('1.5');
    await first.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('数量');
    await first.getByLabel(`数量 ${pn}`).fill('6');
    await first.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => panel.getByRole('alert').count()).toBe(0);

    const province = (
      await api<{ token: string }>('/user/login', { username: 'province', password: 'Demo@123456' })
    ).token;
    const lines = await api<{ pn: string; Quantity: number }[]>(
      '/opportunityItem/search',
      { ExtOpportunityNOText_SDK: created.ExtOpportunityNOText_SDK, pageSize: 10 },
      province,
    );
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.pn === pn)?.Quantity).toBe(6);
  });
});
