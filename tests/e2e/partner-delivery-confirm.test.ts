import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PartnerServer,
  partnerInstructionLine,
  partnerOrderLine,
  partnerShipmentLine,
  startPartnerServer,
} from '../../scripts/partner-server';
import { useBrowser, useToken } from './browser';
import { api, runJobNow } from './portal-api';

/**
 * 合作品牌发货确认, in Chinese: the partner's order, instruction and shipment for the distributor come in
 * through the three pull jobs (run now against a local partner server); the distributor's staff find the
 * shipment with the partner's numbers, open it and confirm the receipt, and the list shows it received.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const STAMP = Date.now().toString().slice(-8);
const [ORDER, INSTRUCTION, SHIPMENT] = ['PO', 'SI', 'PS'].map((p) => `E2E-${p}-${STAMP}`);

let partner: PartnerServer;
let admin: string;
let gd: string;

const tokenFor = async (username: string, password = 'Demo@123456') =>
  (await api<{ token: string }>('/user/login', { username, password })).token;

beforeAll(async () => {
  [admin, gd] = [await tokenFor('admin', 'Admin@123456'), await tokenFor('gd')];
  // The distributor's account code, as the partner knows it: the code on its synced orders' originals.
  const [own] = await api<{ AgentName: string }[]>('/order/search', { OrderChannel: '111' }, gd);
  const [original] = await api<{ PartnerCustomerCode: string }[]>(
    '/partnerOriginalOrder/search',
    { PartnerCustomerName: own.AgentName },
    admin,
  );
  const [product] = await api<{ ProductCode: string }[]>('/order/products', { keyword: '服务器' }, gd);
  const productCode = product.ProductCode;
  const today = new Date().toISOString().slice(0, 10);
  partner = await startPartnerServer({
    lines: [
      partnerOrderLine({
        orderNo: ORDER,
        orderDate: today,
        agentCode: original.PartnerCustomerCode,
        lines: [{ productCode, quantity: 1, unitPrice: '100.00' }],
      }),
    ],
    instructionLines: [
      partnerInstructionLine({
        instructionNo: INSTRUCTION,
        orderNo: ORDER,
        instructionDate: today,
        receiverName: '南京仓库',
        lines: [{ lineNo: 1, productCode, quantity: 1 }],
      }),
    ],
    shipmentLines: [
      partnerShipmentLine({
        shipmentNo: SHIPMENT,
        instructionNo: INSTRUCTION,
        orderNo: ORDER,
        shipDate: today,
        logisticsCompany: '顺丰速运',
        lines: [{ lineNo: 1, productCode, quantity: 1, serialNumbers: [`${SHIPMENT}-1`] }],
      }),
    ],
  });
}, 120_000);

afterAll(async () => {
  // The jobs go back to the server's own setting.
  for (const handler of ['partnerOrderPull', 'partnerInstructionPull', 'partnerShipmentPull'])
    await runJobNow(admin, handler, {}, false).catch(() => undefined);
  await partner?.close();
});

describe('partner delivery confirmation', () => {
  it('the distributor confirms the receipt of a pulled partner shipment', async () => {
    // In the order the jobs run: the order, its instruction, the shipment under it.
    for (const handler of ['partnerOrderPull', 'partnerInstructionPull', 'partnerShipmentPull'])
      await runJobNow(admin, handler, { url: partner.url });
    const page = await e2e.newPage({ locale: 'zh-CN' });
    await useToken(page, gd);
    await page.goto(e2e.url('/ordersSetup/partner-delivery-confirm'));
    const list = page.locator(ACTIVE);
    await expect.poll(() => list.locator('thead').textContent()).toContain('合作品牌发货单号');
    const row = list.locator('tbody tr', { hasText: SHIPMENT });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(INSTRUCTION);
    expect(await row.textContent()).toContain(ORDER);
    await expect.poll(() => row.textContent()).toContain('已出库');
    const shipmentNo = (await row.textContent())?.match(/FH\d{12}/)?.[0];
    expect(shipmentNo).toBeDefined();

    await row.getByRole('button', { name: shipmentNo }).click();
    const receipt = page.locator(ACTIVE).getByTestId('shipment-receipt');
    await receipt.getByRole('button', { name: '确认收货' }).click();
    await expect.poll(() => page.locator(`${ACTIVE} #field-ShipmentStatus`).textContent()).toBe('已签收');

    await page.goto(e2e.url(`/ordersSetup/partner-delivery-confirm?ShipmentNo=${shipmentNo}`));
    const after = page.locator(ACTIVE).locator('tbody tr', { hasText: SHIPMENT });
    await expect.poll(() => after.textContent(), { timeout: 20_000 }).toContain('已签收');
  });
});
