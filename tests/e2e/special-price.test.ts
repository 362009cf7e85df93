import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { api, protectedOpportunity, tokenFor } from './portal-api';

/**
 * A special price from request to execution order, clicked: the RSP asks from its protected
 * opportunity's page (97 % of the standard price, so the province manager alone decides), the province
 * manager agrees, the RSP records the bid as won and draws an execution order, which its page then
 * shows; having drawn the whole quantity, the special price reads executed. A line can also be a
 * configured product picked in the configuration dialog.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const panelState = (page: Page) =>
  page.locator(`${ACTIVE} .portal-decision-panel [data-decision-state]`).textContent();
const panelButton = (page: Page, name: string) =>
  page.locator(`${ACTIVE} .portal-decision-panel`).getByRole('button', { name, exact: true });

describe('special price', () => {
  it('goes from the agent’s request through approval to an execution order shown on its page', async () => {
    const rsp = await tokenFor('rsp');
    const opportunity = await protectedOpportunity(rsp, {
      Name: 'Browser special price project',
      ExtOppCustomerName_SDK: `Browser Test Hospital ${Date.now()}`,
    });
    const [product] = await api<{ pn: string; StandardPrice: string }[]>(
      '/product/getStandardPrice',
      { keyword: '', pageSize: 1 },
      rsp,
    );
    const requested = ((Math.round(Number(product.StandardPrice) * 100) * 97) / 10_000).toFixed(2);

    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    // The opportunity's page offers the request, prefilled with it.
    await page.goto(e2e.url(`/business/opportunity-info?objectID=${opportunity.ObjectID}&action=edit`));
    await page.locator(ACTIVE).getByRole('button', { name: '申请特价' }).click();
    await page.waitForURL((url) => url.pathname === '/business/special-price-apply');
    const form = page.locator(ACTIVE);
    await expect
      .poll(() => form.locator('#sp-ExtOpportunityNOText_SDK').inputValue())
      .toBe(opportunity.ExtOpportunityNOText_SDK);
    await form.locator('#sp-ExtDueDate_SDK').fill('2026-12-20');
    await form.locator('#sp-ExtBidOpeningDate_SDK').fill('2030-01-10');
    await form.locator('#sp-ExtApplyReason_SDK').fill('Competitor quoted lower');
    await form.locator('#sp-ExtChannelMargin_SDK').fill('RSP 3 %');
    await form.getByLabel('产品编码 1').fill(product.pn);
    await form.getByLabel('产品编码 1').press('Tab');
    // The line is priced against the standard channel price as the agent types.
    await expect.poll(() => form.locator('[data-standard-price="1"]').textContent()).toMatch(/\d/);
    await form.getByLabel('数量 1').fill('5');
    await form.getByLabel('申请单价 1').fill(requested);
    await form.getByRole('button', { name: '提交审批' }).click();
    await page.waitForURL((url) => url.pathname === '/business/special-price-approval-info');
    const objectId = new URL(page.url()).searchParams.get('objectID');
    await expect.poll(() => panelState(page)).toContain('审批中');
    // The weighted figure reads as the discount it is: about 3 % off, 9.7折 — not the 97 % paid.
    await expect
      .poll(() => page.locator(ACTIVE).locator('[data-figure=depth]').textContent())
      .toMatch(/^9\.\d+折（优惠 3\.0\d%）$/);

    await page.context().clearCookies();
    await login(
      page,
      'province',
      'Demo@123456',
      e2e.url(`/business/special-price-approval-info?objectID=${objectId}`),
    );
    await panelButton(page, '同意').click();
    await expect.poll(() => panelState(page)).toContain('已批复');

    await page.context().clearCookies();
    await login(
      page,
      'rsp',
      'Demo@123456',
      e2e.url(`/business/special-price-approval-info?objectID=${objectId}`),
    );
    // The agent's page opens on the approved request; on a loaded machine its panel may come a while
    // after the sign-in, so the step is taken once the panel shows where the request stands.
    await expect.poll(() => panelState(page)).toContain('已批复');
    await panelButton(page, '中标').click();
    await expect.poll(() => panelState(page)).toContain('已中标');
    await page
      .locator(ACTIVE)
      .getByRole('region', { name: '执行单' })
      .getByRole('button', { name: '创建执行单' })
      .click();
    await page.waitForURL((url) => url.pathname === '/business/create-execution-order');
    const create = page.locator(ACTIVE);
    await create.getByLabel(`本次执行数量 ${product.pn}`).fill('5');
    await create.getByRole('button', { name: '创建执行单' }).click();
    const created = create.getByRole('status');
    await expect.poll(() => created.textContent()).toMatch(/ZX\d{12}/);
    const no = (await created.textContent())?.match(/ZX\d{12}/)?.[0];
    await created.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/execution-order-detail');
    await expect.poll(() => page.locator(ACTIVE).textContent(), { timeout: 15_000 }).toContain(no);
    // Its approved line: the product, the five units approved, none ordered yet, five left to order.
    const approvedLine = page.locator(ACTIVE).getByTestId('execution-order-lines').locator('tbody tr');
    await expect.poll(() => approvedLine.count(), { timeout: 15_000 }).toBe(1);
    const cells = (await approvedLine.locator('td').allTextContents()).map((c) => c.trim());
    expect([cells[1], ...cells.slice(4)]).toEqual([product.pn, '5', '0', '5']);
    // The order drew the whole approved quantity: the special price is executed.
    await page.goto(e2e.url(`/business/special-price-approval-info?objectID=${objectId}`));
    await expect.poll(() => panelState(page)).toContain('已执行完毕');
  });

  it('takes a configured product picked in the configuration dialog, priced as a whole', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', e2e.url('/business/special-price-apply'));
    const form = page.locator(ACTIVE);
    await form.getByRole('button', { name: '选择配置 1' }).click();
    const dialog = page.getByRole('dialog', { name: '选择配置（CPQ）' });
    // Each level is a required dropdown of the form kit, offered once the level above is chosen.
    const pick = async (level: string, option?: string) => {
      const dropdown = dialog.locator(`.p-dropdown:has(#cpq-1-${level})`);
      await expect.poll(() => dropdown.getAttribute('class')).not.toContain('p-disabled');
      await expect.poll(() => dialog.locator(`label[for=cpq-1-${level}] .portal-required`).count()).toBe(1);
      await dropdown.click();
      const items = page.locator('.p-dropdown-panel .p-dropdown-item');
      await (option ? items.filter({ hasText: option }) : items).first().click();
      await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    };
    await pick('platform', 'x86（英特尔/AMD）');
    await pick('brand', '自有品牌');
    await pick('type', '机架服务器');
    await pick('model');
    const use = dialog.getByRole('button', { name: /^选用 CFG-/ }).first();
    const pn = ((await use.getAttribute('aria-label')) ?? '').replace('选用 ', '');
    await use.click();
    await expect.poll(() => form.getByLabel('产品编码 1').inputValue()).toBe(pn);
    // The standard price is the configuration's, and its parts are listed under the line.
    await expect.poll(() => form.locator('[data-standard-price="1"]').textContent()).toMatch(/\d/);
    await expect.poll(() => form.locator('[data-configuration-part="1"]').count()).toBeGreaterThan(1);
  });
});
