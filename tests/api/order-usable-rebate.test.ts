import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { zh } from '../../locales/zh/messages';
import type { Db } from '../../server/db/database';
import { post } from '../../server/rebates/ledger.service';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The usable rebate while ordering and the maximum ratio by product line (docs/rebates.md "Rebate on
 * orders"): a ratio set for one product line applies to that line's order lines only, others keep the
 * every-line ratio; the entry form asks what the order may use by the agent and its lines, and the
 * submission holds the same figure.
 */
let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
const rsp = { id: '', name: '' };
const products: Record<string, { code: string; fen: bigint }> = {};
const fenOf = (text: string) => BigInt(text.replace('.', ''));
const yuan = (fen: bigint) => {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const usable = (body: Record<string, unknown>, who = 'rsp') =>
  t.post('/order/usableRebate', body, tokens[who]);
const lineOf = (product: { code: string }, quantity: number) => ({
  ProductCode: product.code,
  Quantity: quantity,
});

async function productOf(category: string) {
  const found = await sql<{ code: string; price: string }>`select product_code as code,
      standard_price::text as price from product
    where category = ${category} and standard_price between 1000 and 50000
    order by standard_price desc, product_code limit 1`.execute(db);
  return { code: found.rows[0].code, fen: fenOf(found.rows[0].price) };
}

async function draft(lines: { ProductCode: string; Quantity: number }[], rebate: string) {
  const created = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      AgentName: rsp.name,
      EndUserName: 'End user',
      ProductLine: 'Servers and storage',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      RebateDeduction: rebate,
      Lines: lines,
    },
    tokens.rsp,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.results as { ObjectID: string; OrderNo: string };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  for (const user of ['ops', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db);
  Object.assign(rsp, row.rows[0]);
  products.server = await productOf(ProductCategory.servers);
  products.storage = await productOf(ProductCategory.storage);
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${rsp.id}`.execute(db);
  // Enough rebate that the ratios, not the balance, limit these orders.
  await post(
    db,
    { employeeId: null, name: 'test' },
    { companyId: rsp.id, type: 'rebate', brand: '101' },
    10_000_000_00,
    '2099-12-31',
    {
      type: 'settlement',
      no: 'FL-TEST-LINES',
    },
  );
});
afterAll(() => t?.close());

describe('the maximum ratio by product line', () => {
  const serverRatio = {
    Brand: '101',
    ProductLine: ProductLineInfo.rackServers,
    MaxRatio: 20,
    StartDate: '2026-01-01',
    EndDate: '2027-12-31',
    Enabled: true,
  };

  it('keeps one enabled ratio per brand, tier and product line, beside the every-line one', async () => {
    const created = await t.post('/rebateMaxRatio/create', serverRatio, tokens.ops);
    expect(created.status, created.body.message).toBe(200);
    expect((await t.post('/rebateMaxRatio/create', serverRatio, tokens.ops)).status).toBe(409);
    expect(
      (await t.post('/rebateMaxRatio/create', { ...serverRatio, MaxRatio: 30 }, tokens.rsp)).status,
    ).toBe(403);
  });

  it('applies a line’s own ratio to that line only, while ordering and at submission', async () => {
    const lines = [lineOf(products.server, 1), lineOf(products.storage, 1)];
    const asked = await usable({ AgentName: rsp.name, Lines: lines });
    expect(asked.status, asked.body.message).toBe(200);
    // Servers 20% (their own ratio), storage 12% (the RSP tier's every-line ratio of the demo).
    const limit = (products.server.fen * 2000n + products.storage.fen * 1200n) / 10_000n;
    expect(asked.body.results).toMatchObject({
      Brand: '101',
      EligibleAmount: yuan(products.server.fen + products.storage.fen),
      LimitAmount: yuan(limit),
      UsableAmount: yuan(limit),
    });
    // Storage alone keeps the every-line ratio.
    const storageOnly = await usable({ AgentName: rsp.name, Lines: [lineOf(products.storage, 1)] });
    expect(storageOnly.body.results.UsableAmount).toBe(yuan((products.storage.fen * 1200n) / 10_000n));
    const over = await draft(lines, yuan(limit + 1n));
    const refused = await t.post('/orderApproval/submit', { ObjectID: over.ObjectID }, tokens.rsp);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(yuan(limit));
    const exact = await draft(lines, yuan(limit));
    // The saved order's usable rebate, from its stored lines, is the same figure.
    expect((await usable({ ObjectID: exact.ObjectID })).body.results.UsableAmount).toBe(yuan(limit));
    const submitted = await t.post('/orderApproval/submit', { ObjectID: exact.ObjectID }, tokens.rsp);
    expect(submitted.status, submitted.body.message).toBe(200);
  });
});

describe('the usable rebate while ordering', () => {
  it('shows nothing eligible before lines are typed, only the balance', async () => {
    const asked = await usable({ AgentName: rsp.name });
    expect(asked.status, asked.body.message).toBe(200);
    expect(asked.body.results.UsableAmount).toBe('0.00');
    expect(fenOf(asked.body.results.AvailableAmount)).toBeGreaterThan(0n);
  });

  it('names the missing agent and the bad line, and tells no one another company’s rebate', async () => {
    const missing = await usable({ Lines: [lineOf(products.server, 1)] });
    expect(missing.status).toBe(400);
    const fields = zh.field as unknown as Record<string, Record<string, string>>;
    expect(missing.body.message).toContain(fields.order?.AgentName ?? fields.common.AgentName);
    const badLine = await usable({ AgentName: rsp.name, Lines: [{ ProductCode: 'NO-SUCH', Quantity: 1 }] });
    expect(badLine.status).toBe(400);
    expect(badLine.body.message).toContain('NO-SUCH');
    // A CCP's staff may not ask about the RSP, nor read the RSP's order.
    const other = await usable({ AgentName: rsp.name, Lines: [lineOf(products.server, 1)] }, 'ccp');
    expect([403, 404]).toContain(other.status);
    const order = await draft([lineOf(products.storage, 1)], '0');
    expect((await usable({ ObjectID: order.ObjectID }, 'ccp')).status).toBe(404);
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
