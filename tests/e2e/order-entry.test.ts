import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { login, useBrowser, waitForPath } from './browser';
import { choose, pageApi } from './portal-api';

/**
 * An agent enters a self-built order with two lines on the form, as a person does: header, products
 * chosen from the price list, quantities; the server prices and totals it, and the order's detail
 * page shows the lines and the total in yuan with thousands separators.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** Picks an option; the panel is gone before the next pick, so its items cannot be taken for the next one's. */
describe('order entry', () => {
  it('enters a self-built order with two lines and sees its total on the detail page', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const [a, b] = await pageApi<{ ProductCode: string; StandardPrice: string }[]>(page, '/order/products', {
      keyword: '',
    });
    const agents = await pageApi<
      { Name: string; ExtCustomerType_SDK?: string; Ext_CustomerType_KUT?: string }[]
    >(page, '/customerLookup/search', { currentPage: 1, pageSize: 50 });
    const own = agents.find((c) => (c.ExtCustomerType_SDK ?? c.Ext_CustomerType_KUT) === '111') ?? agents[0];

    await page.goto(e2e.url('/ordersSetup/self-built-order'));
    const tab = page.locator(ACTIVE);
    await tab.locator('input#field-EndUserName').waitFor();
    await choose(tab, page, 'OrderType', '标准订单');
    await tab.locator('.portal-field:has(#field-AgentName) [data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: own.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await tab.locator('#field-EndUserName').fill('南京测试最终用户有限公司');
    await tab.locator('#field-OrderDate').fill('2026-11-20');
    await choose(tab, page, 'PaymentMethod', '');
    await choose(tab, page, 'DeliveryMethod', '');
    await tab.locator('#field-ReceiverName').fill('张收货');
    await tab.locator('#field-ReceiverPhone').fill('13800000000');
    await tab.locator('#field-ReceiverAddress').fill('南京市玄武区中山路1号');

    const lines = tab.locator('[data-testid=order-lines]');
    for (const product of [a, b]) {
      await lines.locator('#order-line-product').fill(product.ProductCode);
      await lines
        .locator('.portal-order-line-suggestions button', { hasText: product.ProductCode })
        .first()
        .click();
    }
    await lines.getByLabel('数量 1').fill('3');
    await lines.getByLabel('数量 2').fill('2');
    const totalFen = yuanToFen(a.StandardPrice) * 3 + yuanToFen(b.StandardPrice) * 2;
    const shown = `订单合计（含税）：${formatPrice(fenToYuanString(totalFen))} 元`;
    expect(formatPrice(fenToYuanString(totalFen))).toContain(',');
    await expect.poll(() => lines.getByTestId('order-lines-total').textContent()).toBe(shown);

    await tab.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 20_000 })
      .toBeTruthy();
    const objectId = new URL(page.url()).searchParams.get('objectID');

    await page.goto(e2e.url(`/ordersSetup/own-line-order-detail?objectID=${objectId}`));
    // The entry form's tab comes back with the page and is active until the detail's tab opens.
    const detail = page.locator(ACTIVE, { has: page.getByRole('heading', { name: '自有品牌订单详情' }) });
    const saved = detail.locator('[data-testid=order-lines]');
    await expect.poll(() => saved.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => saved.getByTestId('order-lines-total').textContent()).toBe(shown);
    await expect
      .poll(() => detail.locator('#field-OrderAmount').textContent())
      .toBe(formatPrice(fenToYuanString(totalFen)));
  });
});
