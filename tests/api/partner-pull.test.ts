import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { mayEditCell } from '../../catalogue/define';
import { type PartnerServer, partnerOrderLine, startPartnerServer } from '../../scripts/partner-server';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { partnerOrderPull } from '../../server/partner/partner-pull.job';
import { pullPartnerOrders } from '../../server/partner/partner-pull.service';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let partner: PartnerServer;
let admin: string;
let agentCode = '';
let agentName = '';
const products: string[] = [];
const en = { 'accept-language': 'en' };

const good = (orderNo: string, quantity = 3) =>
  partnerOrderLine({
    orderNo,
    orderDate: '2026-11-02',
    agentCode,
    endUser: 'Nanjing Metro Group',
    contractNo: 'HT2026000123',
    lines: [
      { productCode: products[0], quantity, unitPrice: '12345.67' },
      { productCode: products[1], quantity: 1, unitPrice: '0.10' },
    ],
  });

const FEED = () => [
  good('H3C-PO-0001'),
  good('H3C-PO-0002', 10),
  '{"orderNo": "H3C-PO-0003", "orderDate": "2026-11-02", "lines": [',
  partnerOrderLine({
    orderNo: 'H3C-PO-0004',
    orderDate: '2026-11-02',
    agentCode: 'KH-NOBODY',
    lines: [{ productCode: products[0], quantity: 1, unitPrice: '1.00' }],
  }),
  partnerOrderLine({
    orderNo: 'H3C-PO-0005',
    orderDate: '2026-11-02',
    agentCode,
    lines: [{ productCode: 'NO-SUCH-PN', quantity: 1, unitPrice: '1.00' }],
  }),
  partnerOrderLine({
    orderNo: 'H3C-PO-0006',
    orderDate: '2026-11-02',
    agentCode,
    lines: [{ productCode: products[0], quantity: 1.5, unitPrice: '1.00' }],
  }),
];

const pull = (timeoutMs = 5_000) =>
  pullPartnerOrders(t.database.db, { url: partner.url, pageSize: 4, timeoutMs });
const syncedOrders = async () =>
  (
    await sql<{ no: string; partner: string; amount: string; approval: string; payment: string }>`
    select order_no as no, data->>'PartnerOrderNo' as partner, order_amount::text as amount,
      approval_status as approval, payment_status as payment
    from sales_order where data->>'PartnerOrderNo' like 'H3C-PO-%' order by data->>'PartnerOrderNo'`.execute(
      t.database.db,
    )
  ).rows;
const errorRows = async () =>
  (await t.post('/partnerOrderError/search', { pageSize: 100 }, admin, en)).body.results;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  const agent = await sql<{ code: string; name: string }>`select account_id as code, name from customer
    where status = '161' order by account_id limit 1`.execute(t.database.db);
  [agentCode, agentName] = [agent.rows[0].code, agent.rows[0].name];
  const rows = await sql<{ code: string }>`select product_code as code from product
    where standard_price is not null order by product_code limit 2`.execute(t.database.db);
  products.push(...rows.rows.map((r) => r.code));
  partner = await startPartnerServer({ lines: FEED() });
}, 120_000);

afterAll(async () => {
  await partner?.close();
  await t?.close();
});

describe('partner order pull', () => {
  it('takes the valid rows as synced orders and logs the invalid ones with their reasons', async () => {
    const run = await pull();
    expect(run).toMatchObject({ state: 'SUCCESS', total: 6, success: 2, fail: 4 });
    // Two pages of four asked for, never more than the page size.
    expect(partner.requests.map((q) => q.get('pageSize'))).toEqual(['4', '4']);
    const orders = await syncedOrders();
    expect(orders.map((o) => o.partner)).toEqual(['H3C-PO-0001', 'H3C-PO-0002']);
    // 3 × 12345.67 + 0.10, in exact fen; effective, nothing paid yet.
    expect(orders[0]).toMatchObject({ amount: '37037.11', approval: '121', payment: '101' });
    expect(orders[1].amount).toBe('123456.80');
    const lines = await sql<{
      product: string;
      quantity: number;
      amount: string;
    }>`select product_code as product,
      quantity, line_amount::text as amount from order_item where order_no = ${orders[0].no} order by line_no`.execute(
      t.database.db,
    );
    expect(lines.rows).toEqual([
      { product: products[0], quantity: 3, amount: '37037.01' },
      { product: products[1], quantity: 1, amount: '0.10' },
    ]);

    const errors = await errorRows();
    const byNo = (no: string | null) =>
      errors.find((e: Record<string, unknown>) => (e.PartnerOrderNo ?? null) === no);
    const cut = errors.find((e: Record<string, unknown>) => String(e.RawPayload).includes('H3C-PO-0003'));
    expect(cut).toMatchObject({ ErrorType: '131', SynchState: 'FAIL' });
    expect(cut.PartnerOrderNo ?? null).toBeNull();
    expect(byNo('H3C-PO-0004').ErrorType).toBe('101');
    expect(byNo('H3C-PO-0004').ErrorMessage).toContain('KH-NOBODY');
    expect(byNo('H3C-PO-0005').ErrorMessage).toContain('NO-SUCH-PN');
    expect(byNo('H3C-PO-0006').ErrorMessage).toContain('1.5');

    const log = (await t.post('/orderPullLog/search', {}, admin)).body.results;
    expect(log[0]).toMatchObject({ BatchNo: run.batchNo, TotalCount: 6, SuccessCount: 2, FailCount: 4 });
    expect(log[0].SynchState).toBe('SUCCESS');

    const original = await t.post('/partnerOriginalOrder/search', { PartnerOrderNo: 'H3C-PO-0001' }, admin);
    expect(original.body.results[0]).toMatchObject({
      PartnerCustomerName: agentName,
      SynchState: 'SUCCESS',
      RawPayload: good('H3C-PO-0001'),
    });
  });

  it('lists a synced order’s deal number without offering it: in effect from the pull on, its save is refused', async () => {
    const page = pageById('ordersSetup.syncedOrders')!;
    const listed = await t.post('/order/search', { PageID: page.id, PartnerOrderNo: 'H3C-PO-0001' }, admin);
    const [row] = listed.body.results as Record<string, unknown>[];
    expect(row).toMatchObject({ PartnerOrderNo: 'H3C-PO-0001', ApprovalStatus: '121' });
    expect(mayEditCell(page, 'OpportunityNo', row)).toBe(false);
    const saved = await t.post(
      '/order/update',
      { ObjectID: row.ObjectID, Version: row.Version, PageID: page.id, OpportunityNo: 'BB202601010001' },
      admin,
    );
    expect(saved.status, saved.body.message).toBe(409);
    const stored = await t.post('/order/getOne', { ObjectID: row.ObjectID }, admin);
    expect(stored.body.results[0]).toMatchObject({ Version: row.Version });
    expect(stored.body.results[0].OpportunityNo ?? null).toBe(row.OpportunityNo ?? null);
  });

  it('a rerun never duplicates an order; a changed order updates the untracked synced order', async () => {
    const before = await syncedOrders();
    partner.setLines([...FEED().slice(0, 1), good('H3C-PO-0002', 20)]);
    const run = await pull();
    expect(run).toMatchObject({ state: 'SUCCESS', total: 2, success: 2, fail: 0 });
    const after = await syncedOrders();
    expect(after.map((o) => o.no)).toEqual(before.map((o) => o.no));
    expect(after[0].amount).toBe(before[0].amount);
    expect(after[1].amount).toBe('246913.50');
    const lineCount = await sql<{ n: number }>`select count(*)::int as n from order_item
      where order_no = ${after[1].no}`.execute(t.database.db);
    expect(lineCount.rows[0].n).toBe(2);
  });

  it('a change to an order already paid is logged, not taken', async () => {
    const [first] = await syncedOrders();
    await sql`update sales_order set payment_status = '111' where order_no = ${first.no}`.execute(
      t.database.db,
    );
    partner.setLines([good('H3C-PO-0001', 7)]);
    const run = await pull();
    expect(run).toMatchObject({ success: 0, fail: 1 });
    expect((await syncedOrders())[0].amount).toBe(first.amount);
    const logged = (await errorRows()).filter(
      (e: Record<string, unknown>) => e.PartnerOrderNo === 'H3C-PO-0001',
    );
    expect(logged[0].ErrorMessage).toContain(first.no);
  });

  it('a partner that does not answer in time gives a failed run and writes nothing else', async () => {
    const orders = (await syncedOrders()).length;
    const errors = (await errorRows()).length;
    partner.setLines([good('H3C-PO-0009')]);
    partner.setDelay(60_000);
    const run = await pull(200);
    partner.setDelay(0);
    expect(run.state).toBe('FAIL');
    expect(run.message).toContain('0.2');
    expect((await syncedOrders()).length).toBe(orders);
    expect((await errorRows()).length).toBe(errors);
    const log = (await t.post('/orderPullLog/search', { SynchState: 'FAIL' }, admin)).body.results;
    expect(log[0]).toMatchObject({ BatchNo: run.batchNo, SynchState: 'FAIL', TotalCount: 0 });
  });

  it('retries a corrected row: the order is synced and the error row marked succeeded', async () => {
    const row = (await errorRows()).find((e: Record<string, unknown>) => e.PartnerOrderNo === 'H3C-PO-0005');
    const corrected = row.RawPayload.replace('NO-SUCH-PN', products[1]);
    const stale = await t.post(
      '/partnerOrderError/retry',
      { ObjectID: row.ObjectID, Version: 99, RawPayload: corrected },
      admin,
    );
    expect(stale.status).toBe(409);
    const still = await t.post(
      '/partnerOrderError/retry',
      { ObjectID: row.ObjectID, Version: row.Version },
      admin,
      en,
    );
    expect(still.status).toBe(409);
    expect(still.body.message).toContain('NO-SUCH-PN');
    const retried = await t.post(
      '/partnerOrderError/retry',
      { ObjectID: row.ObjectID, Version: row.Version + 1, RawPayload: corrected },
      admin,
    );
    expect(retried.status).toBe(200);
    expect((await syncedOrders()).map((o) => o.partner)).toContain('H3C-PO-0005');
    const after = (await errorRows()).find((e: Record<string, unknown>) => e.ObjectID === row.ObjectID);
    expect(after).toMatchObject({ SynchState: 'SUCCESS', RetryCount: 2 });
    const again = await t.post('/partnerOrderError/retry', { ObjectID: row.ObjectID }, admin);
    expect(again.status).toBe(409);
    // Only those whose menu holds the error log may retry.
    const agent = await t.login('rsp', 'Demo@123456');
    expect((await t.post('/partnerOrderError/retry', { ObjectID: row.ObjectID }, agent)).status).toBe(403);
  });

  it('runs as the scheduled job against the URL set on it, and fails the job run when the feed fails', async () => {
    const run = (params: Record<string, unknown>) =>
      runJobOnce(t.database.db, partnerOrderPull, new Date(), params);
    const saved = process.env.PARTNER_URL;
    delete process.env.PARTNER_URL;
    try {
      expect(await run({})).toEqual({ key: 'partner.job.notConfigured' });
      partner.setLines([good('H3C-PO-0001')]);
      expect(await run({ url: partner.url })).toMatchObject({
        key: 'partner.job.message',
        params: { total: 1, success: 1, fail: 0 },
      });
      await expect(run({ url: 'http://127.0.0.1:9/' })).rejects.toThrow();
    } finally {
      if (saved !== undefined) process.env.PARTNER_URL = saved;
    }
  });
});
