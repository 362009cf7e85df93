import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../domain/format';
import { kitPickers } from '../../locales/zh/kit-pickers';
import { ordersEntry } from '../../locales/zh/orders-entry';
import { login, useBrowser } from './browser';
import { ampleCreditLimit, api, choose } from './portal-api';

/**
 * The rebate an order may use, as the agent meets it (docs/rebates.md "Rebate on orders"): the RSP
 * hardware order form shows the usable rebate once the agent is chosen and as lines are added, the
 * figure the submission holds; the order's approval page then shows the rebate it deducts.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const words = ordersEntry.usableRebate;
const say = (text: string, amount: string) => text.replace('{{amount}}', formatPrice(amount));

const tokenFor = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

describe('the usable rebate while ordering', () => {
  it('is shown on the RSP order form as lines are added, and the deduction on the approval page', async () => {
    const rsp = await tokenFor('rsp');
    const agents = await api<{ Name: string; ObjectID: string; ExtCustomerType_SDK?: string }[]>(
      '/customerLookup/search',
      { currentPage: 1, pageSize: 50 },
      rsp,
    );
    const agent = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
    // Credit room, so the submission is decided by the rebate only.
    await ampleCreditLimit(agent.ObjectID);
    const products = await api<{ ProductCode: string; Category?: string | null }[]>(
      '/order/products',
      { keyword: '' },
      rsp,
    );
    const product = products.find((p) => p.Category && p.Category !== '181') ?? products[0];
    // What the server says the order may use: the page must show the same figure.
    const expected = await api<{ AvailableAmount: string; UsableAmount: string }>(
      '/order/usableRebate',
      { AgentName: agent.Name, Lines: [{ ProductCode: product.ProductCode, Quantity: '2' }] },
      rsp,
    );
    expect(Number(expected.UsableAmount)).toBeGreaterThan(0);

    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', e2e.url('/ordersSetup/rsp-hardware-order-new'));
    const tab = page.locator(ACTIVE);
    await tab.locator('input#field-EndUserName').waitFor();
    const panel = tab.getByTestId('usable-rebate');
    await panel.getByText(words.chooseAgent).waitFor();

    await tab.locator('.portal-field:has(#field-AgentName) [data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: agent.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: kitPickers.confirm }).click();
    // Chosen, without lines: the balance, and nothing usable yet.
    await panel.getByText(say(words.available, expected.AvailableAmount)).waitFor();
    await expect
      .poll(() => panel.getByTestId('usable-rebate-amount').textContent())
      .toBe(say(words.usable, '0.00'));

    const lines = tab.locator('[data-testid=order-lines]');
    await lines.locator('#order-line-product').fill(product.ProductCode);
    await lines
      .locator('.portal-order-line-suggestions button', { hasText: product.ProductCode })
      .first()
      .click();
    await lines.locator('input[inputmode=numeric]').first().fill('2');
    await expect
      .poll(() => panel.getByTestId('usable-rebate-amount').textContent(), { timeout: 20_000 })
      .toBe(say(words.usable, expected.UsableAmount));

    // The agent deducts what it may use and saves the order.
    const deduction = Math.min(Number(expected.UsableAmount), 100).toFixed(2);
    await tab.locator('#field-EndUserName').fill('End user of the rebate test');
    await tab.locator('#field-ProductLine').fill('Servers');
    await tab.locator('#field-OrderDate').fill('2026-11-20');
    await choose(tab, page, 'PaymentMethod', '');
    await choose(tab, page, 'DeliveryMethod', '');
    await tab.locator('#field-ReceiverName').fill('Receiver');
    await tab.locator('#field-ReceiverPhone').fill('13800000000');
    await tab.locator('#field-ReceiverAddress').fill('Xuanwu District No. 1');
    await tab.locator('#field-RebateDeduction').fill(deduction);
    await tab.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 20_000 })
      .toBeTruthy();
    const objectId = new URL(page.url()).searchParams.get('objectID') ?? '';
    await api('/orderApproval/submit', { ObjectID: objectId }, rsp);

    await page.goto(e2e.url(`/ordersSetup/order-approval?objectID=${objectId}`));
    const approval = page.locator(ACTIVE);
    await expect
      .poll(() => approval.locator('[data-field=RebateDeduction]').textContent(), { timeout: 20_000 })
      .toBe(formatPrice(deduction));
  });
});
