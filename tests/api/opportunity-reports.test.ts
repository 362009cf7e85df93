import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpportunityStatus } from '../../domain/codes/opportunities.codes';
import { endsWithBooksBalanced } from './books-kit';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * The opportunity reports are computed from the opportunities and their customers: a new opportunity
 * moves its customer's figures at once, and each caller sees only the opportunities of its scope.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const CUSTOMER = 'Report Test Metro Group';
/** The RSP's company, which its staff register for. */
let rspName = '';

const opportunity = (n: number, amount: string) => ({
  PageID: 'business.opportunityInfo',
  ExtOpportunitySource_SDK: '101',
  AgentName: rspName,
  Name: `Report test opportunity ${n}`,
  ExtOppCustomerName_SDK: CUSTOMER,
  ExtCustomerIndustry_SDK: '121',
  ProvinceName: 'Jiangsu',
  ProductLine: n === 1 ? '101' : '111',
  ExtOpportunityStage_SDK: '101',
  ExtBudgetAmount_SDK: '1200000.00',
  ExtEstimatedSalesAmountcontent_SDK: amount,
  ExtEstimatedBidDate_SDK: '2027-01-20',
  ExtRequirementDesc_SDK: 'Servers for the report test',
});

const customerRow = async (token: string) =>
  (await t.post('/opportunityCustomerReport/search', { customerName: CUSTOMER, pageSize: 10 }, token)).body
    .results[0];

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'city']) tokens[user] = await t.login(user, 'Demo@123456');
  const own = await sql<{ name: string }>`select c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = own.rows[0].name;
});
afterAll(() => t.close());

describe('the customer information report', () => {
  it('counts and sums a customer’s opportunities from the opportunities themselves', async () => {
    // A strategic customer as the customer data page keeps it (its rows come in by import).
    await sql`insert into record (resource, data, province_code)
      values ('opportunityCustomer', ${JSON.stringify({ customerName: CUSTOMER, province: '江苏省', industry: '121' })}::jsonb,
        '320000')`.execute(t.database.db);
    const empty = await customerRow(tokens.ops);
    expect([empty.OpportunityCount, empty.WonCount, Number(empty.OpportunityAmount)]).toEqual([0, 0, 0]);

    for (const [n, amount] of [
      [1, '980000.50'],
      [2, '19999.49'],
    ] as const)
      expect((await t.post('/opportunity/create', opportunity(n, amount), tokens.rsp)).status).toBe(200);
    const row = await customerRow(tokens.ops);
    expect([row.OpportunityCount, row.WonCount, Number(row.OpportunityAmount)]).toEqual([2, 0, 999999.99]);
  });

  it('lists every seeded customer with the figures of its own registrations, withdrawn and rejected aside', async () => {
    const { body } = await t.post('/opportunityCustomerReport/search', { pageSize: 100 }, tokens.ops);
    const ended = [OpportunityStatus.rejected, OpportunityStatus.withdrawn];
    const expected = await sql<{ name: string; n: number }>`select c.data->>'customerName' as name,
        (select count(*)::int from record r where r.resource = 'opportunity'
          and r.data->>'ExtOppCustomerName_SDK' = c.data->>'customerName'
          and r.data->>'ExtOpportunityStatus_SDK' not in (${sql.join(ended)})) as n
      from record c where c.resource = 'opportunityCustomer'`.execute(t.database.db);
    expect(body.totalSize).toBe(expected.rows.length);
    const byName = new Map(expected.rows.map((r) => [r.name, r.n]));
    // The demo's customers include the end customers of its registrations, so some count more than none.
    expect(body.results.some((row: { OpportunityCount: number }) => row.OpportunityCount > 0)).toBe(true);
    for (const row of body.results) expect(row.OpportunityCount).toBe(byName.get(row.customerName));
  });
});

describe('the opportunity information report', () => {
  it('is the opportunities the caller may see, no more and no fewer, and no agent’s', async () => {
    expect((await t.post('/opportunityReport/search', { pageSize: 1 }, tokens.rsp)).status).toBe(403);
    for (const user of ['ops', 'city']) {
      const report = await t.post('/opportunityReport/search', { pageSize: 1 }, tokens[user]);
      const list = await t.post('/opportunity/search', { pageSize: 1 }, tokens[user]);
      expect(report.body.state, report.body.message).toBe(true);
      expect(report.body.totalSize).toBe(list.body.totalSize);
    }
    const all = await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'opportunity'`.execute(t.database.db);
    expect((await t.post('/opportunityReport/search', { pageSize: 1 }, tokens.ops)).body.totalSize).toBe(
      all.rows[0].n,
    );
  });

  it('filters by stage as the list does', async () => {
    const report = await t.post(
      '/opportunityReport/search',
      { ExtOpportunityStage_SDK: '101', pageSize: 100 },
      tokens.ops,
    );
    expect(report.body.results.length).toBeGreaterThan(0);
    for (const row of report.body.results) expect(row.ExtOpportunityStage_SDK).toBe('101');
  });
});

describe('the opportunity report page', () => {
  it('sums the caller’s opportunities by stage, province and product line, as the list counts them', async () => {
    const { body } = await t.post('/opportunityReport/summary', {}, tokens.city);
    expect(body.state, body.message).toBe(true);
    const listed = async (filters: Record<string, string> = {}) =>
      (await t.post('/opportunityReport/search', { ...filters, pageSize: 1 }, tokens.city)).body.totalSize;
    // A rejected or withdrawn registration never was a deal: listed, but in no figure of the report.
    const noDeal =
      (await listed({ ExtOpportunityStatus_SDK: OpportunityStatus.rejected })) +
      (await listed({ ExtOpportunityStatus_SDK: OpportunityStatus.withdrawn }));
    const total = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
    for (const group of ['byStage', 'byProvince', 'byProductLine'])
      expect(total(body.results[group])).toBe((await listed()) - noDeal);
    const stage = body.results.byStage.find((r: { key: string }) => r.key === '101');
    const lead = { ExtOpportunityStage_SDK: '101' };
    const leadNoDeal =
      (await listed({ ...lead, ExtOpportunityStatus_SDK: OpportunityStatus.rejected })) +
      (await listed({ ...lead, ExtOpportunityStatus_SDK: OpportunityStatus.withdrawn }));
    expect(stage?.count ?? 0).toBe((await listed(lead)) - leadNoDeal);
  });

  it('filters by product line, refuses a malformed year, and is no agent’s', async () => {
    const line = await t.post('/opportunityReport/summary', { ProductLine: '111' }, tokens.ops);
    expect(line.body.results.byProductLine.map((r: { key: string }) => r.key)).toEqual(
      line.body.results.byProductLine.length ? ['111'] : [],
    );
    const year = await t.post('/opportunityReport/summary', { Year: '20x6' }, tokens.ops);
    expect([year.status, year.body.message]).toEqual([400, expect.stringContaining(labelFor('Year'))]);
    expect((await t.post('/opportunityReport/summary', {}, tokens.rsp)).status).toBe(403);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
