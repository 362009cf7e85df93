import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { ampleCreditLimit, api, choose, pageApi } from './portal-api';

/**
 * An order goes to approval and comes back without its agent leaving the entry page: the RSP enters
 * an order and submits it there (提交审批), sales ops returns it, and the RSP sees it returned with the
 * reason, changes a line and submits it again, on the same page.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('order entry and submission on one page', () => {
  it('enters, submits, sees the return, edits a line and resubmits on the entry page', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const agents = await pageApi<{ Name: string; ObjectID: string; ExtCustomerType_SDK?: string }[]>(
      page,
      '/customerLookup/search',
      { currentPage: 1, pageSize: 50 },
    );
    const own = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
    // The vendor grants the agent room on its credit, so the demo's open orders do not stop it.
    await ampleCreditLimit(own.ObjectID);
    const [product] = await pageApi<{ ProductCode: string }[]>(page, '/order/products', { keyword: '' });

    await page.goto(e2e.url('/ordersSetup/self-built-order'));
    const tab = page.locator(ACTIVE);
    await tab.locator('input#field-EndUserName').waitFor();
    await choose(tab, page, 'OrderType', '标准订单');
    await tab.locator('.portal-field:has(#field-AgentName) [data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.locator('tbody tr', { hasText: own.Name }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await tab.locator('#field-EndUserName').fill('南京提交测试最终用户有限公司');
    await tab.locator('#field-OrderDate').fill('2026-11-20');
    await choose(tab, page, 'PaymentMethod', '');
    await choose(tab, page, 'DeliveryMethod', '');
    await tab.locator('#field-ReceiverName').fill('张收货');
    await tab.locator('#field-ReceiverPhone').fill('13800000000');
    await tab.locator('#field-ReceiverAddress').fill('南京市玄武区中山路1号');
    const lines = tab.locator('[data-testid=order-lines]');
    await lines.locator('#order-line-product').fill(product.ProductCode);
    await lines
      .locator('.portal-order-line-suggestions button', { hasText: product.ProductCode })
      .first()
      .click();
    await lines.getByLabel('数量 1').fill('2');

    const submit = tab.getByRole('button', { name: '提交审批' });
    await submit.click();
    const status = tab.getByTestId('order-approval-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('待商务审批');
    const objectId = new URL(page.url()).searchParams.get('objectID')!;
    expect(new URL(page.url()).pathname).toBe('/ordersSetup/self-built-order');
    // In approval the order is read-only: no save, no submit, no line to type.
    expect(await submit.count()).toBe(0);
    expect(await tab.locator('.portal-record-actions button[type=submit]').count()).toBe(0);
    expect(await lines.locator('#order-line-product').count()).toBe(0);

    const ops = (await api<{ token: string }>('/user/login', { username: 'ops', password: 'Demo@123456' }))
      .token;
    await api(
      '/workflow/decide',
      {
        workflow: 'orderApproval',
        ObjectID: objectId,
        command: 'return',
        payload: { reason: '数量请改为 5' },
      },
      ops,
    );

    await page.reload();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('已退回');
    await expect.poll(() => tab.getByTestId('order-approval-reason').textContent()).toBe('数量请改为 5');
    await lines.getByLabel('数量 1').fill('5');
    await submit.click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('待商务审批');
    expect(new URL(page.url()).searchParams.get('objectID')).toBe(objectId);
    const saved = await pageApi<{ Quantity: number }[]>(page, '/order/lines', { ObjectID: objectId });
    expect(saved.map((l) => l.Quantity)).toEqual([5]);
  });
});
