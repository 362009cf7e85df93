import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, findingText } from '../../server/books/check-books';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An RSP and the CCPs that name it as their supplier (docs/customer-workflows.md "A CCP's supplier"):
 * a CCP's supplier is an RSP of the CCP's own province, so the RSP does not leave its province while
 * CCPs count on it — whoever asks, through whichever form, unless a vendor administrator confirms that
 * they move with it (tests/api/rsp-province-correction.test.ts) — and the books list any CCP left with
 * a supplier that is not an RSP of its province.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const RULE = 'agents.supplierIsRspOfProvince';

interface Agent {
  id: string;
  name: string;
}
/** The demo RSP (Jiangsu, the `rsp` login's company) and the other active Jiangsu RSP. */
let rsp: Agent;
let other: Agent;

const row = async (id: string) =>
  (
    await sql<{ version: number; province: string; city: string; parent: string | null; data: object }>`
      select version, province_code as province, city_code as city, parent_id::text as parent, data
      from customer where object_id = ${id}`.execute(db())
  ).rows[0];

/** The CCPs that name an agent as their supplier (all of them are cooperating in the demo). */
const ccpsOf = async (id: string) =>
  (
    await sql<{ id: string }>`select object_id::text as id from customer
      where parent_id = ${id} order by account_id`.execute(db())
  ).rows.map((r) => r.id);

/** A save of one agent's record through a form, with the version the database holds now. */
async function save(page: string, id: string, fields: Record<string, unknown>, who: string) {
  const { version } = await row(id);
  return t.post(
    '/customer/update',
    { PageID: `customers.${page}`, ObjectID: id, Version: version, ...fields },
    tokens[who],
  );
}

/** A save refused with its status and message, leaving the RSP and its CCPs as they were. */
async function refused(
  page: string,
  fields: Record<string, unknown>,
  expected: [number, string | RegExp],
  who = 'vp',
) {
  const ccps = await ccpsOf(rsp.id);
  const before = await Promise.all([rsp.id, ...ccps].map(row));
  const { status, body } = await save(page, rsp.id, fields, who);
  expect([status, body.message]).toEqual([expected[0], expect.stringMatching(expected[1])]);
  expect(await Promise.all([rsp.id, ...ccps].map(row))).toEqual(before);
}

const supplierBooks = async () => (await checkBooks(db(), (key) => key === RULE)).checks;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['channel', 'ops', 'vp', 'rsp', 'channeldept'])
    tokens[user] = await t.login(user, 'Demo@123456');
  const agents = await sql<Agent>`select object_id::text as id, name from customer
    where customer_type = '111' and status = '161' and province_code = '320000'
    order by object_id = (select company_id from employee where username = 'rsp') desc, account_id`.execute(
    db(),
  );
  [rsp, other] = agents.rows;
});
afterAll(() => t?.close());

describe('an RSP that CCPs name as their supplier', () => {
  it('is refused a move to another province with 409 on 省份, saying how many CCPs must get another supplier first', async () => {
    const count = (await ccpsOf(rsp.id)).length;
    expect(count).toBeGreaterThan(0);
    const words = `省份：仍有 ${count} 家城市代理以该代理商为供货上级，须先为它们另选本省的供货上级，才能变更省份`;
    await refused('rspEdit', { ProvinceName: '浙江省', CityName: '杭州市' }, [409, words]);
    // A vendor administrator is asked instead whether the CCPs move with it (rsp-province-correction).
    await refused(
      'rspEdit',
      { ProvinceName: '浙江省', CityName: '杭州市' },
      [409, new RegExp(`^省份：仍有 ${count} 家城市代理以该代理商为供货上级。确认后`)],
      'ops',
    );
    expect(await supplierBooks()).toEqual([expect.objectContaining({ key: RULE, total: 0 })]);
  });

  it('still moves to another city of its province', async () => {
    const { status, body } = await save('rspEdit', rsp.id, { CityName: '苏州市' }, 'channel');
    expect(status, body.message).toBe(200);
    expect(await row(rsp.id)).toMatchObject({ province: '320000', city: '320500' });
  });
});

describe('an attempt to move an RSP away from its CCPs another way', () => {
  it('is refused to the RSP’s own staff, who edit no record of theirs', async () => {
    for (const page of ['rspEdit', 'myCompany'])
      await refused(page, { ProvinceName: '浙江省', CityName: '杭州市' }, [403, /./], 'rsp');
  });

  it('is refused through another form, by the province’s English name, or a city of another province alone', async () => {
    const count = (await ccpsOf(rsp.id)).length;
    const words = new RegExp(`^省份：仍有 ${count} 家城市代理以该代理商为供货上级`);
    await refused('ccpEdit', { ProvinceName: '浙江省', CityName: '杭州市' }, [409, words]);
    await refused('rspEdit', { ProvinceName: ' Zhejiang ', CityName: 'Hangzhou' }, [409, words]);
    await refused('rspEdit', { CityName: '杭州市' }, [400, /^城市：须为所选省份下的城市/]);
    // The Jiangsu channel manager reaches no other province at all.
    await refused('rspEdit', { ProvinceName: '浙江省', CityName: '杭州市' }, [400, /^省份：/], 'channel');
  });
});

describe('the books of a CCP’s supplier', () => {
  it('name every CCP whose supplier was moved out of its province under it', async () => {
    const ccps = await ccpsOf(rsp.id);
    const found = await checkAfterCorruption(db(), RULE, (trx) =>
      sql`update customer set province_code = '330000' where object_id = ${rsp.id}`.execute(trx),
    );
    expect(found.rows.map((r) => r.object_id).sort()).toEqual([...ccps].sort());
    const [first] = found.rows;
    expect(findingText('zh', RULE, first)).toBe(
      `城市代理 ${first.label}（江苏省）：供货上级 ${rsp.name}（浙江省）不是本省正常合作、待续签，或被暂停合作、列入黑名单的省级代理`,
    );
    expect(findingText('en', RULE, first)).toContain(`its supplying agent ${rsp.name} (浙江省)`);
  });
});

describe('a renamed RSP', () => {
  const NAMED = 'agents.supplierNameIsSupplier';
  const keptName = async (id: string) =>
    ((await row(id)).data as Record<string, unknown>).ExtSupplierName_SDK;

  it('is renamed on the CCPs that name it, whose saves then take the new name', async () => {
    const ccps = await ccpsOf(rsp.id);
    const renamed = `${rsp.name}（更名）`;
    const { status, body } = await save('rspEdit', rsp.id, { Name: renamed }, 'channel');
    expect(status, body.message).toBe(200);
    for (const ccp of ccps) expect(await keptName(ccp)).toBe(renamed);
    const resaved = await save(
      'ccpEdit',
      ccps[0],
      { ExtSupplierName_SDK: renamed, Remark: '更名后' },
      'channel',
    );
    expect(resaved.status, resaved.body.message).toBe(200);
    expect((await checkBooks(db(), (key) => key === NAMED)).checks).toEqual([
      expect.objectContaining({ total: 0 }),
    ]);
    const back = await save('rspEdit', rsp.id, { Name: rsp.name }, 'channel');
    expect(back.status, back.body.message).toBe(200);
    for (const ccp of ccps) expect(await keptName(ccp)).toBe(rsp.name);
  });

  it('left under its old name on a CCP is named by the books', async () => {
    const [ccp] = await ccpsOf(rsp.id);
    const found = await checkAfterCorruption(db(), NAMED, (trx) =>
      sql`update customer set name = 'X' where object_id = ${rsp.id}`.execute(trx),
    );
    expect(found.rows.map((r) => r.object_id)).toContain(ccp);
    const [first] = found.rows.filter((r) => r.object_id === ccp);
    expect(findingText('zh', NAMED, first)).toMatch(
      new RegExp(`显示的供货上级为 ${rsp.name}，实际供货上级为 X$`),
    );
  });
});

describe('an RSP once its CCPs have another supplier, and the vendor’s measures', () => {
  it('moves once each of its CCPs has another supplier of their province, and the books balance', async () => {
    const ccps = await ccpsOf(rsp.id);
    for (const ccp of ccps) {
      const given = await save('ccpEdit', ccp, { ExtSupplierName_SDK: other.name }, 'channel');
      expect(given.status, given.body.message).toBe(200);
    }
    const { status, body } = await save(
      'rspEdit',
      rsp.id,
      { ProvinceName: '浙江省', CityName: '杭州市' },
      'ops',
    );
    expect(status, body.message).toBe(200);
    expect(await row(rsp.id)).toMatchObject({ province: '330000', city: '330100' });
    for (const ccp of ccps) expect(await row(ccp)).toMatchObject({ province: '320000', parent: other.id });
    expect(await supplierBooks()).toEqual([expect.objectContaining({ total: 0 })]);
    // And back: with no CCP left to it, nothing holds it.
    const back = await save('rspEdit', rsp.id, { ProvinceName: '江苏省', CityName: '南京市' }, 'ops');
    expect(back.status, back.body.message).toBe(200);
  });

  it('a suspension keeps the CCPs: they still name the RSP, the books hold, and no CCP may name it anew', async () => {
    const ccps = await ccpsOf(other.id);
    const applied = await t.post('/customer/suspend', { ObjectID: other.id, reason: '窜货' }, tokens.ops);
    expect(applied.status, applied.body.message).toBe(200);
    const agreed = await t.post(
      '/customer/processApproval',
      { ObjectID: other.id, action: 'agree' },
      tokens.channeldept,
    );
    expect(agreed.status, agreed.body.message).toBe(200);
    expect(
      (await sql<{ status: string }>`select status from customer where object_id = ${other.id}`.execute(db()))
        .rows[0].status,
    ).toBe('181');
    for (const ccp of ccps) expect((await row(ccp)).parent).toBe(other.id);
    expect(await supplierBooks()).toEqual([expect.objectContaining({ total: 0 })]);
    const renamed = await save('ccpEdit', ccps[0], { ExtSupplierName_SDK: other.name }, 'channel');
    expect([renamed.status, renamed.body.message]).toEqual([
      400,
      '供货上级：须为该代理商所在省份正常合作的省级代理',
    ]);
  });
});
