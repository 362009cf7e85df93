import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { registryCompanies } from '../../server/lookups/registry-companies';
import { login, useBrowser, waitForPath } from './browser';
import { api, choose, protectedOpportunity, tokenFor } from './portal-api';

/**
 * The tools around an agent's deal, clicked by the RSP who works it: the bid results page opened from
 * the opportunity's page, the configuration dialog's CPU choice, the special-price form's product
 * picker, and the company lookup's word that its registry is a local sample.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
/** How long a screen may take to show what the server answered, on a busy machine. */
const SETTLED = { timeout: 10_000 };

/** Signs in as a demo person and waits for the dashboard. */
async function signedIn(username: string, locale = 'zh-CN') {
  const page = await e2e.newPage({ locale });
  await login(page, username, 'Demo@123456');
  await waitForPath(page, '/dashboard');
  return page;
}

/** A protected deal of the RSP's, named uniquely so no other test's deal is taken for it. */
async function rspDeal(project: string) {
  const Name = `${project} ${Date.now()}`;
  const deal = await protectedOpportunity(await tokenFor('rsp'), {
    Name,
    ExtOppCustomerName_SDK: `${Name} Hospital`,
  });
  return { ...deal, Name };
}

describe('the bid results of a deal', () => {
  it('are entered from the opportunity’s page: the amount won shows there and in the opportunity information report', async () => {
    const deal = await rspDeal('Browser bid result');
    const page = await signedIn('rsp');
    await page.goto(e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=edit`));
    await page.locator(ACTIVE).getByRole('button', { name: '维护中标结果' }).click();
    await page.waitForURL((url) => url.pathname === '/business/maintain-bid-results');
    const form = page.locator(ACTIVE);
    // The page is the deal's: its number and name are shown, not a blank form.
    await expect
      .poll(() => form.locator('#field-ExtOpportunityNOText_SDK').textContent(), SETTLED)
      .toBe(deal.ExtOpportunityNOText_SDK);
    await choose(form, page, 'ExtProjectResults_SDK', '中标');
    await form.locator('#field-ExtWinningAmount_SDK').fill('286500.50');
    await form.locator('#field-ExtWinningBidder_SDK').fill('Browser Bid Winner Ltd');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await page.locator('.portal-toast').filter({ hasText: '成功' }).first().waitFor();

    // Opened again, the page holds the result as saved.
    await page.reload();
    await expect
      .poll(() => form.locator('#field-ExtWinningAmount_SDK').inputValue(), SETTLED)
      .toMatch(/^286,?500\.50$/);
    await expect
      .poll(() => form.locator('.p-dropdown:has(#field-ExtProjectResults_SDK)').textContent(), SETTLED)
      .toContain('中标');

    // The sales operations desk reads the amount won on the deal's row of the opportunity information report.
    const report = await signedIn('ops');
    await report.goto(e2e.url(`/business/opportunity-info-report?Name=${encodeURIComponent(deal.Name)}`));
    const row = report.locator(`${ACTIVE} tbody tr`, { hasText: deal.ExtOpportunityNOText_SDK });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(formatPrice('286500.50'));
  });
});

describe('the configuration dialog’s CPU choice', () => {
  it('offers only the processors of the chosen x86 model, and the one chosen keeps its configurations listed', async () => {
    const page = await signedIn('rsp');
    await page.goto(e2e.url('/business/special-price-apply'));
    const form = page.locator(ACTIVE);
    await form.getByRole('button', { name: '选择配置 1' }).click();
    const dialog = page.getByRole('dialog', { name: '选择配置（CPQ）' });
    const pick = async (level: string, option: string) => {
      const dropdown = dialog.locator(`.p-dropdown:has(#cpq-1-${level})`);
      await expect.poll(() => dropdown.getAttribute('class'), SETTLED).not.toContain('p-disabled');
      await dropdown.click();
      await page.locator('.p-dropdown-panel .p-dropdown-item').filter({ hasText: option }).first().click();
      await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    };
    await pick('platform', 'x86（英特尔/AMD）');
    await pick('brand', '自有品牌');
    await pick('type', '机架服务器');
    await pick('model', 'SR2200 G6');
    const configurations = dialog.getByRole('table', { name: '可选配置' }).locator('tbody tr');
    await expect.poll(() => configurations.count(), SETTLED).toBe(2);
    // The CPU column of the model's configurations: the processors it is sold with.
    const cpusOf = async () =>
      (await configurations.locator('td:nth-child(3)').allTextContents()).map((c) => c.trim());
    const sold = await cpusOf();
    expect(sold.every((cpu) => cpu.startsWith('Intel Xeon'))).toBe(true);

    await dialog.locator('[data-picker="cpu"]').click();
    const cpuDialog = page.locator('.portal-picker-dialog[data-picker-dialog="cpu"]');
    const offered = cpuDialog.locator('tbody tr');
    await expect.poll(() => offered.count(), SETTLED).toBe(sold.length);
    const texts = await offered.allTextContents();
    // No processor of another platform (Kunpeng, Phytium, Hygon) is offered for an x86 model.
    for (const text of texts) expect(text).not.toMatch(/Kunpeng|Phytium|Hygon/);
    for (const cpu of sold) expect(texts.some((text) => text.includes(cpu))).toBe(true);

    const chosen = sold[1];
    await offered.filter({ hasText: chosen }).locator('.p-radiobutton').click();
    await cpuDialog.getByRole('button', { name: '确定', exact: true }).click();
    await cpuDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => dialog.locator('#cpq-1-cpu').inputValue(), SETTLED).toBe(chosen);
    // The list keeps the configurations built with that processor: never emptied by the choice.
    await expect.poll(() => cpusOf(), SETTLED).toEqual([chosen]);
    expect(await dialog.getByText('该型号没有符合条件的配置').count()).toBe(0);
    const use = dialog.getByRole('button', { name: /^选用 CFG-/ });
    expect(await use.count()).toBe(1);
    const pn = ((await use.getAttribute('aria-label')) ?? '').replace('选用 ', '');
    await use.click();
    await expect.poll(() => form.getByLabel('产品编码 1').inputValue(), SETTLED).toBe(pn);
  });
});

/** Opens a special-price line's product picker, searches for the words and chooses the row of `pn`. */
async function pickProduct(page: Page, form: Locator, line: number, words: string, pn: string) {
  await form.locator(`.portal-picker-field:has(#sp-product-${line}) [data-picker="product"]`).click();
  const picker = page.locator('.portal-picker-dialog[data-picker-dialog="product"]');
  await picker.getByLabel('关键字').fill(words);
  await picker.getByRole('button', { name: '查询' }).click();
  const row = picker.locator('tbody tr', { hasText: pn });
  await row.first().locator('.p-radiobutton').click();
  await picker.getByRole('button', { name: '确定', exact: true }).click();
  await picker.waitFor({ state: 'hidden' });
}

describe('the special-price form’s product picker', () => {
  it('finds a product of the deal by model or by part number, and the line shows it with its standard price', async () => {
    const deal = await rspDeal('Browser product picker');
    const products = await api<{ pn: string; Name: string; ProductModel: string; StandardPrice: string }[]>(
      '/productLookup/search',
      { ExtOpportunityNOText_SDK: deal.ExtOpportunityNOText_SDK, currentPage: 1, pageSize: 20 },
      await tokenFor('rsp'),
    );
    const [byModel, byCode] = products.filter((p) => p.ProductModel && Number(p.StandardPrice) > 0);

    const page = await signedIn('rsp');
    await page.goto(e2e.url(`/business/opportunity-info?objectID=${deal.ObjectID}&action=edit`));
    await page.locator(ACTIVE).getByRole('button', { name: '申请特价' }).click();
    await page.waitForURL((url) => url.pathname === '/business/special-price-apply');
    const form = page.locator(ACTIVE);
    await expect
      .poll(() => form.locator('#sp-ExtOpportunityNOText_SDK').inputValue(), SETTLED)
      .toBe(deal.ExtOpportunityNOText_SDK);

    await pickProduct(page, form, 1, byModel.ProductModel, byModel.pn);
    await form.getByRole('button', { name: '添加一行' }).click();
    await pickProduct(page, form, 2, byCode.pn, byCode.pn);

    const lines = form.getByRole('table', { name: '特价明细' }).locator('tbody tr:not(.portal-sub-line)');
    for (const [index, product] of [byModel, byCode].entries()) {
      await expect
        .poll(() => form.getByLabel(`产品编码 ${index + 1}`).inputValue(), SETTLED)
        .toBe(product.pn);
      const cells = lines.nth(index).locator('td');
      await expect.poll(() => cells.nth(1).textContent(), SETTLED).toBe(product.Name);
      await expect.poll(() => cells.nth(2).textContent(), SETTLED).toBe(formatPrice(product.StandardPrice));
    }
  });
});

/** The company lookup of a new registration's end customer, after a local miss, asked of the registry. */
async function registryAnswer(page: Page, words: { localSearch: string; registry: string }, name: string) {
  await page.goto(e2e.url('/business/opportunity-info?action=add'));
  const form = page.locator(ACTIVE);
  await form
    .locator('.portal-picker-field:has(#field-ExtOppCustomerName_SDK) [data-picker="company"]')
    .click();
  const lookup = page.locator('.portal-company-lookup');
  await lookup.locator('input').first().fill(name);
  await lookup.getByRole('button', { name: words.localSearch, exact: true }).click();
  const registry = lookup.getByRole('button', { name: words.registry, exact: true });
  await expect.poll(() => registry.isDisabled(), SETTLED).toBe(false);
  await registry.click();
  await lookup.locator('tr', { hasText: name }).waitFor();
  return lookup;
}

describe('the company lookup without a registry configured', () => {
  it('says, in Chinese and in English, that its companies are a local sample until a registry is configured', async () => {
    const [first, second] = [registryCompanies()[23], registryCompanies()[37]];
    const zhPage = await signedIn('rsp');
    const zhLookup = await registryAnswer(
      zhPage,
      { localSearch: '本地查询', registry: '企查查' },
      first.name,
    );
    await expect
      .poll(() => zhLookup.getByRole('note').textContent(), SETTLED)
      .toBe('企查查未接入：以下为本地样例企业，仅供演示（配置 QCC_URL 后查询真实工商信息）');

    const enPage = await signedIn('rsp', 'en-US');
    const enLookup = await registryAnswer(
      enPage,
      { localSearch: 'Search local', registry: 'Company registry' },
      second.name,
    );
    await expect
      .poll(() => enLookup.getByRole('note').textContent(), SETTLED)
      .toBe(
        'The company registry is not connected: these are local sample companies for demonstration (set QCC_URL to search the real registry)',
      );
  });
});
