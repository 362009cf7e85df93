import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * 商机客户查询 and 客户信息报表 show the same strategic customer with the same figures, computed from
 * its opportunities: nothing kept on the customer can contradict them, and a registration that was
 * withdrawn or rejected is no part of the customer's pipeline.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
/** The company each agent's person registers for (an agent registers for its own company only). */
const companies: Record<string, string> = {};
const QUERY_PAGE = 'business.opportunityCustomerQuery';
const REPORT_PAGE = 'business.customerInfoReport';
const CUSTOMER = `南京市第九人民医院（账务${Date.now()}）`;
const LINE = '131';
// The figures both pages show for a customer.
const FIGURES = ['OpportunityCount', 'OpportunityAmount', 'LastFollowUpDate', 'AgentName'] as const;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'province', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  const own = await sql<{ username: string; name: string }>`select e.username, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username in ('rsp', 'ccp')`.execute(t.database.db);
  for (const row of own.rows) companies[row.username] = row.name;
  const created = await t.post(
    '/opportunityCustomer/create',
    {
      PageID: 'business.opportunityCustomerEdit',
      customerName: CUSTOMER,
      province: '江苏省',
      CityName: '南京市',
      industry: '121',
    },
    tokens.ops,
  );
  expect(created.status, created.body.message).toBe(200);
}, 120_000);
afterAll(() => t.close());

/** The customer's row as a page lists it: through the page's own resource, as the screen asks. */
async function rowOn(pageId: string, who = 'province') {
  const page = pageById(pageId);
  const { status, body } = await t.post(
    `/${page?.resource}/search`,
    { PageID: pageId, customerName: CUSTOMER, pageSize: 10 },
    tokens[who],
  );
  expect(status, body.message).toBe(200);
  const rows = (body.results as Record<string, unknown>[]).filter((r) => r.customerName === CUSTOMER);
  expect(rows).toHaveLength(1);
  return rows[0];
}
const figuresOn = async (pageId: string) => {
  const row = await rowOn(pageId);
  return Object.fromEntries(FIGURES.map((f) => [f, f === 'OpportunityAmount' ? Number(row[f]) : row[f]]));
};

const decide = (who: string, id: string, command: string, payload = {}) =>
  t.post(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: id, command, payload },
    tokens[who],
  );

async function register(who: string, amount: string) {
  const { status, body } = await t.post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: companies[who],
      Name: `Ward servers ${amount}`,
      ExtOppCustomerName_SDK: CUSTOMER,
      ExtCustomerIndustry_SDK: '121',
      ProvinceName: 'Jiangsu',
      ProductLine: LINE,
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '2000000.00',
      ExtEstimatedSalesAmountcontent_SDK: amount,
      ExtEstimatedBidDate_SDK: '2027-03-01',
      ExtRequirementDesc_SDK: 'Servers for the new ward',
    },
    tokens[who],
  );
  expect(status, body.message).toBe(200);
  return body.results.ObjectID as string;
}

describe('the opportunity customer figures', () => {
  it('are the same on 商机客户查询 and 客户信息报表, counted from the opportunities, whatever the customer kept', async () => {
    const protectedId = await register('rsp', '800000.25');
    expect((await decide('rsp', protectedId, 'submit')).body.results.State).toBe('protected');
    const progress = await decide('rsp', protectedId, 'recordProgress', { reason: 'Met the head of IT' });
    expect(progress.status, progress.body.message).toBe(200);
    await register('rsp', '199999.75');
    // A figure the customer record once kept beside its name, as the old demo rows did.
    await sql`update record set data = data || '{"OpportunityCount": 6, "OpportunityAmount": "2078027.96"}'::jsonb
      where resource = 'opportunityCustomer' and data->>'customerName' = ${CUSTOMER}`.execute(t.database.db);

    const shown = await figuresOn(QUERY_PAGE);
    expect(shown).toEqual(await figuresOn(REPORT_PAGE));
    const opportunity = await t.post('/opportunity/getOne', { ObjectID: protectedId }, tokens.rsp);
    const { ExtOpportunityNOText_SDK: number, AgentName: agent } = opportunity.body.results[0];
    const recorded = await t.post(
      '/oppMainProgress/search',
      { ExtOpportunityNOText_SDK: number },
      tokens.province,
    );
    expect(recorded.status, recorded.body.message).toBe(200);
    expect(shown).toEqual({
      OpportunityCount: 2,
      OpportunityAmount: 1000000,
      LastFollowUpDate: String(recorded.body.results[0]?.ProgressDate).slice(0, 10),
      AgentName: agent,
    });
  });

  it('are found by the query page’s filters and sorts', async () => {
    const { AgentName } = await rowOn(QUERY_PAGE);
    const filtered = await t.post(
      `/${pageById(QUERY_PAGE)?.resource}/search`,
      { PageID: QUERY_PAGE, AgentName, sort: '-OpportunityCount', pageSize: 100 },
      tokens.province,
    );
    expect(filtered.status, filtered.body.message).toBe(200);
    const rows = filtered.body.results as { customerName: string; OpportunityCount: number }[];
    expect(rows.map((r) => r.customerName)).toContain(CUSTOMER);
    const counts = rows.map((r) => r.OpportunityCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('do not change for a registration withdrawn, nor for one rejected in arbitration', async () => {
    const before = await figuresOn(QUERY_PAGE);

    const withdrawn = await register('rsp', '5000000.00');
    expect((await figuresOn(QUERY_PAGE)).OpportunityCount).toBe(Number(before.OpportunityCount) + 1);
    const withdrawal = await decide('rsp', withdrawn, 'withdraw', { reason: 'Entered twice' });
    expect(withdrawal.body.results?.State, withdrawal.body.message).toBe('withdrawn');
    expect(await figuresOn(QUERY_PAGE)).toEqual(before);

    // Another agent registers the same customer and line the first one protects: a conflict, which
    // counts while it waits, and the province manager keeps the first.
    const second = await register('ccp', '3000000.00');
    expect((await decide('ccp', second, 'submit')).body.results.State).toBe('conflict');
    expect((await figuresOn(QUERY_PAGE)).OpportunityCount).toBe(Number(before.OpportunityCount) + 1);
    const kept = await decide('province', second, 'keepFirst', { reason: 'Registered later' });
    expect(kept.body.results?.State, kept.body.message).toBe('rejected');

    expect(await figuresOn(QUERY_PAGE)).toEqual(before);
    expect(await figuresOn(REPORT_PAGE)).toEqual(before);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
