import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { login, useBrowser, waitForPath } from './browser';
import { choose, pageApi } from './portal-api';

/**
 * Finance registers a receipt on the form, allocates it to an order, opens it from 回款审批 and
 * confirms it: the order then shows 部分回款, and 已回款 once a second receipt pays the rest.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** An order of the demo RSP entered by sales operations, for the receipt to pay. */
async function orderToPay(page: Page) {
  const ops = await pageApi<{ token: string }>(page, '/user/login', {
    username: 'ops',
    password: 'Demo@123456',
  });
  const [product] = await pageApi<{ ProductCode: string }[]>(
    page,
    '/order/products',
    { keyword: '' },
    ops.token,
  );
  const agents = await pageApi<
    { Name: string; ExtCustomerType_SDK?: string; Ext_CustomerType_KUT?: string }[]
  >(page, '/customerLookup/search', { currentPage: 1, pageSize: 50 }, ops.token);
  const agent = agents.find((c) => (c.ExtCustomerType_SDK ?? c.Ext_CustomerType_KUT) === '111') ?? agents[0];
  const order = await pageApi<{ ObjectID: string; OrderNo: string; OrderAmount: string }>(
    page,
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent.Name,
      EndUserName: '南京测试最终用户有限公司',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: '张收货',
      ReceiverPhone: '13800000000',
      ReceiverAddress: '南京市玄武区中山路1号',
      Lines: [{ ProductCode: product.ProductCode, Quantity: 2 }],
    },
    ops.token,
  );
  return { ...order, agent: agent.Name };
}

async function submitted(tab: Locator, page: Page) {
  await tab.locator('.portal-record-actions button[type=submit]').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 }).toBeTruthy();
  return new URL(page.url()).searchParams.get('objectID')!;
}

/** The own-line order list shows the order with this payment status (in words, once its dictionary is read). */
async function expectListed(page: Page, orderNo: string, status: string) {
  const row = page.locator(ACTIVE).locator('tbody tr', { hasText: orderNo });
  // Each look opens the list afresh, as a person checking on the order would.
  await expect
    .poll(
      async () => {
        await page.goto(e2e.url(`/ordersSetup/own-line-orders?OrderNo=${orderNo}`));
        await row.waitFor();
        return row.textContent();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toContain(status);
}

describe('payments', () => {
  it('finance registers, allocates and confirms a receipt; the order shows 部分回款, then 已回款', async () => {
    const page = await e2e.newPage();
    await login(page, 'finance', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const order = await orderToPay(page);
    const half = fenToYuanString(Math.floor(yuanToFen(order.OrderAmount) / 2));

    await page.goto(e2e.url('/ordersSetup/payment-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-PayerName').waitFor();
    await form.locator('[data-picker="customer"]').click();
    const dialog = page.locator('.portal-picker-dialog');
    await dialog.getByLabel('关键字').fill(order.agent);
    await dialog.getByRole('button', { name: '查询' }).click();
    await dialog.locator('tbody tr', { hasText: order.agent }).first().locator('.p-radiobutton').click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await form.locator('#field-PayerName').fill(order.agent);
    await choose(form, page, 'PaymentMethod', '电汇');
    await form.locator('#field-PaymentAmount').fill(half);
    await form.locator('#field-PaymentDate').fill('2026-11-21');
    const receiptId = await submitted(form, page);
    const receipt = await pageApi<{ PaymentNo: string }[]>(page, '/payment/getOne', { ObjectID: receiptId });
    const paymentNo = receipt[0].PaymentNo;

    await page.goto(e2e.url('/ordersSetup/payment-allocation-edit?action=add'));
    const allocation = page.locator(ACTIVE);
    await allocation.locator('input#field-PaymentNo').waitFor();
    await allocation.locator('#field-PaymentNo').fill(paymentNo);
    await allocation.locator('#field-OrderNo').fill(order.OrderNo);
    await allocation.locator('#field-AllocatedAmount').fill(half);
    await submitted(allocation, page);
    await expectListed(page, order.OrderNo, '未回款');

    await page.goto(e2e.url(`/ordersSetup/payment-approval?PaymentNo=${paymentNo}`));
    const list = page.locator(ACTIVE);
    await list.locator('tbody tr', { hasText: paymentNo }).getByRole('button', { name: paymentNo }).click();
    const panel = page.locator(ACTIVE).locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '确认回款', exact: true }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已通过');
    await expectListed(page, order.OrderNo, '部分回款');

    // A second receipt pays the rest, entered through the same commands.
    const rest = fenToYuanString(yuanToFen(order.OrderAmount) - yuanToFen(half));
    const second = await pageApi<{ ObjectID: string; Version: number }>(page, '/payment/create', {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: order.agent,
      PayerName: order.agent,
      PaymentMethod: '101',
      PaymentAmount: rest,
      PaymentDate: '2026-11-22',
    });
    const allocated = await pageApi<{ ObjectID: string; Version: number }>(page, '/payment/allocate', {
      ObjectID: second.ObjectID,
      Version: second.Version,
      Allocations: [{ OrderNo: order.OrderNo, AllocatedAmount: rest }],
    });
    await pageApi(page, '/workflow/decide', {
      workflow: 'paymentApproval',
      ObjectID: allocated.ObjectID,
      command: 'agree',
      payload: {},
    });
    await expectListed(page, order.OrderNo, '已回款');
  });
});
