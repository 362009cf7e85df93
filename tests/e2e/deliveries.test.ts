import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { ampleCreditLimit, api } from './portal-api';

/**
 * The shortest life of a delivery, clicked: finance reads the order's delivery information and sales
 * operations confirm it; they open the ship form from the own-line
 * delivery confirmation list, ship one unit of an effective order (partly shipped), then the rest
 * (shipped); the agent's staff confirm the receipt of both shipments on the line shipment page, and
 * the order list shows the order received.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';

const tokenFor = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

/** An effective order of two units for the RSP's own company: entered by its staff, agreed by sales operations. */
async function effectiveOrder(rsp: string, ops: string) {
  const agents = await api<{ Name: string; ObjectID: string; ExtCustomerType_SDK?: string }[]>(
    '/customerLookup/search',
    { currentPage: 1, pageSize: 50 },
    rsp,
  );
  const agent = agents.find((c) => c.ExtCustomerType_SDK === '111') ?? agents[0];
  await ampleCreditLimit(agent.ObjectID);
  const products = await api<{ ProductCode: string; ProductCategory?: string }[]>(
    '/order/products',
    { keyword: '服务器' },
    rsp,
  );
  const order = await api<{ ObjectID: string; OrderNo: string }>(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent.Name,
      EndUserName: 'End user of the delivery test',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: products[0].ProductCode, Quantity: 2 }],
    },
    rsp,
  );
  await api('/orderApproval/submit', { ObjectID: order.ObjectID }, rsp);
  await api(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} },
    ops,
  );
  return order;
}

/** A page signed in as the person of the token (the login form is the login page's test). */
const pageAs = (token: string) => e2e.newPage({ token });

/** Ships one unit of line 1 with its serial number on the open ship form. */
async function shipOne(form: Locator, serial: string) {
  await form.getByLabel('本次发货 1').fill('1');
  await form.getByLabel('序列号（每件一个，每行一个） 1').fill(serial);
  await form.getByRole('button', { name: '发货', exact: true }).click();
}

/** Confirms the receipt of a shipment from the delivery confirmation list, as the agent's staff. */
async function confirmReceipt(page: Page, shipmentNo: string) {
  await page.goto(e2e.url(`/ordersSetup/own-line-delivery-confirm?ShipmentNo=${shipmentNo}`));
  await page.locator(ACTIVE).getByRole('button', { name: shipmentNo }).first().click();
  const receipt = page.locator(ACTIVE).getByTestId('shipment-receipt');
  await receipt.getByRole('button', { name: '确认收货' }).click();
  await expect.poll(() => page.locator(`${ACTIVE} #field-ShipmentStatus`).textContent()).toBe('已签收');
}

describe('deliveries', () => {
  it('ship partly, then fully, and the agent confirms the receipt: the order follows to received', async () => {
    const [rsp, ops] = [await tokenFor('rsp'), await tokenFor('ops')];
    const order = await effectiveOrder(rsp, ops);

    // Finance reads the order's delivery information; the desk that ships confirms it.
    const detail = `/ordersSetup/delivery-info-detail?objectID=${order.ObjectID}`;
    const finance = await pageAs(await tokenFor('finance'));
    await finance.goto(e2e.url(detail));
    const read = finance.locator(ACTIVE).getByTestId('delivery-info');
    await expect.poll(() => read.getAttribute('aria-busy')).toBe('false');
    expect(await read.getByRole('button').count()).toBe(0);
    const page = await pageAs(ops);
    await page.goto(e2e.url(detail));
    await page.locator(ACTIVE).getByRole('button', { name: '确认收货信息' }).click();
    await expect.poll(() => page.locator(`${ACTIVE} #field-ConfirmStatus`).textContent()).toBe('已确认');

    await page.goto(e2e.url('/ordersSetup/own-line-delivery-confirm'));
    await page.locator(ACTIVE).getByRole('button', { name: '新增' }).click();
    await page.waitForURL((url) => url.pathname === '/ordersSetup/ship-order');
    const form = page.locator(ACTIVE);
    await form.locator('#field-OrderNo').fill(order.OrderNo);
    await form.getByRole('button', { name: '读取订单' }).click();
    await form.locator('#field-LogisticsCompany').fill('顺丰速运');
    await shipOne(form, `E2E-${order.OrderNo}-1`);
    await expect.poll(() => form.locator('#ship-status').textContent()).toBe('部分发货');
    const first = (await form.getByTestId('ship-order-done').textContent())?.match(/FH\d+/)?.[0];
    await shipOne(form, `E2E-${order.OrderNo}-2`);
    await expect.poll(() => form.locator('#ship-status').textContent()).toBe('已发货');
    await expect.poll(() => form.getByTestId('ship-lines').textContent()).toContain('所有行都已发货');
    const second = (await form.getByTestId('ship-order-done').textContent())?.match(/FH\d+/)?.[0];
    expect(first).toMatch(/^FH\d{12}$/);
    expect(second).not.toBe(first);

    const agent = await pageAs(rsp);
    await confirmReceipt(agent, first!);
    await confirmReceipt(agent, second!);
    // The rows may come before the dictionaries that word them on a busy machine (they are retried).
    await agent.goto(e2e.url(`/ordersSetup/own-line-orders?OrderNo=${order.OrderNo}`));
    const row = agent.locator(ACTIVE).locator('tbody tr', { hasText: order.OrderNo });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('已签收');
  });
});
