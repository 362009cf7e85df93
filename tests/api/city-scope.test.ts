import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * The city manager configuration decides what a city manager sees: a row naming them and a city adds
 * that city to their scope at once, disabling it takes the city away again; a row naming an unknown
 * city or person is refused by field and writes nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const names: Record<string, string> = {};
const SUZHOU = '320500';
let suzhouOpportunity = '';

const nameOf = async (username: string) =>
  (
    await sql<{ n: string }>`select last_name as n from employee where username = ${username}`.execute(
      t.database.db,
    )
  ).rows[0].n;
const seenByCity = async () =>
  (await t.post('/opportunity/getOne', { ObjectID: suzhouOpportunity }, tokens.city)).status;
const configRows = async () =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from record where resource = 'cityManagerConfig'`.execute(t.database.db)
  ).rows[0].n;

const row = (extra: Record<string, unknown> = {}) => ({
  PageID: 'baseManage.cityManagerConfigDetail',
  ProvinceName: '江苏省',
  CityName: '苏州市',
  cityManagerName: names.city,
  ExtProvinceManagerName_SDK: names.province,
  StartDate: '2026-01-01',
  Enabled: true,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'city']) tokens[user] = await t.login(user, 'Demo@123456');
  for (const user of ['city', 'province']) names[user] = await nameOf(user);
  const opportunity = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'opportunity' order by object_id limit 1`.execute(t.database.db);
  suzhouOpportunity = opportunity.rows[0].id;
  await sql`update record set province_code = '320000', city_code = ${SUZHOU}, company_id = null
    where object_id = ${suzhouOpportunity}`.execute(t.database.db);
});
afterAll(() => t.close());

describe('the city manager configuration', () => {
  it('gives the demo city manager Nanjing alone, as configured', async () => {
    const list = await t.post(
      '/cityManagerConfig/search',
      { pageSize: 100, cityManagerCode: 'city' },
      tokens.ops,
    );
    expect(list.body.state).toBe(true);
    const mine = list.body.results.filter((r: { cityManagerCode: string }) => r.cityManagerCode === 'city');
    expect(mine.map((r: { CityName: string }) => r.CityName)).toEqual(['南京市']);
    expect(await seenByCity()).toBe(404);
  });

  it('adds a configured city to the city manager’s scope at once, and takes it away when disabled', async () => {
    const created = await t.post('/cityManagerConfig/create', row(), tokens.ops);
    expect(created.body.state, created.body.message).toBe(true);
    const saved = (
      await t.post('/cityManagerConfig/getOne', { ObjectID: created.body.results.ObjectID }, tokens.ops)
    ).body.results[0];
    expect(saved.cityManagerCode).toBe('city');
    expect(await seenByCity()).toBe(200);

    const disabled = await t.post(
      '/cityManagerConfig/update',
      { ObjectID: saved.ObjectID, Version: saved.Version, Enabled: false },
      tokens.ops,
    );
    expect(disabled.body.state, disabled.body.message).toBe(true);
    expect(await seenByCity()).toBe(404);
  });

  it('refuses a city outside the province and a person who is no city manager, naming the field', async () => {
    const before = await configRows();
    const wrongCity = await t.post('/cityManagerConfig/create', row({ CityName: '杭州市' }), tokens.ops);
    expect([wrongCity.status, wrongCity.body.message]).toEqual([400, expect.stringContaining('城市')]);
    const wrongPerson = await t.post(
      '/cityManagerConfig/create',
      row({ cityManagerName: names.province }),
      tokens.ops,
    );
    expect(wrongPerson.status).toBe(400);
    expect(wrongPerson.body.message).toContain('城市经理');
    expect(await configRows()).toBe(before);
  });
});
