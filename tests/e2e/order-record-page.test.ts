import { describe, expect, it } from 'vitest';
import { codeEntries } from '../../domain/codes/code';
import { ConstraintServiceType, OrderType } from '../../domain/codes/orders.codes';
import { RspPaymentMethod, ServicePaymentMethod } from '../../domain/codes/payments.codes';
import { login, useBrowser, waitForPath } from './browser';
import { pageApi } from './portal-api';

/**
 * An order's record page reads the order as the form that entered it: an RSP hardware order's payment
 * terms in the RSP form's words (账期60天, not the general order's 网银转账 for the same code) and its
 * product line, which the general record page has no field for; a service order's payment terms in the
 * service form's words and its service fields (the hardware order it serves, the service type).
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

interface Order {
  ObjectID: string;
  OrderNo: string;
  EntryPage?: string;
  PaymentMethod: string;
  ProductLine?: string;
  RelatedOrderNo?: string;
  ServiceType?: string;
}

const wordOf = (dictionary: object, code: string) => codeEntries(dictionary).find(([c]) => c === code)?.[1];

describe("an RSP hardware order's record page", () => {
  it('shows its payment terms in the RSP form’s words and its product line', async () => {
    const page = await e2e.newPage();
    await login(page, 'rsp', 'Demo@123456');
    await waitForPath(page, '/dashboard');
    const listed = await pageApi<Order[]>(page, '/order/search', {
      PageID: 'ordersSetup.ownLineOrders',
      pageSize: 50,
    });
    let order: Order | undefined;
    for (const row of listed) {
      const [read] = await pageApi<Order[]>(page, '/order/getOne', { ObjectID: row.ObjectID });
      if (read.EntryPage === 'ordersSetup.rspHardwareOrderNew') {
        order = read;
        break;
      }
    }
    expect(order, 'the demo RSP has an order entered on the RSP hardware form').toBeDefined();
    const terms = codeEntries(RspPaymentMethod).find(([code]) => code === order!.PaymentMethod)![1];

    await page.goto(e2e.url(`/ordersSetup/own-line-order-detail?objectID=${order!.ObjectID}`));
    const tab = page.locator(ACTIVE);
    const payment = tab.locator('.portal-field:has(#field-PaymentMethod)');
    await expect.poll(() => payment.textContent(), { timeout: 15_000 }).toContain(terms);
    const productLine = tab.locator('.portal-field:has(#field-ProductLine)');
    await expect.poll(() => productLine.textContent(), { timeout: 15_000 }).toContain(order!.ProductLine);
  });
});

describe("a service order's record page", () => {
  it('shows its payment terms in the service form’s words, the hardware order it serves and its service type', async () => {
    const page = await e2e.newPage();
    await login(page, 'admin', 'Admin@123456');
    await waitForPath(page, '/dashboard');
    const [row] = await pageApi<Order[]>(page, '/order/search', {
      PageID: 'ordersSetup.ownLineOrders',
      OrderType: OrderType.service,
      pageSize: 1,
    });
    expect(row, 'the demo has a service order').toBeDefined();
    const [order] = await pageApi<Order[]>(page, '/order/getOne', { ObjectID: row.ObjectID });
    expect(order.EntryPage).toBe('ordersSetup.serviceOrderNew');

    await page.goto(e2e.url(`/ordersSetup/own-line-order-detail?objectID=${order.ObjectID}`));
    const tab = page.locator(ACTIVE);
    const field = (name: string) => tab.locator(`.portal-field:has(#field-${name})`);
    await expect
      .poll(() => field('PaymentMethod').textContent(), { timeout: 15_000 })
      .toContain(wordOf(ServicePaymentMethod, order.PaymentMethod));
    await expect.poll(() => field('RelatedOrderNo').textContent()).toContain(order.RelatedOrderNo);
    await expect
      .poll(() => field('ServiceType').textContent())
      .toContain(wordOf(ConstraintServiceType, order.ServiceType!));
  });
});
