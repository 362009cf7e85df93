import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The depth bands that choose a special price's chain (docs/special-prices.md) are configuration on a
 * page of their own, kept by the administrator and the sales operations desk; a save that would let two
 * bands overlap or leave a depth without a chain is refused naming the field. The region level of the
 * chain waits for the region manager (JS019), who sees the provinces of its sales region only.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['rsp', 'province', 'region', 'ops'];
let product: { pn: string; StandardPrice: string };
let rspName = '';
let serial = 0;

type Band = { ObjectID: string; Version: number; MinDepth: number; Enabled: boolean } & Record<
  string,
  unknown
>;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of USERS) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  product = (await t.post('/product/getStandardPrice', { keyword: '', pageSize: 1 }, tokens.rsp)).body
    .results[0];
  const agent = await sql<{ name: string }>`select c.name from employee e join customer c
    on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const bands = async (who = 'ops') =>
  (await t.post('/specialPriceBand/search', { pageSize: 50 }, tokens[who])).body.results as Band[];
const bandAt = async (depth: number) => (await bands()).find((b) => b.MinDepth === depth && b.Enabled)!;
const save = (body: Record<string, unknown>, who = 'ops') =>
  t.post(
    body.ObjectID ? '/specialPriceBand/update' : '/specialPriceBand/create',
    { PageID: 'business.specialPriceBandDetail', ...body },
    tokens[who],
  );

/** A protected registration of the demo RSP in Jiangsu, and a special price on it at `percent`. */
async function requestAt(percent: number) {
  serial += 1;
  const created = await t.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: rspName,
      Name: `Band project ${serial}`,
      ExtOppCustomerName_SDK: `Band Hospital ${serial} ${Date.now()}`,
      ExtCustomerIndustry_SDK: '121',
      ProvinceName: 'Jiangsu',
      ProductLine: '101',
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '1200000.00',
      ExtEstimatedSalesAmountcontent_SDK: '980000.50',
      ExtEstimatedBidDate_SDK: '2027-01-20',
      ExtRequirementDesc_SDK: 'Rack servers',
    },
    tokens.rsp,
  );
  const id = created.body.results.ObjectID as string;
  await t.post(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
    tokens.rsp,
  );
  const fen = Math.floor((Math.round(Number(product.StandardPrice) * 100) * percent) / 100);
  const applied = await t.post(
    '/specialApproval/applyApproval',
    {
      OpportunityID: id,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'Competitor quoted lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [{ ProductCode: product.pn, Quantity: 10, RequestedPrice: (fen / 100).toFixed(2) }],
    },
    tokens.rsp,
  );
  expect(applied.status, applied.body.message).toBe(200);
  return applied.body.results.ObjectID as string;
}
const chainOf = async (id: string) =>
  (await t.post('/specialApproval/getOne', { ObjectID: id }, tokens.ops)).body.results.Chain as string[];

describe('the band page', () => {
  it('lists the default bands to sales operations and the administrator only', async () => {
    const listed = await bands();
    expect(listed.filter((b) => b.Enabled).map((b) => b.MinDepth)).toEqual(
      expect.arrayContaining([95, 90, 85, 0]),
    );
    expect((await bandAt(90)).secondRole).toBe('JS019');
    expect((await t.post('/specialPriceBand/search', {}, tokens.admin)).status).toBe(200);
    // The approvers the bands name do not set their own authority; an agent never sees them.
    for (const who of ['province', 'region', 'rsp'])
      expect((await t.post('/specialPriceBand/search', {}, tokens[who])).status, who).toBe(403);
    const byProvince = await t.post(
      '/specialPriceBand/update',
      { ObjectID: (await bandAt(95)).ObjectID, Version: 1, MinDepth: 80 },
      tokens.province,
    );
    expect(byProvince.status).toBe(403);
  });

  it('refuses overlapping bands, a gap below the lowest band and levels nobody can decide, naming the field', async () => {
    const twin = await save({ MinDepth: 90, firstRole: 'JS011', Enabled: true });
    expect(twin.status).toBe(400);
    expect(twin.body.field).toBe('MinDepth');
    expect(twin.body.message).toContain('90.00');

    const lowest = await bandAt(0);
    const raised = await save({ ObjectID: lowest.ObjectID, Version: lowest.Version, MinDepth: 5 });
    expect(raised.status).toBe(400);
    expect(raised.body.field).toBe('MinDepth');
    const disabled = await save({ ObjectID: lowest.ObjectID, Version: lowest.Version, Enabled: false });
    expect(disabled.status).toBe(400);
    expect(disabled.body.field).toBe('Enabled');
    const margin = await save({ ObjectID: lowest.ObjectID, Version: lowest.Version, MinMargin: 5 });
    expect(margin.status).toBe(400);
    expect(margin.body.field).toBe('MinMargin');

    const agent = await save({ MinDepth: 70, firstRole: 'JS011', secondRole: 'JS002', Enabled: true });
    expect(agent.body.field).toBe('secondRole');
    const skipped = await save({ MinDepth: 70, firstRole: 'JS011', thirdRole: 'JS017', Enabled: true });
    expect(skipped.body.field).toBe('secondRole');
    const fraction = await save({ MinDepth: 70.125, firstRole: 'JS011', Enabled: true });
    expect(fraction.body.field).toBe('MinDepth');
    // Nothing of the refused saves stayed.
    expect(
      (await bands())
        .filter((b) => b.Enabled)
        .map((b) => b.MinDepth)
        .sort(),
    ).toEqual([0, 85, 90, 95]);
  });

  it('decides the chain of the next submission: a band moved from 90 % to 92 % sends 91 % past the region manager', async () => {
    const before = await requestAt(91);
    expect(await chainOf(before)).toEqual(['JS011', 'JS019']);
    const region = await bandAt(90);
    const moved = await save({ ObjectID: region.ObjectID, Version: region.Version, MinDepth: 92 });
    expect(moved.status, moved.body.message).toBe(200);
    try {
      const after = await requestAt(91);
      expect(await chainOf(after)).toEqual(['JS011', 'JS019', 'JS013']);
      // A running request keeps the chain it was submitted with.
      expect(await chainOf(before)).toEqual(['JS011', 'JS019']);
    } finally {
      const current = await bandAt(92);
      await save({ ObjectID: current.ObjectID, Version: current.Version, MinDepth: 90 });
    }
  });
});

describe('the region manager', () => {
  it('sees the provinces of its sales region and decides the region level waiting for it', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/portal/user/province/codes',
      headers: { 'x-token': tokens.region },
    });
    const codes = answer.json().results as string[];
    // East China: Jiangsu, Zhejiang, Shanghai… but not Guangdong (South China).
    expect(codes).toEqual(expect.arrayContaining(['320000', '330000', '310000']));
    expect(codes).not.toContain('440000');
    const seen = await t.post('/opportunity/search', { pageSize: 100 }, tokens.region);
    expect(seen.status).toBe(200);
    expect(seen.body.totalSize).toBeGreaterThan(0);
    const provinces = await sql<{ code: string }>`select distinct province_code as code from record
      where resource = 'opportunity' and object_id::text in (${sql.join(
        (seen.body.results as { ObjectID: string }[]).map((r) => r.ObjectID),
      )})`.execute(t.database.db);
    expect(provinces.rows.map((r) => r.code).every((c) => codes.includes(c))).toBe(true);

    // The demo's request the province manager agreed to waits in the region manager's to-do lens.
    const awaiting = await t.post('/specialApproval/search', { AwaitingMe: 1, pageSize: 50 }, tokens.region);
    const waiting = awaiting.body.results as { ObjectID: string; ApprovalNode: string }[];
    expect(waiting.length).toBeGreaterThan(0);
    const agreed = await t.post(
      '/specialApproval/processApproval',
      { ObjectID: waiting[0].ObjectID, Command: 'agree' },
      tokens.region,
    );
    expect(agreed.status, agreed.body.message).toBe(200);
    expect(agreed.body.results.State).toBe('approved');
  });

  it('does not see a special price outside its sales region', async () => {
    const outside = await sql<{ id: string }>`update record set province_code = '440000'
      where object_id = (select object_id from record where resource = 'specialApproval'
        and data->>'ExtSpecialPriceStatus_SDK' = '151' order by created_at limit 1)
      returning object_id::text as id`.execute(t.database.db);
    const id = outside.rows[0].id;
    expect((await t.post('/specialApproval/getOne', { ObjectID: id }, tokens.region)).status).toBe(404);
    expect((await t.post('/specialApproval/getOne', { ObjectID: id }, tokens.ops)).status).toBe(200);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
