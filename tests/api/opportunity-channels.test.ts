import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The agents of a deal (商机渠道管理; docs/opportunities.md, the table of what a channel sales team asked
 * for): the registering agent is listed with its channel type; the owner or vendor staff of the deal's scope add agents with their
 * role (RSP, CSP, ASP, CCP), change it and remove them while the deal is open. The attacker's tries —
 * another company's deal, an agent outside the caller's reach, a role not of the dictionary, the same
 * agent twice, a closed deal — are refused naming the field, and an added agent gets no view of the deal.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let serial = 0;
const company = { rsp: { id: '', name: '' }, ccp: { id: '', name: '' } };
/** An active agent of Jiangsu that is neither demo agent, and one of another province. */
const agents = { jiangsu: { id: '', name: '' }, far: { id: '', name: '' } };

const ACTIVE = sql`('161', '171')`;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ccp', 'province', 'gd']) tokens[user] = await t.login(user, 'Demo@123456');
  const db = t.database.db;
  for (const user of ['rsp', 'ccp'] as const) {
    const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name
      from employee e join customer c on c.object_id = e.company_id where e.username = ${user}`.execute(db);
    company[user] = row.rows[0];
  }
  const near = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where province_code = '320000' and status in ${ACTIVE} and customer_type in ('101', '111', '121')
      and object_id not in (${company.rsp.id}, ${company.ccp.id})
      and parent_id is distinct from ${company.rsp.id}::uuid order by name limit 1`.execute(db);
  const far = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where province_code <> '320000' and status in ${ACTIVE} and customer_type in ('101', '111', '121')
    order by name limit 1`.execute(db);
  agents.jiangsu = near.rows[0];
  agents.far = far.rows[0];
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user = 'rsp', lang: 'zh' | 'en' = 'zh') =>
  t.post(path, body, tokens[user], lang === 'en' ? { 'accept-language': 'en' } : {});

/** A submitted (protected) registration of a demo agent's own. */
async function deal(user: 'rsp' | 'ccp' = 'rsp') {
  serial += 1;
  const created = await post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: company[user].name,
      Name: `Channel project ${serial}`,
      ExtOppCustomerName_SDK: `Channel Hospital ${serial} ${Date.now()}`,
      ExtCustomerIndustry_SDK: '121',
      ProvinceName: 'Jiangsu',
      ProductLine: '101',
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '600000.00',
      ExtEstimatedSalesAmountcontent_SDK: '500000.00',
      ExtEstimatedBidDate_SDK: '2027-03-20',
      ExtRequirementDesc_SDK: 'Servers with a partner',
    },
    user,
  );
  expect(created.status, created.body.message).toBe(200);
  const id = created.body.results.ObjectID as string;
  const submitted = await post(
    '/workflow/decide',
    { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
    user,
  );
  expect(submitted.status, submitted.body.message).toBe(200);
  return { id, no: created.body.results.ExtOpportunityNOText_SDK as string };
}

/** An agent the caller adds to the deal, as a test's set-up: the add must go through. */
async function addAgent(opportunityId: string, agentName: string, role: string, user = 'rsp') {
  const added = await post(
    '/opportunityParticipant/create',
    { OpportunityID: opportunityId, AgentName: agentName, ParticipantRole: role },
    user,
  );
  expect(added.status, added.body.message).toBe(200);
  return added.body.results as { ObjectID: string; ParticipantRole: string };
}

/** An add the server refuses as wrong input, its message naming the field by its label in that language. */
async function refusedNaming(
  label: string,
  body: Record<string, unknown>,
  user = 'rsp',
  lang: 'zh' | 'en' = 'zh',
) {
  const refused = await post('/opportunityParticipant/create', body, user, lang);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain(label);
  return refused.body.message as string;
}

/** The owner records the deal as won, which closes it. */
async function win(opportunityId: string) {
  const won = await post('/workflow/decide', {
    workflow: 'opportunityRegistration',
    ObjectID: opportunityId,
    command: 'win',
    payload: { amount: '420000.00' },
  });
  expect(won.status, won.body.message).toBe(200);
}

/** The agents of a deal as 商机渠道管理 lists them for a vendor user of its province. */
const listed = async (no: string, user = 'province') => {
  const found = await post(
    '/opportunityParticipant/search',
    { ExtOpportunityNOText_SDK: no, pageSize: 50 },
    user,
  );
  expect(found.status, found.body.message).toBe(200);
  return found.body.results as Record<string, unknown>[];
};

describe("a deal's agents", () => {
  it('list the registering agent; the owner and vendor staff add, re-role and remove agents', async () => {
    const opp = await deal();
    const [registrant] = await listed(opp.no);
    expect(registrant).toMatchObject({
      AgentName: company.rsp.name,
      ParticipantRole: 'RSP',
      Registrant: true,
    });

    // The owner names the CCP it supplies, as a city agent of the deal.
    const byOwner = await addAgent(opp.id, company.ccp.name, 'CCP');
    // The province manager adds another agent of the province by the picker's number and name.
    const byStaff = await post(
      '/opportunityParticipant/create',
      { ExtOpportunityNOText_SDK: opp.no, AgentName: agents.jiangsu.name, ParticipantRole: 'CSP' },
      'province',
    );
    expect(byStaff.status, byStaff.body.message).toBe(200);
    const roles = Object.fromEntries((await listed(opp.no)).map((r) => [r.AgentName, r.ParticipantRole]));
    expect(roles).toEqual({
      [company.rsp.name]: 'RSP',
      [company.ccp.name]: 'CCP',
      [agents.jiangsu.name]: 'CSP',
    });

    const rerole = await post('/opportunityParticipant/modify', {
      ObjectID: byStaff.body.results.ObjectID,
      ParticipantRole: 'ASP',
    });
    expect(rerole.status, rerole.body.message).toBe(200);
    expect(rerole.body.results.ParticipantRole).toBe('ASP');
    // The form's save (the engine's update) changes the role too.
    const saved = await post(
      '/opportunityParticipant/update',
      { ObjectID: byOwner.ObjectID, AgentName: company.ccp.name, ParticipantRole: 'ASP' },
      'province',
    );
    expect(saved.status, saved.body.message).toBe(200);
    const removed = await post('/opportunityParticipant/delete', { ids: [byOwner.ObjectID] });
    expect(removed.status, removed.body.message).toBe(200);
    const after = Object.fromEntries((await listed(opp.no)).map((r) => [r.AgentName, r.ParticipantRole]));
    expect(after).toEqual({ [company.rsp.name]: 'RSP', [agents.jiangsu.name]: 'ASP' });
    // The opportunity's page lists them, the registering agent first, for whoever sees the deal.
    const onPage = await post('/opportunityParticipant/ofOpportunity', { OpportunityID: opp.id });
    expect(onPage.status, onPage.body.message).toBe(200);
    expect(onPage.body.results.rows).toMatchObject([
      { AgentName: company.rsp.name, ParticipantRole: 'RSP', Registrant: true },
      { AgentName: agents.jiangsu.name, ParticipantRole: 'ASP', Registrant: false },
    ]);
    expect(
      (await post('/opportunityParticipant/ofOpportunity', { OpportunityID: opp.id }, 'ccp')).status,
    ).toBe(404);
  });

  it('refuse a role not of the dictionary, the same agent twice and an agent swapped in, naming the field', async () => {
    const opp = await deal();
    for (const [lang, label] of [
      ['zh', '交易角色'],
      ['en', 'Role in the deal'],
    ] as const) {
      const ccp = { OpportunityID: opp.id, AgentName: company.ccp.name };
      await refusedNaming(label, { ...ccp, ParticipantRole: 'XSP' }, 'rsp', lang);
      await refusedNaming(label, ccp, 'rsp', lang);
    }
    const first = await addAgent(opp.id, company.ccp.name, 'CCP');
    for (const [lang, label] of [
      ['zh', '参与代理商'],
      ['en', 'Agent taking part'],
    ] as const) {
      const twice = { OpportunityID: opp.id, AgentID: company.ccp.id, ParticipantRole: 'ASP' };
      await refusedNaming(label, twice, 'rsp', lang);
      const registrant = { OpportunityID: opp.id, AgentName: company.rsp.name, ParticipantRole: 'CSP' };
      await refusedNaming(label, registrant, 'rsp', lang);
    }
    const swapped = await post(
      '/opportunityParticipant/update',
      { ObjectID: first.ObjectID, AgentName: agents.jiangsu.name, ParticipantRole: 'CCP' },
      'province',
    );
    expect(swapped.status).toBe(400);
    expect(swapped.body.message).toContain('参与代理商');
    // The registering agent is the deal's owner: not re-roled nor removed here.
    const [owner] = (await listed(opp.no)).filter((r) => r.Registrant === true);
    expect(
      (await post('/opportunityParticipant/modify', { ObjectID: owner.ObjectID, ParticipantRole: 'CSP' }))
        .status,
    ).toBe(409);
    expect((await post('/opportunityParticipant/delete', { ids: [owner.ObjectID] })).status).toBe(409);
    expect(await listed(opp.no)).toHaveLength(2);
  });

  it("refuse an agent outside the caller's reach, naming it and nothing of the company", async () => {
    const opp = await deal();
    // An agent's staff name their own company or a CCP they supply; vendor staff an agent of their scope.
    for (const [user, agent] of [
      ['rsp', agents.jiangsu],
      ['rsp', agents.far],
      ['province', agents.far],
    ] as const) {
      for (const body of [{ AgentName: agent.name }, { AgentID: agent.id }]) {
        const refused = { OpportunityID: opp.id, ParticipantRole: 'CSP', ...body };
        expect(await refusedNaming('Agent taking part', refused, user, 'en')).not.toContain(agent.name);
      }
    }
    await refusedNaming('参与代理商', {
      OpportunityID: opp.id,
      AgentName: 'No Such Agent Ltd',
      ParticipantRole: 'CSP',
    });
    expect(await listed(opp.no)).toHaveLength(1);
  });

  it("is not another company's to change: its deal is not found, and an added agent is given no view of it", async () => {
    const opp = await deal('ccp');
    const { ObjectID: id } = await addAgent(opp.id, agents.jiangsu.name, 'CSP', 'province');
    // The RSP supplying the CCP reads the CCP's deal but does not keep its agents; the GD does not see it.
    for (const [user, denied] of [
      ['rsp', [404]],
      ['gd', [403, 404]],
    ] as const) {
      const body = { OpportunityID: opp.id, AgentName: company.rsp.name, ParticipantRole: 'RSP' };
      expect(denied).toContain((await post('/opportunityParticipant/create', body, user)).status);
      const modify = await post(
        '/opportunityParticipant/modify',
        { ObjectID: id, ParticipantRole: 'ASP' },
        user,
      );
      expect(denied).toContain(modify.status);
      expect(denied).toContain((await post('/opportunityParticipant/delete', { ids: [id] }, user)).status);
    }
    // Taking part is no permission: the added agent's staff would read the deal only through their scope.
    const visible = await sql<{ n: number }>`select count(*)::int as n from opportunity_participant
      where data->>'opportunityId' = ${opp.id} and company_id::text = ${agents.jiangsu.id}`.execute(
      t.database.db,
    );
    expect(visible.rows[0].n).toBe(0);
    expect((await listed(opp.no)).map((r) => r.ParticipantRole).sort()).toEqual(['CCP', 'CSP']);
  });

  it("tells the deal's page whether the caller keeps its agents, by the rule the commands apply", async () => {
    const keeps = async (id: string, user: string) => {
      const answer = await post('/opportunityParticipant/ofOpportunity', { OpportunityID: id }, user);
      return answer.status === 200 ? (answer.body.results.canKeep as boolean) : answer.status;
    };
    const opp = await deal();
    // The owner and the province's manager keep them; another agent does not find the deal.
    expect(await keeps(opp.id, 'rsp')).toBe(true);
    expect(await keeps(opp.id, 'province')).toBe(true);
    expect(await keeps(opp.id, 'ccp')).toBe(404);
    // The RSP reads the deal of the CCP it supplies, but keeps none of its agents — nor may it add one.
    const ccpDeal = await deal('ccp');
    expect(await keeps(ccpDeal.id, 'ccp')).toBe(true);
    expect(await keeps(ccpDeal.id, 'rsp')).toBe(false);
    const body = { OpportunityID: ccpDeal.id, AgentName: company.rsp.name, ParticipantRole: 'RSP' };
    expect((await post('/opportunityParticipant/create', body, 'rsp')).status).toBe(404);
    // Once the deal is won, nobody keeps them, as the commands refuse.
    await win(opp.id);
    expect(await keeps(opp.id, 'rsp')).toBe(false);
    expect(await keeps(opp.id, 'province')).toBe(false);
    const late = { OpportunityID: opp.id, AgentName: company.ccp.name, ParticipantRole: 'CCP' };
    expect((await post('/opportunityParticipant/create', late)).status).toBe(409);
  });

  it('is kept only while the deal is open, naming its state', async () => {
    const opp = await deal();
    const { ObjectID: id } = await addAgent(opp.id, company.ccp.name, 'CCP');
    await win(opp.id);
    const late = await post(
      '/opportunityParticipant/create',
      { OpportunityID: opp.id, AgentName: agents.jiangsu.name, ParticipantRole: 'CSP' },
      'province',
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('已成交');
    expect(
      (await post('/opportunityParticipant/modify', { ObjectID: id, ParticipantRole: 'ASP' })).status,
    ).toBe(409);
    expect((await post('/opportunityParticipant/delete', { ids: [id] })).status).toBe(409);
    expect(await listed(opp.no)).toHaveLength(2);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
