import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { api, choose, pageApi, portalEnvelope } from './portal-api';

/**
 * An agent's staff see the receipts finance confirmed for their company (my receipts, read only) and
 * apply for the invoice of their paid order on the invoice application page; finance finds it in its
 * to-do.
 */
const e2e = useBrowser();
/** Waits until the page shows this path, whatever its query. */
const onPath = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const tokenOf = async (username: string) =>
  (await portalEnvelope('/user/login', { username, password: 'Demo@123456' })).results.token as string;

/** An order of the RSP's company entered by sales operations, paid in full (confirmed by finance) and approved. */
async function paidOrderOfRsp() {
  const [ops, finance, rsp] = [await tokenOf('ops'), await tokenOf('finance'), await tokenOf('rsp')];
  const me = (await portalEnvelope('/user/login', { username: 'rsp', password: 'Demo@123456' })).results
    .employee;
  const [company] = await api<{ Name: string }[]>('/customer/getOne', { ObjectID: me.ExtCompanyID_SDK }, rsp);
  const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '' }, ops);
  const order = await api<{ ObjectID: string; OrderNo: string; OrderAmount: string }>(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: company.Name,
      EndUserName: 'Agent invoice end user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.ProductCode, Quantity: 1 }],
    },
    ops,
  );
  const receipt = await api<{ ObjectID: string; Version: number; PaymentNo: string }>(
    '/payment/create',
    {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: company.Name,
      PayerName: company.Name,
      PaymentMethod: '101',
      PaymentAmount: order.OrderAmount,
      PaymentDate: '2026-11-21',
    },
    finance,
  );
  await api(
    '/payment/allocate',
    {
      ObjectID: receipt.ObjectID,
      Version: receipt.Version,
      Allocations: [{ OrderNo: order.OrderNo, AllocatedAmount: order.OrderAmount }],
    },
    finance,
  );
  await api(
    '/workflow/decide',
    { workflow: 'paymentApproval', ObjectID: receipt.ObjectID, command: 'agree', payload: {} },
    finance,
  );
  await api('/orderApproval/submit', { ObjectID: order.ObjectID }, ops);
  await api(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} },
    ops,
  );
  return { order, paymentNo: receipt.PaymentNo, finance };
}

describe("an agent's receipts and invoices", () => {
  it('the RSP opens its receipts, reads its receipt, and applies for the invoice of the paid order', async () => {
    const { order, paymentNo, finance } = await paidOrderOfRsp();
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456', e2e.url(`/ordersSetup/agent-receipts?PaymentNo=${paymentNo}`));
    await onPath(page, '/ordersSetup/agent-receipts');
    const list = page.locator(ACTIVE);
    const row = list.locator('tbody tr', { hasText: paymentNo });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('已确认');
    expect(
      await list.getByRole('button', { name: '新增' }).count(),
      'receipts are finance’s to register',
    ).toBe(0);
    await row.getByRole('button', { name: paymentNo }).click();
    await onPath(page, '/ordersSetup/agent-receipt-detail');
    const detail = page.locator(ACTIVE);
    await expect.poll(() => detail.locator('#field-PaymentNo').textContent()).toBe(paymentNo);
    expect(await detail.locator('.portal-record-form input, .portal-record-form textarea').count()).toBe(0);

    await page.goto(e2e.url('/ordersSetup/invoice-apply'));
    await page.locator(ACTIVE).getByRole('button', { name: '新增' }).click();
    await onPath(page, '/ordersSetup/invoice-edit');
    const form = page.locator(ACTIVE);
    await form.locator('input#field-OrderNo').waitFor();
    expect(await form.locator('input#field-InvoiceNumber').count(), 'the invoice number is finance’s').toBe(
      0,
    );
    await form.locator('#field-OrderNo').fill(order.OrderNo);
    await choose(form, page, 'InvoiceType', '增值税普通发票');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    const [applied] = await pageApi<{ InvoiceApplyNo: string; InvoiceAmount: string }[]>(
      page,
      '/invoice/getOne',
      { ObjectID: id },
    );
    expect(applied.InvoiceAmount).toBe(order.OrderAmount);
    const todo = await api<{ InvoiceApplyNo: string }[]>(
      '/invoice/search',
      { PageID: 'ordersSetup.invoiceApproval', AwaitingMe: 1, InvoiceApplyNo: applied.InvoiceApplyNo },
      finance,
    );
    expect(todo.map((r) => r.InvoiceApplyNo)).toEqual([applied.InvoiceApplyNo]);
  });
});
