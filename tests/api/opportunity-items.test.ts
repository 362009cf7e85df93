import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An opportunity's products (docs/opportunities.md "Products of an opportunity"): its owner adds,
 * changes and removes them while it is open; another company's opportunity is not found, a closed one
 * refused naming its state, a product of another line or a bad quantity refused naming the field. The
 * product info report and the special-price form read them; agents never see a cost.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['rsp', 'ccp', 'province', 'ops'];
let serial = 0;
let rspName = '';

beforeAll(async () => {
  t = await startTestApp();
  for (const user of USERS) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const agent = await sql<{
    name: string;
  }>`select c.name from employee e join customer c on c.object_id = e.company_id
    where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user = 'rsp') => t.post(path, body, tokens[user]);

/** A protected rack-server registration of the RSP's. */
async function opportunity(protect = true) {
  serial += 1;
  const created = await post('/opportunity/create', {
    PageID: 'business.opportunityInfo',
    ExtOpportunitySource_SDK: '101',
    AgentName: rspName,
    Name: `Items project ${serial}`,
    ExtOppCustomerName_SDK: `Items Hospital ${serial} ${Date.now()}`,
    ExtCustomerIndustry_SDK: '121',
    ProvinceName: 'Jiangsu',
    ProductLine: '101',
    ExtOpportunityStage_SDK: '101',
    ExtBudgetAmount_SDK: '1200000.00',
    ExtEstimatedSalesAmountcontent_SDK: '980000.50',
    ExtEstimatedBidDate_SDK: '2027-01-20',
    ExtRequirementDesc_SDK: 'Rack servers',
  });
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  if (protect) {
    const submitted = await post('/workflow/decide', {
      workflow: 'opportunityRegistration',
      ObjectID: id,
      command: 'submit',
      payload: {},
    });
    expect(submitted.status, submitted.body.message).toBe(200);
  }
  return { id, no: created.body.results.ExtOpportunityNOText_SDK as string };
}

/** Products of a line from the picker's search. */
async function products(ProductLine: string, keyword = '') {
  const found = await post('/productLookup/search', { ProductLine, keyword, pageSize: 50 });
  expect(found.status, found.body.message).toBe(200);
  return found.body.results as {
    pn: string;
    StandardPrice: string;
    ProductLine: string | null;
    Configuration: boolean;
  }[];
}

const items = async (no: string, user = 'rsp') =>
  (await post('/opportunityItem/search', { ExtOpportunityNOText_SDK: no, pageSize: 100 }, user)).body
    .results as Record<string, unknown>[];

describe('the product search', () => {
  it('finds products by part number, model and line, with the standard price and never a cost', async () => {
    const servers = await products('101');
    expect(servers.length).toBeGreaterThan(3);
    expect(servers.every((p) => p.ProductLine === '101' || p.ProductLine === null)).toBe(true);
    const byModel = await products('', 'SR2200');
    expect(byModel.length).toBeGreaterThan(0);
    const byPn = await products('', servers[0].pn);
    expect(byPn.map((p) => p.pn)).toContain(servers[0].pn);
    for (const row of [...servers, ...byModel]) {
      expect(row).not.toHaveProperty('CostPrice');
      expect(JSON.stringify(row)).not.toMatch(/cost|margin/i);
    }
    const switches = await products('131');
    expect(switches.some((p) => p.pn === servers[0].pn)).toBe(false);
    expect((await post('/productLookup/search', { pageSize: 'many' })).status).toBe(400);
  });

  it("keeps to an opportunity's product line when named, and another company's opportunity is not found", async () => {
    const opp = await opportunity(false);
    const found = await post('/productLookup/search', { ExtOpportunityNOText_SDK: opp.no, pageSize: 50 });
    expect(found.status, found.body.message).toBe(200);
    const rows = found.body.results as { ProductLine: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.ProductLine === '101' || p.ProductLine === null)).toBe(true);
    expect((await post('/productLookup/search', { ExtOpportunityNOText_SDK: opp.no }, 'ccp')).status).toBe(
      404,
    );
  });
});

describe("an opportunity's products", () => {
  it('are added, changed and removed by the owner, and the report lists them', async () => {
    const opp = await opportunity();
    const [first, second, third] = (await products('101')).filter((p) => p.ProductLine === '101');
    for (const [p, quantity] of [
      [first, 3],
      [second, 5],
      [third, 1],
    ] as const) {
      const added = await post('/opportunityItem/create', {
        OpportunityID: opp.id,
        pn: p.pn,
        Quantity: quantity,
        ExpectedPrice: '1000.50',
      });
      expect(added.status, added.body.message).toBe(200);
      expect(added.body.results).toMatchObject({
        pn: p.pn,
        Quantity: quantity,
        StandardPrice: p.StandardPrice,
      });
    }
    const listed = await items(opp.no);
    expect(listed).toHaveLength(3);
    const report = await post('/opportunityItem/search', { ExtOpportunityNOText_SDK: opp.no }, 'province');
    expect(report.body.results).toHaveLength(3);

    const line = listed.find((l) => l.pn === second.pn)!;
    const changed = await post('/opportunityItem/modify', { ObjectID: line.ObjectID, Quantity: 7 });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.results.Quantity).toBe(7);

    // With bidders the line asks for a commitment letter: the report's letter cell offers the picker.
    const withBidders = await post('/opportunityItem/modify', { ObjectID: line.ObjectID, bidderQuantity: 4 });
    expect(withBidders.body.results).toMatchObject({ bidderQuantity: 4, commitmentLetterQuantity: '103' });
    expect(
      (await post('/opportunityItem/modify', { ObjectID: line.ObjectID, bidderQuantity: 100 })).status,
    ).toBe(400);

    const removed = await post('/opportunityItem/delete', { ids: [line.ObjectID] });
    expect(removed.status, removed.body.message).toBe(200);
    expect((await items(opp.no)).map((l) => l.pn).sort()).toEqual([first.pn, third.pn].sort());
  });

  it('takes a configuration with its sub-BOM lines, which follow its quantity and go with it', async () => {
    const opp = await opportunity();
    const config = (await products('101', 'CFG-SR2200G6')).find((p) => p.Configuration)!;
    const added = await post('/opportunityItem/create', {
      OpportunityID: opp.id,
      pn: config.pn,
      Quantity: 2,
    });
    expect(added.status, added.body.message).toBe(200);
    const parts = (await items(opp.no)).filter((l) => l.parentRelationship === config.pn);
    expect(parts.length).toBeGreaterThan(2);
    const single = Object.fromEntries(parts.map((p) => [p.pn, Number(p.Quantity) / 2]));
    const part = parts[0];
    // A part is changed with its configuration, not on its own.
    expect((await post('/opportunityItem/modify', { ObjectID: part.ObjectID, Quantity: 1 })).status).toBe(
      409,
    );
    expect(
      (await post('/opportunityItem/modify', { ObjectID: added.body.results.ObjectID, Quantity: 3 })).status,
    ).toBe(200);
    for (const p of (await items(opp.no)).filter((l) => l.parentRelationship === config.pn))
      expect(Number(p.Quantity)).toBe(single[String(p.pn)] * 3);
    expect((await post('/opportunityItem/delete', { ids: [added.body.results.ObjectID] })).status).toBe(200);
    expect(await items(opp.no)).toHaveLength(0);
  });

  it('refuses a bad quantity, a bad price, a product of another line and a product twice, naming the field', async () => {
    const opp = await opportunity();
    const [server] = (await products('101')).filter((p) => p.ProductLine === '101');
    const [aSwitch] = (await products('131')).filter((p) => p.ProductLine === '131');
    const add = (extra: Record<string, unknown>) =>
      post('/opportunityItem/create', { OpportunityID: opp.id, pn: server.pn, Quantity: 2, ...extra });
    for (const Quantity of [0, -1, 1.5, 'abc', 10_000_000]) {
      const refused = await add({ Quantity });
      expect(refused.status, String(Quantity)).toBe(400);
      expect(refused.body.message).toContain('数量');
    }
    const badPrice = await add({ ExpectedPrice: '12.345' });
    expect(badPrice.status).toBe(400);
    expect(badPrice.body.message).toContain('预计单价');
    const otherLine = await add({ pn: aSwitch.pn });
    expect(otherLine.status).toBe(400);
    expect(otherLine.body.message).toContain('物料编码');
    const unknown = await add({ pn: 'NO-SUCH-PN' });
    expect(unknown.status).toBe(400);
    expect((await add({})).status).toBe(200);
    const twice = await add({ Quantity: 4 });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain(server.pn);
    expect(await items(opp.no)).toHaveLength(1);
  });

  it('is not found for another company and refused to staff who do not own it', async () => {
    const opp = await opportunity();
    const [server] = (await products('101')).filter((p) => p.ProductLine === '101');
    const body = { OpportunityID: opp.id, pn: server.pn, Quantity: 2 };
    // The panel offers changes as the commands answer: to the owner only.
    const changeable = (who?: string) => post('/opportunityItem/changeable', { OpportunityID: opp.id }, who);
    expect((await changeable()).body.results).toEqual({ Changeable: true });
    expect((await changeable('province')).body.results).toEqual({ Changeable: false });
    expect((await changeable('ccp')).status).toBe(404);
    expect((await post('/opportunityItem/create', body, 'ccp')).status).toBe(404);
    expect((await post('/opportunityItem/create', body, 'province')).status).toBe(403);
    const added = await post('/opportunityItem/create', body);
    expect(added.status).toBe(200);
    const id = added.body.results.ObjectID;
    expect((await post('/opportunityItem/modify', { ObjectID: id, Quantity: 9 }, 'ccp')).status).toBe(404);
    expect((await post('/opportunityItem/delete', { ids: [id] }, 'ccp')).status).toBe(404);
    expect((await post('/opportunityItem/delete', { ids: [id] }, 'province')).status).toBe(403);
    expect(await items(opp.no)).toHaveLength(1);
    expect((await items(opp.no))[0].Quantity).toBe(2);
  });

  it('is refused on a closed opportunity, naming its state', async () => {
    const opp = await opportunity();
    const [server, other] = (await products('101')).filter((p) => p.ProductLine === '101');
    const added = await post('/opportunityItem/create', {
      OpportunityID: opp.id,
      pn: server.pn,
      Quantity: 2,
    });
    expect(added.status).toBe(200);
    const won = await post('/workflow/decide', {
      workflow: 'opportunityRegistration',
      ObjectID: opp.id,
      command: 'win',
      payload: { amount: '260000.00' },
    });
    expect(won.status, won.body.message).toBe(200);
    const refused = await post('/opportunityItem/create', {
      OpportunityID: opp.id,
      pn: other.pn,
      Quantity: 1,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('已成交');
    const asked = await post('/opportunityItem/changeable', { OpportunityID: opp.id });
    expect(asked.body.results, 'a closed deal offers no change').toEqual({ Changeable: false });
    const change = await post('/opportunityItem/modify', {
      ObjectID: added.body.results.ObjectID,
      Quantity: 5,
    });
    expect(change.status).toBe(409);
    expect((await post('/opportunityItem/delete', { ids: [added.body.results.ObjectID] })).status).toBe(409);
    expect(await items(opp.no)).toHaveLength(1);
  });
});

describe('a special price on the opportunity', () => {
  const request = (opportunityId: string, pn: string, standard: string) => ({
    OpportunityID: opportunityId,
    Brand: '101',
    ExtDueDate_SDK: '2026-12-20',
    ExtBidOpeningDate_SDK: '2030-01-10',
    ExtApplyReason_SDK: 'Competitor quoted lower',
    ExtChannelMargin_SDK: 'RSP 3 %',
    Lines: [{ ProductCode: pn, Quantity: 2, RequestedPrice: (Number(standard) * 0.97).toFixed(2) }],
  });

  it('asks for products of the opportunity or its line, and refuses another line naming the product code', async () => {
    const opp = await opportunity();
    const [server] = (await products('101')).filter((p) => p.ProductLine === '101');
    const [aSwitch] = (await products('131')).filter((p) => p.ProductLine === '131');
    const foreign = await post('/specialApproval/create', request(opp.id, aSwitch.pn, aSwitch.StandardPrice));
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain(aSwitch.pn);
    expect(foreign.body.message).toMatch(/产品编码|物料/);
    const own = await post('/specialApproval/create', request(opp.id, server.pn, server.StandardPrice));
    expect(own.status, own.body.message).toBe(200);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
