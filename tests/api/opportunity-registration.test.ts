import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/calendar-days';
import { runJobOnce } from '../../server/jobs/job-handlers';
import { opportunityProtection } from '../../server/opportunities/opportunity-protection.job';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * Opportunity registration and protection (DOMAIN.md "Opportunities"): create per procurement method,
 * first-to-register wins, arbitration, one extension, the daily job, owner change, scope, roles,
 * versions and the stage never contradicting the status.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const USERS = ['rsp', 'ccp', 'city', 'province', 'channel', 'finance'];
const FORM = 'business.opportunityInfo';
const WORKFLOW = 'opportunityRegistration';
let serial = 0;
/** The RSP's company: staff register deals for it (an agent's own registrations are its company's). */
let agentName: string;
/** The CCP's company, which its staff register for. */
let ccpName: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of USERS) tokens[user] = await t.login(user, 'Demo@123456');
  const { rows } = await sql<{ name: string }>`select c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'rsp'`.execute(t.database.db);
  agentName = rows[0].name;
  const ccp = await sql<{ name: string }>`select c.name from customer c
    join employee e on e.company_id = c.object_id where e.username = 'ccp'`.execute(t.database.db);
  ccpName = ccp.rows[0].name;
}, 120_000);
afterAll(() => t.close());

/** A registration form as a person fills it in; each gets an end customer of its own. */
function form(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    PageID: FORM,
    ExtOpportunitySource_SDK: '101',
    AgentName: agentName,
    Name: `Data centre expansion ${serial}`,
    ExtOppCustomerName_SDK: `Test Hospital No. ${serial}`,
    ExtCustomerIndustry_SDK: '121',
    ProvinceName: 'Jiangsu',
    ProductLine: '101',
    ExtOpportunityStage_SDK: '101',
    ExtBudgetAmount_SDK: '1200000.00',
    ExtEstimatedSalesAmountcontent_SDK: '980000.50',
    ExtEstimatedBidDate_SDK: '2027-01-20',
    ExtRequirementDesc_SDK: 'Forty rack servers and two storage arrays',
    ...overrides,
  };
}

async function create(user: string, overrides: Record<string, unknown> = {}) {
  const { status, body } = await t.post('/opportunity/create', form(overrides), tokens[user]);
  expect(status, body.message).toBe(200);
  return body.results as Record<string, any>;
}
const getOne = async (user: string, id: string) =>
  (await t.post('/opportunity/getOne', { ObjectID: id }, tokens[user])).body.results?.[0] as Record<
    string,
    any
  >;
const decide = (user: string, id: string, command: string, payload = {}, version?: number) =>
  t.post(
    '/workflow/decide',
    { workflow: WORKFLOW, ObjectID: id, command, payload, ...(version ? { WorkflowVersion: version } : {}) },
    tokens[user],
  );
async function registered(user: string, overrides: Record<string, unknown> = {}) {
  const created = await create(user, overrides);
  const submitted = await decide(user, created.ObjectID, 'submit');
  expect(submitted.status, submitted.body.message).toBe(200);
  return {
    id: created.ObjectID as string,
    no: created.ExtOpportunityNOText_SDK as string,
    view: submitted.body.results,
  };
}
const runJob = (daysAhead: number) =>
  runJobOnce(t.database.db, opportunityProtection, new Date(Date.now() + daysAhead * 86_400_000));

describe('registering an opportunity', () => {
  it('creates under every procurement method without a tender number, numbered BB and in draft', async () => {
    for (const method of ['101', '111', '121', '131', '141', '151', '161', '171']) {
      const record = await create('rsp', { ExtProcurementMethod_SDK: method });
      expect(record.ExtOpportunityNOText_SDK).toMatch(/^BB\d{12}$/);
      expect(record.ExtOpportunityStatus_SDK).toBe('101');
    }
  });

  it('refuses a missing required field by its label, and a stage a draft cannot have', async () => {
    const missing = await t.post('/opportunity/create', form({ ExtOppCustomerName_SDK: '' }), tokens.rsp);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('最终用户名称');
    const won = await t.post('/opportunity/create', form({ ExtOpportunityStage_SDK: '151' }), tokens.rsp);
    expect(won.status).toBe(400);
    expect(won.body.message).toContain('商机阶段');
  });

  it('asks a bid result for the tender number only on a tender', async () => {
    const tender = await create('city', { ExtProcurementMethod_SDK: '101' });
    const direct = await create('city', { ExtProcurementMethod_SDK: '171' });
    const result = (r: Record<string, any>) => ({
      PageID: 'business.maintainBidResults',
      ObjectID: r.ObjectID,
      Version: r.Version,
      ExtProjectResults_SDK: '111',
    });
    const refused = await t.post('/opportunity/update', result(tender), tokens.city);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('招标编号');
    expect((await t.post('/opportunity/update', result(direct), tokens.city)).status).toBe(200);
  });
});

describe('protection, conflict and arbitration', () => {
  it('protects the first registration for 90 days and holds the second of the same customer and line', async () => {
    const customer = { ExtOppCustomerName_SDK: 'Nanjing Test Water Group', ProductLine: '111' };
    const first = await registered('rsp', customer);
    expect(first.view.State).toBe('protected');
    const record = await getOne('rsp', first.id);
    expect(record.ExtOpportunityStatus_SDK).toBe('141');
    const today = new Date().toISOString().slice(0, 10);
    expect([addDays(today, 89), addDays(today, 90), addDays(today, 91)]).toContain(
      record.ExtProtectionEndDate_SDK,
    );

    // The same customer written otherwise is the same customer.
    const second = await registered('city', {
      ...customer,
      ExtOppCustomerName_SDK: ' nanjing test  water group',
    });
    expect(second.view.State).toBe('conflict');
    expect((await getOne('city', second.id)).ExtConflictWith_SDK).toBe(first.no);
    // The province manager finds it among what awaits them.
    const inbox = await t.post('/opportunity/searchApproval', { pageSize: 100 }, tokens.province);
    expect(inbox.body.results.map((r: any) => r.ObjectID)).toContain(second.id);

    // Only the province manager arbitrates: the agent is told whose step it is.
    const byAgent = await decide('city', second.id, 'award');
    expect(byAgent.status).toBe(403);
    const awarded = await decide('province', second.id, 'award');
    expect(awarded.body.results.State).toBe('protected');
    expect((await getOne('province', first.id)).ExtOpportunityStatus_SDK).toBe('181');

    // A third one now collides with the winner, and keeping the first rejects it with a reason.
    const third = await registered('ccp', { ...customer, AgentName: ccpName });
    expect(third.view.State).toBe('conflict');
    expect((await decide('province', third.id, 'keepFirst', { reason: ' ' })).status).toBe(400);
    const kept = await decide('province', third.id, 'keepFirst', { reason: 'Registered later' });
    expect(kept.body.results.State).toBe('rejected');
    expect((await getOne('city', second.id)).ExtOpportunityStatus_SDK).toBe('141');
  });

  it('lets two registrations racing for one customer and line protect exactly one', async () => {
    const customer = { ExtOppCustomerName_SDK: 'Suzhou Race Clinic', ProductLine: '121' };
    const [a, b] = [await create('rsp', customer), await create('city', customer)];
    const outcomes = await Promise.all([
      decide('rsp', a.ObjectID, 'submit'),
      decide('city', b.ObjectID, 'submit'),
    ]);
    expect(outcomes.map((o) => o.body.results.State).sort()).toEqual(['conflict', 'protected']);
  });
});

describe('a protection over time', () => {
  it('extends once by the configured days, and refuses a second extension', async () => {
    const { id } = await registered('rsp');
    const before = await getOne('rsp', id);
    expect((await decide('rsp', id, 'extend', { reason: 'Tender postponed' })).status).toBe(403);
    const extended = await decide('province', id, 'extend', {
      reason: 'Tender postponed',
      protectedUntil: '2099-01-01',
    });
    expect(extended.status).toBe(200);
    const after = await getOne('rsp', id);
    expect(after.ExtProtectionEndDate_SDK).toBe(addDays(before.ExtProtectionEndDate_SDK, 90));
    expect(after.ExtExtensionCount_SDK).toBe(1);
    const again = await decide('province', id, 'extend', { reason: 'Once more' });
    expect(again.status).toBe(409);
  });

  it('is marked at risk by the daily job after 30 days without progress, and expires after its end', async () => {
    const quiet = await registered('city');
    const busy = await registered('city');
    await runJob(31);
    expect((await getOne('city', quiet.id)).ExtOpportunityStatus_SDK).toBe('151');
    // A progress record puts it back in good standing and lands on the progress list.
    const progress = await decide('city', quiet.id, 'recordProgress', { reason: 'Demo for the IT director' });
    expect(progress.body.results.State).toBe('protected');
    const listed = await t.post(
      '/oppMainProgress/search',
      { ExtOpportunityNOText_SDK: quiet.no },
      tokens.city,
    );
    expect(listed.body.results[0]?.ProgressContent).toBe('Demo for the IT director');
    // Reading a list decides nothing: only the job expires.
    expect((await getOne('city', busy.id)).ExtOpportunityStatus_SDK).toBe('151');
    await runJob(92);
    expect((await getOne('city', busy.id)).ExtOpportunityStatus_SDK).toBe('171');
    // The customer and line are open again.
    const busyRecord = await getOne('city', busy.id);
    const again = await registered('rsp', {
      ExtOppCustomerName_SDK: busyRecord.ExtOppCustomerName_SDK,
      ProductLine: busyRecord.ProductLine,
    });
    expect(again.view.State).toBe('protected');
  });
});

describe('owner', () => {
  it('is the caller’s own company when an agent registers; another company’s name is refused', async () => {
    const created = await create('ccp', { AgentName: ccpName });
    expect(created.AgentName).toBe(ccpName);
    // The RSP supplying the CCP is another company: the CCP registers for itself only.
    const other = await t.post('/opportunity/create', form({ AgentName: agentName }), tokens.ccp);
    expect([other.status, other.body.field]).toEqual([400, 'AgentName']);
  });

  it('is the agent a city manager registers for, who then reads the deal and adds progress to it', async () => {
    const { id } = await registered('city');
    const seen = await getOne('rsp', id);
    expect(seen?.AgentName).toBe(agentName);
    const progress = await decide('rsp', id, 'recordProgress', { reason: 'Met the buyer' });
    expect(progress.status, progress.body.message).toBe(200);
  });

  it('must be an active agent of the province: an invented or far-away name is refused, naming the field', async () => {
    const far = await sql<{ name: string }>`select name from customer
      where customer_type = '111' and province_code <> '320000' limit 1`.execute(t.database.db);
    for (const name of ['火星代理有限公司', far.rows[0].name]) {
      const answer = await t.post('/opportunity/create', form({ AgentName: name }), tokens.city);
      expect([answer.status, answer.body.message]).toEqual([400, expect.stringContaining('合作中的代理商')]);
    }
  });

  it('is not changed by editing the registration, only by a transfer', async () => {
    const created = await create('city');
    const answer = await t.post(
      '/opportunity/update',
      { PageID: FORM, ObjectID: created.ObjectID, Version: created.Version, AgentName: '火星代理有限公司' },
      tokens.city,
    );
    expect([answer.status, answer.body.message]).toEqual([400, expect.stringContaining('商机转移')]);
    expect((await getOne('city', created.ObjectID)).AgentName).toBe(agentName);
  });
});

describe('owner change', () => {
  it('moves a protected opportunity to another agent and keeps the protection end, logged', async () => {
    const { id, no } = await registered('rsp');
    const before = await getOne('channel', id);
    const agents = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
      where customer_type = '111' and status = '161' and province_code = '320000'
        and object_id <> (select company_id from employee where username = 'rsp') order by name limit 1`.execute(
      t.database.db,
    );
    const agent = agents.rows[0];
    const change = { ObjectID: id, Version: before.Version, AgentID: agent.id, ChangeReason: '111' };
    expect((await t.post('/opportunity/changeOwner', change, tokens.city)).status).toBe(403);
    const changed = await t.post('/opportunity/changeOwner', change, tokens.channel);
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.results.AgentName).toBe(agent.name);
    expect(changed.body.results.ExtProtectionEndDate_SDK).toBe(before.ExtProtectionEndDate_SDK);
    expect((await t.post('/opportunity/changeOwner', change, tokens.channel)).status).toBe(409);
    // The old owner no longer sees it; the change is on the owner-change list.
    expect((await t.post('/opportunity/getOne', { ObjectID: id }, tokens.rsp)).status).toBe(404);
    const log = await t.post(
      '/opportunityOwnerChange/search',
      { ExtOpportunityNOText_SDK: no },
      tokens.channel,
    );
    expect(log.body.results[0]).toMatchObject({ NewOwnerName: agent.name, ChangeReason: '111' });
  });
});

describe('scope, roles and versions', () => {
  it('hides another company’s opportunity (404) and refuses a role without the pages (403)', async () => {
    const { id } = await registered('rsp');
    expect((await t.post('/opportunity/getOne', { ObjectID: id }, tokens.ccp)).status).toBe(404);
    expect((await decide('ccp', id, 'win')).status).toBe(404);
    expect((await decide('finance', id, 'win')).status).toBe(403);
    expect((await t.post('/eOppObjectIDRoot/getOne', { ObjectID: id }, tokens.ccp)).status).toBe(404);
    const mine = await t.post('/opportunityV2/opportunityWithRelationship', { ObjectID: id }, tokens.rsp);
    expect(mine.body.results).toMatchObject({ ObjectID: id, Items: [], Progress: [] });
  });

  it('answers the opportunity customer and sales area calls of SPEC §7', async () => {
    const customers = await t.post('/opportunityCustomer/searchPage', { pageSize: 5 }, tokens.province);
    expect(customers.body.totalSize).toBeGreaterThan(0);
    const first = customers.body.results[0];
    const picked = await t.post(
      '/opportunityCustomer/getCustomers',
      { keyword: first.customerName },
      tokens.province,
    );
    expect(picked.body.results[0]).toMatchObject({
      ObjectID: first.ObjectID,
      customerName: first.customerName,
    });
    const modify = (version: number) =>
      t.post(
        '/opportunityCustomer/modify',
        {
          PageID: 'business.opportunityCustomerData',
          ObjectID: first.ObjectID,
          Version: version,
          director: 'Zhou',
        },
        tokens.province,
      );
    expect((await modify(first.Version + 5)).status).toBe(409);
    expect((await modify(first.Version)).body.results.director).toBe('Zhou');
    const areas = await t.post('/h3cSalesArea/searchPage', { pageSize: 5 }, tokens.province);
    expect(areas.status).toBe(200);
    expect(Array.isArray(areas.body.results)).toBe(true);
  });

  it('refuses a stale version with 409, on a form and on a decision', async () => {
    const { id } = await registered('rsp');
    const record = await getOne('rsp', id);
    const edit = { PageID: FORM, ObjectID: id, Version: record.Version, ExtRequirementDesc_SDK: 'Updated' };
    expect((await t.post('/opportunity/update', edit, tokens.rsp)).status).toBe(200);
    expect((await t.post('/opportunity/update', edit, tokens.rsp)).status).toBe(409);
    const options = await t.post('/workflow/options', { workflow: WORKFLOW, ObjectID: id }, tokens.rsp);
    const version = options.body.results.WorkflowVersion;
    expect((await decide('rsp', id, 'recordProgress', { reason: 'Met the buyer' }, version)).status).toBe(
      200,
    );
    expect((await decide('rsp', id, 'win', { amount: '950000.00' }, version)).status).toBe(409);
  });

  it('keeps stage and status consistent: won by winning, never won once released', async () => {
    const { id } = await registered('rsp');
    const record = await getOne('rsp', id);
    const stage = (value: string, version: number) =>
      t.post(
        '/opportunity/update',
        { PageID: FORM, ObjectID: id, Version: version, ExtOpportunityStage_SDK: value },
        tokens.rsp,
      );
    expect((await stage('151', record.Version)).status).toBe(400);
    expect((await stage('141', record.Version)).status).toBe(200);
    await decide('channel', id, 'release', { reason: 'No updates from the agent' });
    const released = await getOne('rsp', id);
    expect(released.ExtOpportunityStatus_SDK).toBe('181');
    expect((await stage('151', released.Version)).status).toBe(400);

    const winner = await registered('rsp');
    await decide('rsp', winner.id, 'win', { amount: '950000.00' });
    expect(await getOne('rsp', winner.id)).toMatchObject({
      ExtOpportunityStatus_SDK: '191',
      ExtOpportunityStage_SDK: '151',
    });
    // No seeded or created opportunity contradicts itself.
    const contradictions = await sql<{ n: number }>`select count(*)::int as n from record
      where resource = 'opportunity' and case data->>'ExtOpportunityStatus_SDK'
        when '191' then data->>'ExtOpportunityStage_SDK' <> '151'
        when '201' then data->>'ExtOpportunityStage_SDK' not in ('161', '171')
        else data->>'ExtOpportunityStage_SDK' = '151' end`.execute(t.database.db);
    expect(contradictions.rows[0].n).toBe(0);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
