import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeEntries } from '../../domain/codes/code';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { zh } from '../../locales/zh/messages';
import { login, useBrowser, waitForPath } from './browser';
import { api, choose, protectedOpportunity, tokenFor } from './portal-api';

/**
 * Two configuration pages of 商机管理 (docs/opportunities.md "The four configuration pages"), clicked:
 * the province manager adds a sales area on its form and the agent's next registration in that city
 * carries it; sales operations add a special configuration on its form and the agent puts it on an
 * opportunity with the product search, at its special price.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const unique = () => String(Date.now()).slice(-8);
const RACK_SERVERS = String(codeEntries(ProductLineInfo).find(([code]) => code === '101')?.[1]);

/** Signs in as a demo person and waits for the dashboard. */
async function signedIn(username: string) {
  const page = await e2e.newPage();
  await login(page, username, 'Demo@123456');
  await waitForPath(page, '/dashboard');
  return page;
}

/** Chooses the row holding `text` in a form field's picker dialog, found by `keyword`. */
async function pick(page: Page, form: Locator, picker: string, keyword: string, text: string) {
  await form.locator(`[data-picker="${picker}"]`).click();
  const dialog = page.locator('.portal-picker-dialog');
  await dialog.getByLabel(zh.kitPickers.keyword).fill(keyword);
  await dialog.getByRole('button', { name: zh.kitPickers.search }).click();
  await dialog.locator('tbody tr', { hasText: text }).first().locator('.p-radiobutton').click();
  await dialog.getByRole('button', { name: zh.kitPickers.confirm }).click();
}

/** Saves a new record's form and waits until the page holds the saved record. */
async function save(page: Page, form: Locator) {
  await form.locator('.portal-record-actions button[type=submit]').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 }).toBeTruthy();
}

describe('the configuration pages of opportunity management', () => {
  it('a sales area added on its form is the sales area of the next registration in its city', async () => {
    const province = await tokenFor('province');
    const taken = await api<{ CityName: string }[]>(
      '/h3cSalesArea/search',
      { Enabled: true, pageSize: 100 },
      province,
    );
    const cities = await api<{ name: string }[]>('/city/searchAll', { provinceCode: '320000' }, province);
    const city = cities.find((c) => !taken.some((a) => a.CityName === c.name))!;
    const [manager] = await api<{ LastName: string; ExtUserName_SDK: string }[]>(
      '/employee/search',
      { ExtRoleCode_SDK: 'JS012', pageSize: 1 },
      province,
    );
    const areaName = `${city.name}浏览器片区${unique()}`;

    const page = await signedIn('province');
    await page.goto(e2e.url('/business/sales-area-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-AreaCode').fill(`SA${unique()}`);
    await form.locator('input#field-AreaName').fill(areaName);
    await pick(page, form, 'region', '江苏', '江苏省');
    await form.locator('input#field-CityName').fill(city.name);
    await pick(page, form, 'employee', manager.ExtUserName_SDK, manager.ExtUserName_SDK);
    await form.locator('.p-inputswitch:has(#field-Enabled)').click();
    await save(page, form);
    await expect.poll(() => form.locator('#field-RegionName').textContent()).toBe('华东');

    // Used: the agent's registration in that city is in the area, its city manager the contact.
    const rsp = await tokenFor('rsp');
    const deal = await protectedOpportunity(rsp, {
      Name: 'Browser sales area project',
      ExtOppCustomerName_SDK: `Browser Area Hospital ${Date.now()}`,
      ProvinceName: '江苏省',
      CityName: city.name,
    });
    const agent = await signedIn('rsp');
    await agent.goto(e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=detail`));
    const record = agent.locator(ACTIVE);
    await expect.poll(() => record.locator('#field-ExtPartnerSalesArea_SDK').textContent()).toBe(areaName);
    await expect.poll(() => record.locator('#field-ExtOwnerName_SDK').textContent()).toBe(manager.LastName);
  });

  it('a special configuration added on its form is a product an agent puts on an opportunity', async () => {
    const rsp = await tokenFor('rsp');
    const [rack] = await api<{ ProductModel: string }[]>(
      '/productLookup/search',
      { ProductLine: '101', keyword: '', pageSize: 1 },
      rsp,
    );
    const code = `SCB${unique()}`;

    const page = await signedIn('ops');
    await page.goto(e2e.url('/business/special-config-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-ConfigCode').fill(code);
    await form.locator('input#field-ConfigName').fill(`${rack.ProductModel} 浏览器特价配置`);
    await choose(form, page, 'ProductLine', RACK_SERVERS);
    await form.locator('input#field-ProductModel').fill(rack.ProductModel);
    await form.locator('input#field-SpecialPrice').fill('48000.00');
    await form.locator('input#field-StartDate').fill('2020-01-01');
    await form.locator('.p-inputswitch:has(#field-Enabled)').click();
    await save(page, form);
    // Its list shows it.
    await page.goto(e2e.url('/business/special-config-management'));
    await expect.poll(() => page.locator(ACTIVE).textContent()).toContain(code);

    // Used: on a rack-server opportunity the product search finds it, and it is added at its price.
    const deal = await protectedOpportunity(rsp, {
      Name: 'Browser special configuration project',
      ExtOppCustomerName_SDK: `Browser Config Hospital ${Date.now()}`,
    });
    const agent = await signedIn('rsp');
    await agent.goto(e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=edit`));
    const panel = agent.locator(`${ACTIVE} [data-testid=opportunity-items]`);
    await expect.poll(() => panel.textContent()).toContain('暂无产品');
    await panel.getByLabel('选择产品').first().fill(code);
    const suggestion = panel
      .getByRole('list', { name: '选择产品' })
      .getByRole('button')
      .filter({ hasText: code });
    await expect.poll(() => suggestion.count()).toBe(1);
    await suggestion.click();
    await panel.locator('#opportunity-item-quantity').fill('2');
    await panel.getByRole('button', { name: '添加产品' }).click();
    await expect.poll(() => panel.locator(`tbody tr[data-pn="${code}"]`).count()).toBe(1);
    await expect
      .poll(() => panel.locator(`tbody tr[data-pn="${code}"]`).textContent())
      .toContain('48,000.00');
  });
});
