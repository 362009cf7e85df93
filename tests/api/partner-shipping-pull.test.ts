import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PartnerServer,
  partnerInstructionLine,
  partnerOrderLine,
  partnerShipmentLine,
  startPartnerServer,
} from '../../scripts/partner-server';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { pullPartnerOrders } from '../../server/partner/partner-pull.service';
import { partnerShipmentPull } from '../../server/partner/shipping-pull.jobs';
import { pullPartnerShipments, pullShippingInstructions } from '../../server/partner/shipping-pull.service';
import { startTestApp, type TestApp } from './harness';

/**
 * The partner's shipping instructions and shipments, pulled from the stand-in partner server: a page
 * at a time, from where the feed's last good run ended, each row once; a row that cannot be taken is
 * on the shipping instruction error log with its reason and can be processed again; a shipment is
 * confirmed by the agent whose order it ships, and no other agent sees it.
 */
let t: TestApp;
let partner: PartnerServer;
let admin: string;
let gd: string;
let gdCode = '';
let gdName = '';
const products: string[] = [];
const en = { 'accept-language': 'en' };
// After the demo's own pulls (its today is 2026-11-15), so each feed's cursor starts before these runs.
const T0 = Date.parse('2026-11-20T10:00:00+08:00');
const at = (hours: number) => new Date(T0 + hours * 3_600_000);

const order = (orderNo: string) =>
  partnerOrderLine({
    orderNo,
    orderDate: '2026-11-02',
    agentCode: gdCode,
    lines: [
      { productCode: products[0], quantity: 4, unitPrice: '100.00' },
      { productCode: products[1], quantity: 2, unitPrice: '50.00' },
    ],
  });
const instruction = (instructionNo: string, orderNo: string, quantity = 4, productCode = products[0]) =>
  partnerInstructionLine({
    instructionNo,
    orderNo,
    instructionDate: '2026-11-03',
    receiverName: '南京仓库',
    receiverPhone: '13800000000',
    receiverAddress: '南京市玄武区一号',
    lines: [{ lineNo: 1, productCode, quantity }],
  });
const shipment = (shipmentNo: string, instructionNo: string, orderNo: string, quantity: number) =>
  partnerShipmentLine({
    shipmentNo,
    instructionNo,
    orderNo,
    shipDate: '2026-11-04',
    logisticsCompany: '顺丰速运',
    trackingNo: `SF${shipmentNo}`,
    lines: [
      {
        lineNo: 1,
        productCode: products[0],
        quantity,
        serialNumbers: Array.from({ length: quantity }, (_, i) => `${shipmentNo}-${i + 1}`),
      },
    ],
  });

const options = (now: Date) => ({ url: partner.url, pageSize: 2, timeoutMs: 5_000, now });
const errorRows = async () =>
  (await t.post('/partnerShippingError/search', { pageSize: 100 }, admin, en)).body.results as Record<
    string,
    unknown
  >[];
const partnerShipments = async (token: string, extra: Record<string, unknown> = {}) =>
  (await t.post('/shipment/search', { OrderChannel: '111', pageSize: 100, ...extra }, token)).body
    .results as Record<string, unknown>[];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  gd = await t.login('gd', 'Demo@123456');
  const own = await sql<{ code: string; name: string }>`select c.account_id as code, c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'gd'`.execute(t.database.db);
  [gdCode, gdName] = [own.rows[0].code, own.rows[0].name];
  const rows = await sql<{ code: string }>`select product_code as code from product
    where standard_price is not null and category <> '181' order by product_code limit 2`.execute(
    t.database.db,
  );
  products.push(...rows.rows.map((r) => r.code));
  partner = await startPartnerServer({ lines: [order('SHIP-PO-1'), order('SHIP-PO-2')] });
  await pullPartnerOrders(t.database.db, { url: partner.url, now: at(0) });
}, 120_000);

afterAll(async () => {
  await partner?.close();
  await t?.close();
});

describe('partner shipping pull', () => {
  it('names the general distributor on the synced order', async () => {
    const found = await t.post('/order/search', { OrderChannel: '111', PartnerOrderNo: 'SHIP-PO-1' }, admin);
    expect(found.body.results[0]).toMatchObject({ DistributorName: gdName });
  });

  it('takes instructions page by page from the cursor, and a bad row lands on the error log with its reason', async () => {
    partner.setInstructionLines([
      { line: instruction('SI-1', 'SHIP-PO-1'), at: at(1).toISOString() },
      { line: instruction('SI-2', 'SHIP-PO-2', 2), at: at(1).toISOString() },
      { line: instruction('SI-X', 'NO-SUCH-PO'), at: at(1).toISOString() },
      { line: instruction('SI-3', 'SHIP-PO-2', 1.5), at: at(1).toISOString() },
      { line: instruction('SI-4', 'SHIP-PO-2', 1, 'NO-SUCH-PN'), at: at(1).toISOString() },
    ]);
    partner.requests.length = 0;
    const run = await pullShippingInstructions(t.database.db, options(at(2)));
    expect(run).toMatchObject({ state: 'SUCCESS', total: 5, success: 2, fail: 3 });
    // Three pages of two, each asking for the window up to the run.
    expect(partner.requests.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
    expect(partner.requests[0].get('until')).toBe(at(2).toISOString());

    const errors = await errorRows();
    const byNo = (no: string) => errors.find((e) => e.ShippingInstructionNo === no)!;
    expect(byNo('SI-X')).toMatchObject({
      PartnerOrderNo: 'NO-SUCH-PO',
      SynchState: 'FAIL',
      ErrorType: '151',
    });
    expect(byNo('SI-X').ErrorMessage).toContain('NO-SUCH-PO');
    expect(byNo('SI-3').ErrorMessage).toContain('1.5');
    expect(byNo('SI-4')).toMatchObject({ ErrorType: '111' });
    expect(byNo('SI-4').ErrorMessage).toContain('NO-SUCH-PN');
    // The error log is read in words: the reason is stored in Chinese, the log's language.
    expect(byNo('SI-4').ErrorMessage).toMatch(/物料编码 NO-SUCH-PN 在门户中不存在/);

    // The next run asks from where this one ended: nothing new, nothing taken twice.
    partner.requests.length = 0;
    const again = await pullShippingInstructions(t.database.db, options(at(3)));
    expect(again).toMatchObject({ state: 'SUCCESS', total: 0 });
    expect(partner.requests[0].get('since')).toBe(at(2).toISOString());
    const kept = await sql<{ n: number }>`select count(*)::int as n from partner_shipping_instruction
      where instruction_no like 'SI-%'`.execute(t.database.db);
    expect(kept.rows[0].n).toBe(2);
  });

  it('takes shipments onto the partner order once, however often the feed sends them', async () => {
    const lines = [
      shipment('PS-1', 'SI-1', 'SHIP-PO-1', 3),
      shipment('PS-9', 'SI-9', 'SHIP-PO-1', 1),
      shipment('PS-2', 'SI-1', 'SHIP-PO-1', 2),
    ];
    partner.setShipmentLines(lines);
    const run = await pullPartnerShipments(t.database.db, options(at(4)));
    expect(run).toMatchObject({ state: 'SUCCESS', total: 3, success: 1, fail: 2 });
    const errors = await errorRows();
    expect(errors.find((e) => e.PartnerShipmentNo === 'PS-9')?.ErrorMessage).toContain('SI-9');
    // Three of the instruction's four are shipped; two more is beyond what it leaves.
    expect(errors.find((e) => e.PartnerShipmentNo === 'PS-2')?.ErrorMessage).toMatch(/发货数量 2.*1/);

    // The same feed again (bare lines are served to every window): nothing is shipped twice.
    const twice = await pullPartnerShipments(t.database.db, options(at(5)));
    expect(twice).toMatchObject({ total: 3, success: 1, fail: 2 });
    const shipped = await partnerShipments(admin);
    const ours = shipped.filter((s) => s.PartnerShipmentNo === 'PS-1');
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      Quantity: 3,
      ShipmentStatus: '111',
      ShippingInstructionNo: 'SI-1',
      PartnerOrderNo: 'SHIP-PO-1',
      ReceiverName: '南京仓库',
      TrackingNo: 'SFPS-1',
    });
    // The receiver of its instruction, nothing else of the instruction.
    expect(ours[0].Lines).toBeUndefined();
    const status = await sql<{ status: string }>`select delivery_status as status from sales_order
      where data->>'PartnerOrderNo' = 'SHIP-PO-1'`.execute(t.database.db);
    expect(status.rows[0].status).toBe('111');
  });

  it('retries an error row: refused again it says why, corrected it is taken and settled', async () => {
    const row = (await errorRows()).find((e) => e.ShippingInstructionNo === 'SI-4')!;
    const still = await t.post(
      '/partnerShippingError/retry',
      { ObjectID: row.ObjectID, Version: row.Version },
      admin,
      en,
    );
    expect(still.status).toBe(409);
    expect(still.body.message).toContain('NO-SUCH-PN');
    const corrected = String(row.RawPayload).replace('NO-SUCH-PN', products[0]);
    const retried = await t.post(
      '/partnerShippingError/retry',
      { ObjectID: row.ObjectID, Version: Number(row.Version) + 1, RawPayload: corrected },
      admin,
    );
    expect(retried.status).toBe(200);
    const after = (await errorRows()).find((e) => e.ObjectID === row.ObjectID);
    expect(after).toMatchObject({ SynchState: 'SUCCESS', RetryCount: 2 });
    const kept = await sql<{ n: number }>`select count(*)::int as n from partner_shipping_instruction
      where instruction_no = 'SI-4'`.execute(t.database.db);
    expect(kept.rows[0].n).toBe(1);
    expect((await t.post('/partnerShippingError/retry', { ObjectID: row.ObjectID }, admin)).status).toBe(409);
    // Only those whose menu holds the error log may.
    expect((await t.post('/partnerShippingError/retry', { ObjectID: row.ObjectID }, gd)).status).toBe(403);
  });

  it("the order's agent confirms the receipt; another agent sees none of it", async () => {
    const [mine] = (await partnerShipments(gd)).filter((s) => s.PartnerShipmentNo === 'PS-1');
    expect(mine).toBeDefined();
    const rsp = await t.login('rsp', 'Demo@123456');
    const others = await partnerShipments(rsp);
    expect(others.filter((s) => String(s.PartnerShipmentNo ?? '').startsWith('PS-'))).toEqual([]);
    expect((await t.post('/shipment/getOne', { ObjectID: mine.ObjectID }, rsp)).status).toBe(404);
    expect((await t.post('/partnerShippingError/search', {}, rsp)).status).toBe(403);
    const confirmed = await t.post(
      '/shipment/confirmReceipt',
      { ObjectID: mine.ObjectID, Version: mine.Version },
      gd,
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.results).toMatchObject({ ShipmentStatus: '141' });
    const again = await t.post(
      '/shipment/confirmReceipt',
      { ObjectID: mine.ObjectID, Version: Number(mine.Version) + 1 },
      gd,
    );
    expect(again.status).toBe(409);
  });

  it('runs as the scheduled job against the URL set on it', async () => {
    partner.setShipmentLines([shipment('PS-3', 'SI-1', 'SHIP-PO-1', 1)]);
    const outcome = await runJobOnce(t.database.db, partnerShipmentPull, at(6), { url: partner.url });
    expect(outcome).toMatchObject({
      key: 'partner.shipping.shipments.job.message',
      params: { total: 1, success: 1, fail: 0 },
    });
    const batchNo = (outcome as unknown as { params: { batchNo: string } }).params.batchNo;
    const log = (await t.post('/orderPullLog/search', { BatchNo: batchNo }, admin)).body.results;
    expect(log[0].Message).toContain('发货单');
  });
});
