import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { registrationBody } from './opportunity-registration-body';

/**
 * What a registration names besides its agent is checked against its master, in the transaction that
 * saves it (docs/opportunities.md "References of a registration"): its province is a province and its
 * city one of that province's cities — the opportunity report sums deals by that province — and its
 * 营销责任人 is an employee the employee picker offers the writer, whose user name the lists show
 * beside it. A refusal names the field; nothing is written.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'city', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user: string) => t.post(path, body, tokens[user]);
const register = (user: string, fields: Record<string, unknown>) =>
  post('/opportunity/create', registrationBody({ AgentName: rspName, ...fields }), user);
const count = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from record where resource = 'opportunity'`.execute(
      t.database.db,
    )
  ).rows[0].n;

describe('the place of a registration', () => {
  it('is a province and one of its cities; anything else is refused naming the field', async () => {
    const before = await count();
    const nowhere = await register('rsp', { ProvinceName: '火星', CityName: '奥林匹斯' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.message).toContain('省份');
    const elsewhere = await register('rsp', { ProvinceName: '江苏省', CityName: '杭州市' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toContain('城市');
    expect(elsewhere.body.message).toContain('江苏省');
    expect(await count()).toBe(before);

    const nanjing = await register('rsp', { ProvinceName: 'Jiangsu', CityName: 'Nanjing' });
    expect(nanjing.status, nanjing.body.message).toBe(200);
    const noCity = await register('rsp', { ProvinceName: '江苏省' });
    expect(noCity.status, noCity.body.message).toBe(200);
  });

  it('is checked again when a saved registration moves, and an invented one is not stored', async () => {
    const created = await register('rsp', { ProvinceName: '江苏省', CityName: '南京市' });
    const { ObjectID, Version } = created.body.results;
    const moved = await post(
      '/opportunity/update',
      { PageID: 'business.opportunityInfo', ObjectID, Version, ProvinceName: 'Atlantis' },
      'rsp',
    );
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain('省份');
    const kept = (await post('/opportunity/getOne', { ObjectID }, 'rsp')).body.results[0];
    expect(kept.ProvinceName).toBe('江苏省');
    expect(kept.Version).toBe(Version);
  });

  it('keeps the opportunity report to real provinces', async () => {
    await register('rsp', { ProvinceName: '火星' });
    const summary = await post('/opportunityReport/summary', {}, 'province');
    expect(summary.status, summary.body.message).toBe(200);
    expect(JSON.stringify(summary.body.results)).not.toContain('火星');
  });
});

describe('the 营销责任人 of a registration', () => {
  it('is an employee the picker offers the writer; a name nobody has is refused naming the field', async () => {
    const nobody = await register('city', { ExtOwnerName_SDK: 'Nobody At All' });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toContain('营销责任人');
    // The RSP's picker offers its own staff; a vendor manager it cannot pick is not taken from the body.
    const vendor = await register('rsp', { ExtOwnerName_SDK: '李省区' });
    expect(vendor.status).toBe(400);
    expect(vendor.body.message).toContain('营销责任人');
  });

  it('is stored with the user name of the employee picked, which the list shows beside the name', async () => {
    const picked = await post('/employee/search', { LastName: '赵城市' }, 'city');
    expect(picked.body.results.map((e: { LastName: string }) => e.LastName)).toContain('赵城市');
    const created = await register('city', { ExtOwnerName_SDK: '赵城市' });
    expect(created.status, created.body.message).toBe(200);
    const listed = await post(
      '/opportunity/search',
      { ExtOpportunityNOText_SDK: created.body.results.ExtOpportunityNOText_SDK },
      'city',
    );
    expect(listed.body.results[0]).toMatchObject({
      ExtOwnerName_SDK: '赵城市',
      ExtOwnerUserName_SDK: 'city',
    });
  });
});

endsWithBooksBalanced(() => t, ['opportunities', 'system']);
