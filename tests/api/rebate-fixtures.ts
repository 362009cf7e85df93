import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './harness';

/**
 * What the rebate suites set up as people do: a policy entered and taken to publication, and an
 * agent's own-line order entered, submitted and agreed along its chain until it takes effect.
 */
export interface RebateWorld {
  t: TestApp;
  tokens: Record<string, string>;
}

/** A product priced at 1,000 yuan or more, not a service, for orders of a predictable size. */
export async function orderableProduct(t: TestApp) {
  const found = await sql<{ code: string; price: string }>`select product_code as code,
      standard_price::text as price from product
    where standard_price >= 1000 and coalesce(category, '') <> '181'
    order by standard_price desc, product_code limit 1`.execute(t.database.db);
  return { code: found.rows[0].code, fen: BigInt(found.rows[0].price.replace('.', '')) };
}

/** Lets the agent order on credit far beyond the demo's orders, so approval never stops at credit. */
export async function openCredit(t: TestApp, agentId: string) {
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${agentId}`.execute(t.database.db);
}

/** An effective own-line order of the agent dated `day`, of about `yuan`; answers its amount in fen. */
export async function effectiveOrder(
  { t, tokens }: RebateWorld,
  agent: { name: string; staff: string },
  product: { code: string; fen: bigint },
  day: string,
  yuan: number,
) {
  const quantity = Math.max(1, Math.round((yuan * 100) / Number(product.fen)));
  const created = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.selfBuiltOrder',
      OrderType: '101',
      AgentName: agent.name,
      EndUserName: 'End user',
      OrderDate: day,
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: [{ ProductCode: product.code, Quantity: quantity }],
    },
    tokens[agent.staff],
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID;
  expect((await t.post('/orderApproval/submit', { ObjectID: id }, tokens[agent.staff])).status).toBe(200);
  const deciders: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };
  for (let step = 0; step < 3; step++) {
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: id },
      tokens.admin,
    );
    if (options.body.results.State === 'approved') break;
    const who = deciders[options.body.results.Decider.Role as string];
    const agreed = await t.post(
      '/workflow/decide',
      { workflow: 'orderApproval', ObjectID: id, command: 'agree', payload: {} },
      tokens[who],
    );
    expect(agreed.status, agreed.body.message).toBe(200);
  }
  return BigInt(created.body.results.OrderAmount.replace('.', ''));
}

/**
 * A change of an effective order of the RSP (`asked`: its type and its lines or header fields), asked
 * by the RSP's staff and confirmed by sales operations; one that needs no approval is applied at once.
 */
export async function changeApplied(
  { t, tokens }: RebateWorld,
  orderNo: string,
  asked: Record<string, unknown>,
) {
  const created = await t.post(
    '/orderChange/create',
    {
      PageID: 'ordersSetup.orderChangeEdit',
      OrderNo: orderNo,
      ChangeReason: 'Asked by the end user',
      ...asked,
    },
    tokens.rsp,
  );
  expect(created.status, created.body.message).toBe(200);
  const decide = (command: string, who: string) =>
    t.post(
      '/workflow/decide',
      { workflow: 'orderChange', ObjectID: created.body.results.ObjectID, command, payload: {} },
      tokens[who],
    );
  const submitted = await decide('submit', 'rsp');
  expect(submitted.status, submitted.body.message).toBe(200);
  const confirmed = await decide('confirm', 'ops');
  expect(confirmed.body.results?.State, confirmed.body.message).toBe('applied');
}

/** A quarterly policy for RSPs entered by sales operations; published when asked (executive approval). */
export async function enterPolicy(
  { t, tokens }: RebateWorld,
  title: string,
  options: { publish: boolean; tiers?: string; start?: string; end?: string },
) {
  const created = await t.post(
    '/rebateAnnouncement/create',
    {
      Title: title,
      Brand: '101',
      ChannelTier: '111',
      PeriodType: '111',
      StartDate: options.start ?? '2026-01-01',
      EndDate: options.end ?? '2026-12-31',
      CalcBasis: '101',
      PayoutMethod: '101',
      Content: 'Rebate on the quarter’s sell-in by attainment of the target',
      Tiers: options.tiers ?? '80:1, 100:2',
    },
    tokens.ops,
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  if (options.publish) {
    const decide = (who: string, command: string) =>
      t.post(
        '/workflow/decide',
        { workflow: 'rebatePolicy', ObjectID: id, command, payload: {} },
        tokens[who],
      );
    expect((await decide('ops', 'submit')).status).toBe(200);
    expect((await decide('vp', 'agree')).status).toBe(200);
    expect((await decide('ops', 'publish')).body.results.State).toBe('published');
  }
  const policy = (await t.post('/rebateAnnouncement/getOne', { ObjectID: id }, tokens.ops)).body.results[0];
  return { id, no: String(policy.AnnouncementNo) };
}

/**
 * An RSP hardware order of the agent (`quantity` units of the product) deducting `rebateFen`,
 * entered and submitted by its staff — the rebate is frozen — and agreed along its chain until it
 * takes effect and uses it. Answers the order's id and number.
 */
export async function orderUsingRebate(
  { t, tokens }: RebateWorld,
  agent: { name: string; staff: string },
  product: { code: string },
  quantity: number,
  rebateFen: bigint,
) {
  const digits = String(rebateFen).padStart(3, '0');
  const created = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      AgentName: agent.name,
      EndUserName: 'End user',
      ProductLine: 'Servers',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      RebateDeduction: `${digits.slice(0, -2)}.${digits.slice(-2)}`,
      Lines: [{ ProductCode: product.code, Quantity: quantity }],
    },
    tokens[agent.staff],
  );
  expect(created.status, created.body.message).toBe(200);
  const order = created.body.results as { ObjectID: string; OrderNo: string };
  const submitted = await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens[agent.staff]);
  expect(submitted.status, submitted.body.message).toBe(200);
  const deciders: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };
  for (let step = 0; step < 4; step++) {
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: order.ObjectID },
      tokens.ops,
    );
    if (options.body.results.State === 'approved') return order;
    const agreed = await t.post(
      '/workflow/decide',
      { workflow: 'orderApproval', ObjectID: order.ObjectID, command: 'agree', payload: {} },
      tokens[deciders[options.body.results.Decider.Role as string]],
    );
    expect(agreed.status, agreed.body.message).toBe(200);
  }
  throw new Error('the order did not take effect');
}
