import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { choose, pageApi } from './portal-api';

/**
 * Finance applies for the invoice of a paid order on the invoice application page, opens it from
 * invoice approval, enters the invoice number and date and invoices it: the order list then shows it
 * invoiced.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

/** An order of an RSP entered by sales operations, paid in full (confirmed by finance) and approved. */
async function paidOrder(page: Page) {
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
  const order = await pageApi<{ ObjectID: string; OrderNo: string; OrderAmount: string; Version: number }>(
    page,
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent.Name,
      EndUserName: 'Invoice test end user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.ProductCode, Quantity: 1 }],
    },
    ops.token,
  );
  const receipt = await pageApi<{ ObjectID: string; Version: number }>(page, '/payment/create', {
    PageID: 'ordersSetup.paymentEdit',
    AgentName: agent.Name,
    PayerName: agent.Name,
    PaymentMethod: '101',
    PaymentAmount: order.OrderAmount,
    PaymentDate: '2026-11-21',
  });
  const allocated = await pageApi<{ ObjectID: string }>(page, '/payment/allocate', {
    ObjectID: receipt.ObjectID,
    Version: receipt.Version,
    Allocations: [{ OrderNo: order.OrderNo, AllocatedAmount: order.OrderAmount }],
  });
  const confirm = {
    workflow: 'paymentApproval',
    ObjectID: allocated.ObjectID,
    command: 'agree',
    payload: {},
  };
  await pageApi(page, '/workflow/decide', confirm);
  await pageApi(page, '/orderApproval/submit', { ObjectID: order.ObjectID }, ops.token);
  const approve = { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} };
  await pageApi(page, '/workflow/decide', approve, ops.token);
  return order;
}

/**
 * The text of the order's row on the own-line order list, freshly opened: each call loads the list
 * again, so a poll waits for the server's figures and for the dictionaries that word them.
 */
function listedRow(page: Page, orderNo: string) {
  return async () => {
    await page.goto(e2e.url(`/ordersSetup/own-line-orders?OrderNo=${orderNo}`));
    const row = page.locator(ACTIVE).locator('tbody tr', { hasText: orderNo });
    await row.waitFor();
    // The dictionaries may arrive after the rows on a busy machine: give them a moment.
    await row
      .getByText(/开票/)
      .waitFor({ timeout: 5_000 })
      .catch(() => undefined);
    return row.textContent();
  };
}

describe('invoices', () => {
  it('finance applies for an invoice, enters its number and invoices it; the order shows invoiced', async () => {
    const page = await e2e.newPage();
    await login(page, 'finance', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const order = await paidOrder(page);
    await expect.poll(listedRow(page, order.OrderNo), { timeout: 30_000 }).toContain('未开票');

    await page.goto(e2e.url('/ordersSetup/invoice-edit?action=add'));
    const form = page.locator(ACTIVE);
    await form.locator('input#field-OrderNo').waitFor();
    // The form says how to fill the orders in under the field; its label is the list's column head.
    await expect.poll(() => form.locator('label[for=field-OrderNo]').textContent()).toBe('关联订单号*');
    await expect.poll(() => form.locator('#field-OrderNo-hint').textContent()).toContain('逗号分隔');
    await form.locator('#field-OrderNo').fill(order.OrderNo);
    await choose(form, page, 'InvoiceType', '增值税普通发票');
    await form.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('objectID'), { timeout: 15_000 })
      .toBeTruthy();
    const id = new URL(page.url()).searchParams.get('objectID')!;
    const [applied] = await pageApi<{ InvoiceApplyNo: string }[]>(page, '/invoice/getOne', { ObjectID: id });

    await page.goto(e2e.url(`/ordersSetup/invoice-approval?InvoiceApplyNo=${applied.InvoiceApplyNo}`));
    const list = page.locator(ACTIVE);
    await list
      .locator('tbody tr', { hasText: applied.InvoiceApplyNo })
      .getByRole('button', { name: applied.InvoiceApplyNo })
      .click();
    const review = page.locator(ACTIVE);
    await review.locator('input#field-InvoiceNumber').waitFor();
    await review.locator('#field-InvoiceNumber').fill('04512345');
    await review.locator('#field-InvoiceDate').fill('2026-11-22');
    await review.locator('.portal-record-actions button[type=submit]').click();
    await expect
      .poll(
        async () =>
          (await pageApi<{ InvoiceNumber: string }[]>(page, '/invoice/getOne', { ObjectID: id }))[0]
            .InvoiceNumber,
      )
      .toBe('04512345');
    const panel = review.locator('.portal-decision-panel');
    await panel.getByRole('button', { name: '开票', exact: true }).click();
    await expect.poll(() => panel.locator('[data-decision-state]').textContent()).toContain('已开票');
    const [invoicedOrder] = await pageApi<{ InvoicingStatus: string }[]>(page, '/order/getOne', {
      ObjectID: order.ObjectID,
    });
    expect(invoicedOrder.InvoicingStatus, 'the order is invoiced in full').toBe('121');
    await expect.poll(listedRow(page, order.OrderNo), { timeout: 30_000 }).toContain('已开票');
  });
});
