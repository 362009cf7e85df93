import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAfterCorruption, endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { orderForm } from './order-desk';

/**
 * Special prices (DOMAIN.md "Special prices"): only on a protected opportunity, priced against the
 * standard price, the chain chosen by the weighted depth, cost and margin never sent to an agent,
 * scope and stale versions, and execution orders drawn from a won price — exactly what order entry
 * then consumes.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['rsp', 'ccp', 'province', 'region', 'ops'];
let serial = 0;
let product: { pn: string; StandardPrice: string };
let rspName = '';

beforeAll(async () => {
  t = await startTestApp();
  for (const user of USERS) tokens[user] = await t.login(user, 'Demo@123456');
  const prices = await t.post('/product/getStandardPrice', { keyword: '', pageSize: 5 }, tokens.rsp);
  expect(prices.status, prices.body.message).toBe(200);
  product = prices.body.results[0];
  const agent = await sql<{
    name: string;
  }>`select c.name from employee e join customer c on c.object_id = e.company_id
    where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

/** A registration of the RSP's, submitted (protected when `protect`), as the opportunity tests make them. */
async function opportunity(user = 'rsp', protect = true) {
  serial += 1;
  const created = await t.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: rspName,
      Name: `Special price project ${serial}`,
      ExtOppCustomerName_SDK: `Special Price Hospital ${serial} ${Date.now()}`,
      ExtCustomerIndustry_SDK: '121',
      ProvinceName: 'Jiangsu',
      ProductLine: '101',
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '1200000.00',
      ExtEstimatedSalesAmountcontent_SDK: '980000.50',
      ExtEstimatedBidDate_SDK: '2027-01-20',
      ExtRequirementDesc_SDK: 'Rack servers',
    },
    tokens[user],
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  if (protect) {
    const submitted = await t.post(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
      tokens[user],
    );
    expect(submitted.status, submitted.body.message).toBe(200);
  }
  return { id, no: created.body.results.ExtOpportunityNOText_SDK as string };
}

/** A request at `percent` of the standard price (two decimals of yuan, rounded down). */
function request(opportunityId: string, percent: number, extra: Record<string, unknown> = {}) {
  const fen = Math.floor((Math.round(Number(product.StandardPrice) * 100) * percent) / 100);
  return {
    OpportunityID: opportunityId,
    Brand: '101',
    ExtDueDate_SDK: '2026-12-20',
    ExtBidOpeningDate_SDK: '2030-01-10',
    ExtApplyReason_SDK: 'Competitor quoted 8 % lower',
    ExtChannelMargin_SDK: 'RSP 3 %',
    Lines: [{ ProductCode: product.pn, Quantity: 10, RequestedPrice: (fen / 100).toFixed(2) }],
    ...extra,
  };
}

const apply = (body: Record<string, unknown>, user = 'rsp') =>
  t.post('/specialApproval/applyApproval', body, tokens[user]);
const page = (id: string, user = 'rsp') => t.post('/specialApproval/getOne', { ObjectID: id }, tokens[user]);
const processApproval = (id: string, user: string, Command: string, extra: Record<string, unknown> = {}) =>
  t.post('/specialApproval/processApproval', { ObjectID: id, Command, ...extra }, tokens[user]);

async function approved(percent = 97) {
  const opp = await opportunity();
  const applied = await apply(request(opp.id, percent));
  expect(applied.status, applied.body.message).toBe(200);
  const id = applied.body.results.ObjectID as string;
  const agreed = await processApproval(id, 'province', 'agree');
  expect(agreed.status, agreed.body.message).toBe(200);
  return { id, opp };
}

describe('asking for a special price', () => {
  it('is refused on an opportunity that is not protected, and out of scope is not found', async () => {
    const draft = await opportunity('rsp', false);
    const refused = await apply(request(draft.id, 97));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(draft.no);
    // The CCP is another company: the RSP's opportunity does not exist for it.
    const protectedOne = await opportunity();
    expect((await apply(request(protectedOne.id, 97), 'ccp')).status).toBe(404);
  });

  it('needs a line below the standard price and names the refused field', async () => {
    const opp = await opportunity();
    const atStandard = await apply(request(opp.id, 100));
    expect(atStandard.status).toBe(400);
    expect(atStandard.body.field).toBe('ApplyPrice');
    const noLines = await apply({ ...request(opp.id, 97), Lines: [] });
    expect(noLines.status).toBe(400);
  });

  it('takes the chain its weighted depth chooses: 97 % the province manager alone, 92 % also the region manager', async () => {
    const shallow = await opportunity();
    const a = await apply(request(shallow.id, 97));
    expect(a.status, a.body.message).toBe(200);
    expect(a.body.results.ExtWeightedDiscount_SDK).toMatch(/^9[67]\.\d\d$/);
    expect((await page(a.body.results.ObjectID, 'province')).body.results.Chain).toEqual(['JS011']);

    const deeper = await opportunity();
    const b = await apply(request(deeper.id, 92));
    const chain = (await page(b.body.results.ObjectID, 'province')).body.results.Chain;
    expect(chain).toEqual(['JS011', 'JS019']);
    // The province manager's authority stops at 95 %: agreeing passes it on, it is not approved yet.
    await processApproval(b.body.results.ObjectID, 'province', 'agree');
    const after = (await page(b.body.results.ObjectID, 'region')).body.results;
    expect(after.Record.ExtSpecialPriceStatus_SDK).toBe('121');
    expect(after.Approval.Decider.Role).toBe('JS019');
    // The sales operations desk sees it but does not decide the region level.
    expect((await processApproval(b.body.results.ObjectID, 'ops', 'agree')).status).toBe(403);
    // It waits in the region manager's to-do lens, no longer in the province manager's.
    const awaiting = async (user: string) =>
      (
        (await t.post('/specialApproval/search', { AwaitingMe: 1, pageSize: 100 }, tokens[user])).body
          .results as {
          ObjectID: string;
        }[]
      ).map((r) => r.ObjectID);
    expect(await awaiting('region')).toContain(b.body.results.ObjectID);
    expect(await awaiting('ops')).not.toContain(b.body.results.ObjectID);
    expect(await awaiting('province')).not.toContain(b.body.results.ObjectID);
    expect((await processApproval(b.body.results.ObjectID, 'region', 'agree')).status).toBe(200);
    expect((await page(b.body.results.ObjectID)).body.results.Record.ExtSpecialPriceStatus_SDK).toBe('151');
  });

  it('never sends cost or margin to an agent, and sends them to the vendor', async () => {
    const { id } = await approved();
    const agent = (await page(id, 'rsp')).body.results;
    // The agent's own channel-margin text is theirs; the vendor's cost and margin keys are absent.
    expect(JSON.stringify(agent)).not.toMatch(/"(CostPrice|CostTotal|Margin|AuthorityChain|cost_price)"/);
    expect(agent.Figures).not.toHaveProperty('Margin');
    expect(agent.Lines[0]).not.toHaveProperty('CostPrice');
    const vendor = (await page(id, 'ops')).body.results;
    expect(vendor.Figures).toHaveProperty('Margin');
    expect(vendor.Lines[0]).toHaveProperty('CostPrice');
    const listed = await t.post('/specialApproval/search', { pageSize: 50 }, tokens.rsp);
    expect(JSON.stringify(listed.body.results)).not.toMatch(/"(CostPrice|CostTotal|Margin)"/);
  });

  it('refuses a decision on a stale version and a decision by the wrong role', async () => {
    const opp = await opportunity();
    const applied = await apply(request(opp.id, 97));
    const id = applied.body.results.ObjectID as string;
    const view = (await page(id, 'province')).body.results.Approval;
    expect((await processApproval(id, 'ops', 'agree')).status).toBe(403);
    expect(
      (await processApproval(id, 'province', 'agree', { WorkflowVersion: view.WorkflowVersion - 1 })).status,
    ).toBe(409);
    expect(
      (await processApproval(id, 'province', 'agree', { WorkflowVersion: view.WorkflowVersion })).status,
    ).toBe(200);
    const record = (await page(id)).body.results.Record;
    expect(record.ExtSpecialPriceStatus_SDK).toBe('151');
    expect(record.ExtValidUntil_SDK).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('refuses a stale save of a returned request and resubmits a current one', async () => {
    const opp = await opportunity();
    const applied = await apply(request(opp.id, 97));
    const id = applied.body.results.ObjectID as string;
    expect((await processApproval(id, 'province', 'return', { Reason: 'lower quantity' })).status).toBe(200);
    const current = (await page(id)).body.results.Record;
    const stale = await apply({ ...request(opp.id, 96), ObjectID: id, Version: current.Version - 1 });
    expect(stale.status).toBe(409);
    const fresh = await apply({ ...request(opp.id, 96), ObjectID: id, Version: current.Version });
    expect(fresh.status, fresh.body.message).toBe(200);
    expect(fresh.body.results.ExtSpecialPriceStatus_SDK).toBe('121');
  });

  it('blocks new requests while an approved price is past its bid-result deadline', async () => {
    const { id } = await approved();
    await sql`update record set data = data || '{"ExtBidOpeningDate_SDK": "2020-01-06"}'::jsonb
      where object_id = ${id}`.execute(t.database.db);
    const opp = await opportunity();
    const blocked = await apply(request(opp.id, 97));
    expect(blocked.status).toBe(409);
    expect((await processApproval(id, 'rsp', 'lose', { Reason: 'lost the tender' })).status).toBe(200);
    expect((await apply(request(opp.id, 97))).status).toBe(200);
  });
});

describe('the demo', () => {
  it('holds an approved special price, one in approval, and one executed through its execution order', async () => {
    const listed = await t.post('/specialApproval/search', { pageSize: 50 }, tokens.rsp);
    const statuses = (listed.body.results as { ExtSpecialPriceStatus_SDK: string }[]).map(
      (r) => r.ExtSpecialPriceStatus_SDK,
    );
    expect(statuses).toEqual(expect.arrayContaining(['151', '121', '181']));
    const executed = (listed.body.results as Record<string, string>[]).find(
      (r) => r.ExtSpecialPriceStatus_SDK === '181',
    );
    const orders = (await page(executed!.ObjectID)).body.results.ExecutionOrders;
    expect(orders).toEqual([expect.objectContaining({ Status: '121' })]);
  });
});

describe('execution orders', () => {
  it('are drawn from a won price: not below the approved price, never past the approved quantity', async () => {
    const { id } = await approved();
    const lines = (await page(id)).body.results.Lines;
    const approvedPrice = lines[0].ApprovedPrice as string;
    const create = (body: Record<string, unknown>, user = 'rsp') =>
      t.post('/specialApproval/createExecutionOrder', { SpecialPriceID: id, ...body }, tokens[user]);
    // Not won yet.
    expect((await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 4 }] })).status).toBe(409);
    expect((await processApproval(id, 'rsp', 'win')).status).toBe(200);
    const cheaper = (Math.round(Number(approvedPrice) * 100) - 1) / 100;
    const below = await create({
      Lines: [{ ProductCode: product.pn, ExecuteQuantity: 4, ExecutePrice: cheaper.toFixed(2) }],
    });
    expect(below.status).toBe(400);
    expect((await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 11 }] })).status).toBe(400);
    expect((await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 4 }] }, 'ccp')).status).toBe(
      404,
    );

    const first = await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 4 }] });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.results.ExecutionOrderNo).toMatch(/^ZX\d{12}$/);
    expect(first.body.results.Status).toBe('101');
    expect((await page(id)).body.results.Record.ExtSpecialPriceStatus_SDK).toBe('171');
    // Only the execution-order service records an execution: the workflow layer refuses a person.
    const bare = await t.post(
      '/workflow/decide',
      { workflow: 'specialPrice', ObjectID: id, command: 'execute', payload: {} },
      tokens.rsp,
    );
    expect(bare.status).toBe(403);
    expect((await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 7 }] })).status).toBe(400);
    const last = await create({ Lines: [{ ProductCode: product.pn, ExecuteQuantity: 6 }] });
    expect(last.status, last.body.message).toBe(200);
    const done = (await page(id)).body.results;
    expect(done.Record.ExtSpecialPriceStatus_SDK).toBe('181');
    expect(done.Lines[0].RemainingQuantity).toBe(0);
    expect(done.ExecutionOrders).toHaveLength(2);

    // Order entry draws the execution order down at its approved price (the orders module's form).
    const drawn = await sql<{ product_code: string; approved_price: string; approved_quantity: number }>`
      select product_code, approved_price::text, approved_quantity from execution_order_line
      where execution_order_id = ${first.body.results.ObjectID}`.execute(t.database.db);
    expect(drawn.rows).toEqual([
      { product_code: product.pn, approved_price: approvedPrice, approved_quantity: 4 },
    ]);
  });

  it('name their price’s deal only while it is a deal of their agent, and so does an order drawn on one', async () => {
    const { id, opp } = await approved();
    expect((await processApproval(id, 'rsp', 'win')).status).toBe(200);
    const db = t.database.db;
    const [own, other] = await Promise.all(
      [
        sql`select company_id from record where object_id = ${opp.id}`,
        sql`select company_id from employee
        where username = 'ccp'`,
      ].map(async (q) => (await q.execute(db)).rows[0] as { company_id: string }),
    );
    // The deal has since been registered to another agent (the desk corrected its registrant).
    const dealOf = (company: string) =>
      sql`update record set company_id = ${company}::uuid where object_id = ${opp.id}`.execute(db);
    const execute = () =>
      t.post(
        '/specialApproval/createExecutionOrder',
        { SpecialPriceID: id, Lines: [{ ProductCode: product.pn, ExecuteQuantity: 2 }] },
        tokens.rsp,
      );
    await dealOf(other.company_id);
    const refused = await execute();
    expect([refused.status, refused.body.field]).toEqual([400, 'OpportunityNo']);
    expect(refused.body.message).toMatch(/^报备编号：须为/);
    expect((await page(id)).body.results.ExecutionOrders ?? []).toEqual([]);

    await dealOf(own.company_id);
    const zx = await execute();
    expect(zx.status, zx.body.message).toBe(200);
    expect(zx.body.results.OpportunityNo).toBe(opp.no);

    // An order drawn on it carries its deal: not once the deal is another agent's.
    const order = () =>
      t.post(
        '/order/create',
        {
          ...orderForm('ordersSetup.specialAdd', rspName, product.pn, 1),
          ExecutionOrderNo: zx.body.results.ExecutionOrderNo,
          ContractNo: 'HT2026120301',
        },
        tokens.rsp,
      );
    await dealOf(other.company_id);
    const notTaken = await order();
    expect([notTaken.status, notTaken.body.field]).toEqual([400, 'OpportunityNo']);
    expect(notTaken.body.message).toMatch(/^报备编号：须为/);
    await dealOf(own.company_id);
    const taken = await order();
    expect(taken.status, taken.body.message).toBe(200);
    expect(taken.body.results.OpportunityNo).toBe(opp.no);
  });

  it('leave the price executed by what they took, and the books name a price that says otherwise', async () => {
    const { rows } = await sql<{ id: string; no: string }>`select l.object_id::text as id,
        r.data->>'ExtSpecialApprovalNo_SDK' as no
      from special_price_line l join record r on r.object_id = l.special_price_id
      where l.executed_quantity > 0 order by no limit 1`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    const key = 'specialPrices.executedIsExecutionLines';
    // One unit fewer executed than its execution orders took: 剩余 would offer that unit again.
    const found = await checkAfterCorruption(t.database.db, key, (trx) =>
      sql`update special_price_line set executed_quantity = executed_quantity - 1
        where object_id = ${rows[0].id}`.execute(trx),
    );
    expect(found.rows.map((r) => r.label)).toEqual([rows[0].no]);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(
  () => t,
  ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'specialPrices', 'system'],
);
