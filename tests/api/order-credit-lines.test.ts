import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yuanToFen } from '../../domain/money';
import { yuanText } from '../../server/orders/order-approval-config';
import { startTestApp, type TestApp } from './harness';

/**
 * An agent's credit limit is the vendor's own line's (server/orders/credit-check.ts): what it owes on
 * partner-line orders is owed under the partner's terms and does not use it up, and an order being
 * changed, still in force, holds credit as an effective one does. The demo agents can order. The limit
 * the refusal names is one finance approved (docs/credit-limits.md).
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rsp: { id: string; name: string };
let productCode: string;
/** The own-line order the RSP submits. */
let submittedId: string;
const db = () => t.database.db;

/** What the RSP owes on its orders of one line that hold credit, summed in the database. */
async function owedOn(channel: string) {
  const { rows } = await sql<{
    owed: string;
  }>`select coalesce(sum(coalesce(nullif(data->>'UnpaidAmount', '')::numeric,
      nullif(data->>'PayableAmount', '')::numeric, order_amount, 0)), 0)::text as owed
    from sales_order where company_id = ${rsp.id} and order_channel = ${channel}
      and approval_status in ('111', '121', '151')`.execute(db());
  return yuanToFen(rows[0].owed);
}

async function enter() {
  const { status, body } = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: rsp.name,
      EndUserName: 'Credit end user',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: productCode, Quantity: 1 }],
    },
    tokens.rsp,
  );
  expect(status, body.message).toBe(200);
  return body.results as { ObjectID: string; OrderNo: string };
}

/** The RSP's credit limit set the only way it changes: the desk asks, finance agrees. */
async function setLimit(limit: string) {
  const asked = await t.post(
    '/customer/requestCreditLimit',
    { ObjectID: rsp.id, CreditLimit: limit, RequestReason: 'Limit at what is owed' },
    tokens.ops,
  );
  expect(asked.status, asked.body.message).toBe(200);
  const agreed = await t.post(
    '/workflow/decide',
    { workflow: 'creditLimitChange', ObjectID: rsp.id, command: 'agree', payload: {} },
    tokens.finance,
  );
  expect(agreed.status, agreed.body.message).toBe(200);
  const stored = await sql<{ limit: string }>`select data->>'ExtCreditLimit_SDK' as "limit" from customer
    where object_id = ${rsp.id}`.execute(db());
  expect(yuanToFen(stored.rows[0].limit)).toBe(yuanToFen(limit));
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ops', 'finance']) tokens[user] = await t.login(user, 'Demo@123456');
  const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db());
  rsp = row.rows[0];
  const product = await sql<{ code: string }>`select product_code as code from product
    where standard_price between 100 and 10000 and coalesce(category, '') <> '181'
    order by product_code limit 1`.execute(db());
  productCode = product.rows[0].code;
});
afterAll(() => t?.close());

describe('credit per line of business', () => {
  it('lets the demo RSP submit an own-line order: its partner-line debts do not use its limit', async () => {
    expect(await owedOn('111'), 'the demo RSP owes on partner-line orders').toBeGreaterThan(0);
    const order = await enter();
    const page = await t.post('/orderApproval/getOne', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(page.status, page.body.message).toBe(200);
    expect(yuanToFen(page.body.results.Credit.Outstanding)).toBe(await owedOn('101'));
    const submitted = await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(submitted.status, submitted.body.message).toBe(200);
    submittedId = order.ObjectID;
  });

  it('counts an own-line order being changed as owed, and says the limit is the own line’s', async () => {
    // The order submitted above is being changed (its change in approval): still owed, still in force.
    const changing = await sql<{ id: string }>`update sales_order set approval_status = '151'
      where object_id = ${submittedId} returning object_id::text as id`.execute(db());
    expect(changing.rows).toHaveLength(1);
    const owed = await owedOn('101');
    expect(owed).toBeGreaterThan(0);
    // The limit just what is owed, as a change finance approved: the next order goes over it, and the
    // refusal names the line.
    await setLimit((owed / 100).toFixed(2));
    const order = await enter();
    const refused = await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('自有品牌授信额度');
    expect(refused.body.message).toContain(`其他自有品牌订单未回款 ${yuanText(owed)} 元`);
    expect(refused.body.message).toContain('合作品牌订单不占用此额度');
  });
});
