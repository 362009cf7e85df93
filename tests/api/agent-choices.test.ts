import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * What an agent's staff may name on their deals (docs/opportunities.md "Whom an agent may name"): the
 * registration's agent is their own company, its channel their own company or (an RSP's) a CCP it
 * supplies, a special price's agent the opportunity's and its supplier the agent's own. The pickers offer
 * nothing else, and the server refuses anything else in the body — another company's name or id, a name
 * no company has — naming the field, writing nothing and saying nothing of the other company.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const company: Record<'rsp' | 'ccp' | 'gd', { id: string; name: string }> = {} as never;
/** Other companies an attacker might name: an RSP of another province, a general distributor, a vendor channel of the province. */
const others: Record<'farRsp' | 'gd' | 'channel', { id: string; name: string }> = {} as never;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ccp', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  const db = t.database.db;
  const own = await sql<{ username: 'rsp' | 'ccp' | 'gd'; id: string; name: string }>`select e.username,
      c.object_id::text as id, c.name from employee e join customer c on c.object_id = e.company_id
    where e.username in ('rsp', 'ccp', 'gd')`.execute(db);
  for (const row of own.rows) company[row.username] = { id: row.id, name: row.name };
  const far = await sql<{ id: string; name: string }>`select object_id::text as id, name from customer
    where customer_type = '111' and province_code <> '320000' order by name limit 1`.execute(db);
  others.farRsp = far.rows[0];
  others.gd = company.gd;
  const channel = await sql<{ id: string; name: string }>`select object_id::text as id,
      data->>'channelName' as name from record
    where resource = 'opportunityChannel' and data->>'Enabled' = 'true' and province_code = '320000'
    order by 2 limit 1`.execute(db);
  others.channel = channel.rows[0];
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user: string, lang = 'zh') =>
  t.post(path, body, tokens[user], lang === 'en' ? { 'accept-language': 'en' } : {});

const registrationsOf = async (customer: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record
      where resource = 'opportunity' and data->>'ExtOppCustomerName_SDK' = ${customer}`.execute(t.database.db)
  ).rows[0].n;

/** The refusal names the field by its label, in the caller's language, and nothing of the company named. */
function refusedNaming(
  answer: { status: number; body: { state: boolean; message: string; field?: string } },
  field: string,
  resource: string,
  named: string,
  lang: 'zh' | 'en' = 'zh',
) {
  expect(answer.status, answer.body.message).toBe(400);
  expect(answer.body.state).toBe(false);
  expect(answer.body.field).toBe(field);
  expect(answer.body.message).toContain(labelFor(field, lang, resource));
  expect(answer.body.message).not.toContain(named);
  expect(answer.body.message).not.toMatch(/Ext\w*_SDK|\b[a-z]+\.[a-z]+\.[a-z]/i);
}

describe('the pickers of an agent', () => {
  it('offer an RSP its own company and the CCPs it supplies as channels, a CCP itself alone', async () => {
    const supplied = await sql<{ name: string }>`select name from customer
      where parent_id = ${company.rsp.id} and status in ('161', '171') order by name`.execute(t.database.db);
    expect(supplied.rows.length).toBeGreaterThan(0);
    const channels = async (user: string) =>
      (
        (await post('/opportunityChannelLookup/search', { pageSize: 50 }, user)).body.results as {
          channelName: string;
        }[]
      ).map((r) => r.channelName);
    expect((await channels('rsp')).sort()).toEqual(
      [company.rsp.name, ...supplied.rows.map((r) => r.name)].sort(),
    );
    expect(await channels('ccp')).toEqual([company.ccp.name]);
    // Vendor staff choose from the channel list of 商机渠道管理.
    expect(await channels('province')).toContain(others.channel.name);
    expect(await channels('province')).not.toContain(company.rsp.name);
  });

  it("offer an agent its own company alone as a registration's agent", async () => {
    const owners = async (user: string) =>
      (
        (await post('/customerLookup/search', { DealOwner: true, pageSize: 50 }, user)).body.results as {
          Name: string;
        }[]
      ).map((r) => r.Name);
    expect(await owners('rsp')).toEqual([company.rsp.name]);
    expect(await owners('ccp')).toEqual([company.ccp.name]);
    // Elsewhere the RSP's customer picker still holds the CCPs it supplies.
    const all = await post('/customerLookup/search', { pageSize: 50 }, 'rsp');
    expect(all.body.totalSize).toBeGreaterThan(1);
  });
});

describe('a registration by an agent', () => {
  it('refuses another company or an invented name as its agent, writing nothing', async () => {
    for (const [named, lang] of [
      [others.farRsp.name, 'zh'],
      [others.gd.name, 'en'],
      [company.ccp.name, 'zh'],
      ['火星代理有限公司', 'zh'],
    ] as const) {
      const body = registrationBody({ AgentName: named });
      const answer = await post('/opportunity/create', body, 'rsp', lang);
      refusedNaming(answer, 'AgentName', 'opportunity', named, lang);
      expect(await registrationsOf(body.ExtOppCustomerName_SDK)).toBe(0);
    }
    // Another company's id is no field of the form: refused, nothing written.
    const byId = registrationBody({ AgentName: company.rsp.name, AgentID: others.farRsp.id });
    const answer = await post('/opportunity/create', byId, 'rsp');
    expect(answer.status).toBe(400);
    expect(answer.body.message).not.toContain(others.farRsp.name);
    expect(await registrationsOf(byId.ExtOppCustomerName_SDK)).toBe(0);
  });

  it('takes its own company, or a CCP it supplies as the channel; refuses any other channel', async () => {
    const mine = await post(
      '/opportunity/create',
      registrationBody({ AgentName: company.rsp.name, ExtOpportunityChannel_SDK: company.ccp.name }),
      'rsp',
    );
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body.results).toMatchObject({
      AgentName: company.rsp.name,
      ExtOpportunityChannel_SDK: company.ccp.name,
    });
    for (const [user, named] of [
      ['rsp', others.farRsp.name],
      ['rsp', others.channel.name],
      ['rsp', '火星渠道有限公司'],
      // A CCP names itself: the RSP that supplies it is another company.
      ['ccp', company.rsp.name],
    ] as const) {
      const body = registrationBody({ AgentName: company[user].name, ExtOpportunityChannel_SDK: named });
      refusedNaming(
        await post('/opportunity/create', body, user),
        'ExtOpportunityChannel_SDK',
        'opportunity',
        named,
      );
      expect(await registrationsOf(body.ExtOppCustomerName_SDK)).toBe(0);
    }
    // Nor is a saved registration given another company as its channel.
    const saved = mine.body.results;
    const edited = await post(
      '/opportunity/update',
      {
        PageID: 'business.opportunityInfo',
        ObjectID: saved.ObjectID,
        Version: saved.Version,
        ExtOpportunityChannel_SDK: others.farRsp.name,
      },
      'rsp',
    );
    refusedNaming(edited, 'ExtOpportunityChannel_SDK', 'opportunity', others.farRsp.name);
    const after = await post('/opportunity/getOne', { ObjectID: saved.ObjectID }, 'rsp');
    expect(after.body.results[0]).toMatchObject({
      ExtOpportunityChannel_SDK: company.ccp.name,
      Version: saved.Version,
    });
  });

  it('a vendor channel stays what vendor staff may name', async () => {
    const answer = await post(
      '/opportunity/create',
      registrationBody({ AgentName: company.rsp.name, ExtOpportunityChannel_SDK: others.channel.name }),
      'province',
    );
    expect(answer.status, answer.body.message).toBe(200);
  });
});

describe('a special price asked by an agent', () => {
  it("names the opportunity's agent and the agent's own supplier, nothing else", async () => {
    const created = await post(
      '/opportunity/create',
      registrationBody({ AgentName: company.rsp.name }),
      'rsp',
    );
    const id = created.body.results.ObjectID as string;
    const submitted = await post(
      '/workflow/decide',
      { workflow: 'opportunityRegistration', ObjectID: id, command: 'submit', payload: {} },
      'rsp',
    );
    expect(submitted.body.results.State).toBe('protected');
    const closed = await sql<{ pn: string }>`select data->>'ProductCode' as pn from record
      where resource = 'salesProductConfig' and data->>'SpecialPriceAllowed' = 'false'`.execute(
      t.database.db,
    );
    const shut = new Set(closed.rows.map((r) => r.pn));
    const prices = await post('/product/getStandardPrice', { keyword: '', pageSize: 50 }, 'rsp');
    const product = (prices.body.results as { pn: string; StandardPrice: string }[]).find(
      (p) => !shut.has(p.pn),
    )!;
    const request = (extra: Record<string, unknown>) => ({
      OpportunityID: id,
      Brand: '101',
      ExtDueDate_SDK: '2026-12-20',
      ExtBidOpeningDate_SDK: '2030-01-10',
      ExtApplyReason_SDK: 'Competitor quoted lower',
      ExtChannelMargin_SDK: 'RSP 3 %',
      Lines: [
        {
          ProductCode: product.pn,
          Quantity: 2,
          RequestedPrice: ((Math.round(Number(product.StandardPrice) * 100) * 97) / 10_000).toFixed(2),
        },
      ],
      ...extra,
    });
    const count = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from record
          where resource = 'specialApproval' and data->>'OpportunityID' = ${id}`.execute(t.database.db)
      ).rows[0].n;

    for (const [field, named] of [
      ['AgentName', others.farRsp.name],
      ['AgentName', '火星代理有限公司'],
      ['ExtSupplierName_SDK', others.farRsp.name],
      ['ExtSupplierName_SDK', '火星总代有限公司'],
    ] as const) {
      const answer = await post('/specialApproval/applyApproval', request({ [field]: named }), 'rsp');
      refusedNaming(answer, field, 'specialApproval', named);
    }
    expect(await count()).toBe(0);

    // Another company's opportunity, by its id: not found, and nothing of it said.
    const foreign = await sql<{ id: string; agent: string }>`select object_id::text as id,
        data->>'AgentName' as agent from record
      where resource = 'opportunity' and company_id = ${others.farRsp.id} limit 1`.execute(t.database.db);
    if (foreign.rows[0]) {
      const answer = await post(
        '/specialApproval/applyApproval',
        request({ OpportunityID: foreign.rows[0].id }),
        'rsp',
      );
      expect(answer.status).toBe(404);
      expect(answer.body.message).not.toContain(foreign.rows[0].agent);
    }

    // Named as they are, or left out, the companies come from the records.
    const asked = await post(
      '/specialApproval/applyApproval',
      request({ AgentName: company.rsp.name }),
      'rsp',
    );
    expect(asked.status, asked.body.message).toBe(200);
    const supplier = await sql<{ name: string }>`select data->>'ExtSupplierName_SDK' as name from customer
      where object_id = ${company.rsp.id}`.execute(t.database.db);
    const stored = await sql<{ agent: string; supplier: string }>`select data->>'AgentName' as agent,
        data->>'ExtSupplierName_SDK' as supplier from record
      where resource = 'specialApproval' and data->>'OpportunityID' = ${id}`.execute(t.database.db);
    expect(stored.rows).toEqual([{ agent: company.rsp.name, supplier: supplier.rows[0].name }]);
  });
});
