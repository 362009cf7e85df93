import { describe, expect, it } from 'vitest';
import { login, useBrowser, waitForPath } from './browser';
import { pageApi } from './portal-api';

/**
 * Finance allocates one receipt to several of the agent's open orders in one save, on the receipt's
 * own page: the orders it may pay are listed oldest first, "fill oldest first" spreads the receipt
 * over them, and one save pays them all; the receipt's allocated amount moves at once.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

describe('allocating a receipt to orders', () => {
  it('fills the oldest orders first and pays them in one save', async () => {
    const page = await e2e.newPage();
    await login(page, 'finance', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const [agent] = await pageApi<{ Name: string }[]>(page, '/customerLookup/search', {
      currentPage: 1,
      pageSize: 1,
      keyword: '',
    });
    const made = await pageApi<{ ObjectID: string }>(page, '/payment/create', {
      PageID: 'ordersSetup.paymentEdit',
      AgentName: agent.Name,
      PayerName: agent.Name,
      PaymentMethod: '101',
      PaymentAmount: '1.00',
      PaymentDate: '2026-11-20',
      BankSerialNo: `E2E-ALLOC-${Date.now()}`,
    });
    const open = await pageApi<{ Orders: { OrderNo: string }[] }>(page, '/payment/openOrders', {
      ObjectID: made.ObjectID,
    });
    expect(open.Orders.length, 'the demo agent has orders left to pay').toBeGreaterThan(0);

    await page.goto(e2e.url(`/ordersSetup/payment-edit?objectID=${made.ObjectID}`));
    const panel = page.locator(ACTIVE).locator('[data-testid=receipt-allocation]');
    await panel.locator('tbody tr').first().waitFor();
    expect(await panel.locator('tbody tr').first().textContent()).toContain(open.Orders[0].OrderNo);
    await panel.getByRole('button', { name: '按订单日期自动分配' }).click();
    await expect
      .poll(() => panel.getByLabel(`订单 ${open.Orders[0].OrderNo} 本次分配金额`).inputValue())
      .toBe('1.00');
    await expect
      .poll(() => panel.getByTestId('receipt-allocation-totals').textContent())
      .toContain('分配后剩余：0.00 元');
    await panel.getByRole('button', { name: '保存分配' }).click();
    await expect
      .poll(async () => {
        const [receipt] = await pageApi<{ AllocatedAmount: string }[]>(page, '/payment/getOne', {
          ObjectID: made.ObjectID,
        });
        return receipt.AllocatedAmount;
      })
      .toBe('1.00');
    await expect
      .poll(() => page.locator(ACTIVE).locator('#field-AllocatedAmount').textContent())
      .toContain('1.00');
  });
});
