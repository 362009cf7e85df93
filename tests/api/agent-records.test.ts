import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { startTestApp, type TestApp } from './harness';

/**
 * An agent's record as its forms save it (docs/customer-workflows.md "Editing an agent's record"):
 * every reference a save touches is checked against its master and refused naming its field, never
 * with a 500 and never half written; the GD form creates a general distributor whose type and status
 * the server sets.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;

interface Agent {
  id: string;
  name: string;
  code: string;
}
/** The demo RSP (Jiangsu, the `rsp` login's company), an agent of another province, a Jiangsu CCP. */
let rsp: Agent;
let far: Agent & { rspName: string };
let ccp: Agent;

const agentWhere = async (where: ReturnType<typeof sql>) =>
  (
    await sql<Agent>`select object_id::text as id, name, credit_code as code from customer c
      where ${where} order by account_id limit 1`.execute(db())
  ).rows[0];

const row = async (id: string) =>
  (
    await sql<{
      code: string;
      version: number;
      province: string;
      city: string;
      parent: string | null;
      company: string | null;
      data: Record<string, unknown>;
    }>`select credit_code as code, version, province_code as province, city_code as city,
        parent_id::text as parent, company_id::text as company, data from customer where object_id = ${id}`.execute(
      db(),
    )
  ).rows[0];

/** A save of one agent's record through a form, with the version the database holds now. */
async function save(page: string, id: string, fields: Record<string, unknown>, who = 'channel') {
  const { version } = await row(id);
  return t.post(
    '/customer/update',
    { PageID: `customers.${page}`, ObjectID: id, Version: version, ...fields },
    tokens[who],
  );
}

/** A save refused with its status and message, leaving the record as it was. */
async function refused(
  page: string,
  id: string,
  fields: Record<string, unknown>,
  expected: [number, string | RegExp],
  who = 'channel',
) {
  const before = await row(id);
  const { status, body } = await save(page, id, fields, who);
  expect(status, body.message).toBe(expected[0]);
  expect(body.message).toMatch(expected[1]);
  expect(await row(id)).toEqual(before);
  return body.message as string;
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['channel', 'ops', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = await agentWhere(sql`object_id = (select company_id from employee where username = 'rsp')`);
  const farRsp = await agentWhere(
    sql`customer_type = '111' and status = '161' and province_code <> '320000'`,
  );
  far = { ...farRsp, rspName: farRsp.name };
  // A Jiangsu CCP supplied by the other Jiangsu RSP, so a change of supplier shows.
  ccp = await agentWhere(sql`customer_type = '121' and province_code = '320000'
    and parent_id is not null and parent_id <> ${rsp.id}::uuid`);
});
afterAll(() => t?.close());

describe('the credit code on an agent record', () => {
  it('refuses another agent’s code with 409 naming the field, in one wording in the writer’s scope or out of it', async () => {
    const jiangsu = await agentWhere(sql`province_code = '320000' and object_id <> ${rsp.id}::uuid`);
    const taken: [number, RegExp] = [409, /^统一社会信用代码：/];
    const outOfScope = await refused('rspEdit', rsp.id, { ExtCreditCode_SDK: far.code }, taken);
    const inScope = await refused('rspEdit', rsp.id, { ExtCreditCode_SDK: jiangsu.code }, taken);
    expect(inScope).toBe(outOfScope);
    // The same code typed in lower case with spaces is the same code.
    const typed = `${far.code.slice(0, 9)} ${far.code.slice(9).toLowerCase()}`;
    expect(await refused('rspEdit', rsp.id, { ExtCreditCode_SDK: typed }, taken)).toBe(outOfScope);
  });

  it('refuses a code failing its check character, and keeps a valid one in its stored form', async () => {
    const valid = makeCreditCode('91320100MA1TEXT01');
    const wrongCheck = valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
    await refused('rspEdit', rsp.id, { ExtCreditCode_SDK: wrongCheck }, [400, /^统一社会信用代码：不是有效/]);
    await refused('rspEdit', rsp.id, { ExtCreditCode_SDK: 'not-a-code' }, [400, /^统一社会信用代码：/]);
    const { status, body } = await save('rspEdit', rsp.id, { ExtCreditCode_SDK: ` ${valid.toLowerCase()} ` });
    expect(status, body.message).toBe(200);
    expect(body.results.ExtCreditCode_SDK).toBe(valid);
    expect((await row(rsp.id)).code).toBe(valid);
    // Saving the record again with its own code is no conflict.
    expect((await save('rspEdit', rsp.id, { ExtCreditCode_SDK: valid })).status).toBe(200);
  });
});

describe('the province and city of an agent record', () => {
  it('must be the region master’s, a city of that province, within the writer’s scope', async () => {
    await refused('rspEdit', rsp.id, { ProvinceName: '火星省' }, [400, /^省份：/]);
    await refused('rspEdit', rsp.id, { CityName: '杭州市' }, [400, /^城市：须为所选省份下的城市/]);
    // The Jiangsu channel manager cannot move an agent to Zhejiang, out of their own reach.
    await refused('rspEdit', rsp.id, { ProvinceName: '浙江省', CityName: '杭州市' }, [
      400,
      /^省份：须为您负责范围内的省份/,
    ]);
  });

  it('moves the scope columns with them and keeps the names in Chinese', async () => {
    const { status, body } = await save('ccpEdit', ccp.id, { CityName: 'Suzhou' });
    expect(status, body.message).toBe(200);
    const saved = await row(ccp.id);
    expect([saved.province, saved.city, saved.data.CityName]).toEqual(['320000', '320500', '苏州市']);
    expect(body.results.CityName).toBe('苏州市');
  });
});

describe('the people and the supplier an agent record names', () => {
  it('a channel manager and a city manager are enabled employees of those roles, kept by login', async () => {
    await refused('rspEdit', rsp.id, { ExtChannelManagerName_SDK: '赵城市' }, [
      400,
      /^渠道经理：须为一位在职的渠道经理/,
    ]);
    await refused('rspEdit', rsp.id, { ExtChannelManagerName_SDK: '没有这个人' }, [400, /^渠道经理：/]);
    await refused('ccpEdit', ccp.id, { cityManagerName: '王渠道' }, [
      400,
      /^城市经理：须为一位在职的城市经理/,
    ]);
    expect((await save('rspEdit', rsp.id, { ExtChannelManagerName_SDK: '王渠道' })).status).toBe(200);
    expect((await save('ccpEdit', ccp.id, { cityManagerName: '赵城市' })).status).toBe(200);
    expect((await row(rsp.id)).data.ExtChannelManagerCode_SDK).toBe('channel');
    expect((await row(ccp.id)).data.cityManagerCode).toBe('city');
  });

  it('a CCP’s supplier is an active RSP of its province and becomes its parent, whose staff then see it', async () => {
    const gd = await agentWhere(sql`customer_type = '101'`);
    const notAnRsp = [400, /^供货上级：须为该代理商所在省份正常合作的省级代理/] as [number, RegExp];
    await refused('ccpEdit', ccp.id, { ExtSupplierName_SDK: far.rspName }, notAnRsp);
    await refused('ccpEdit', ccp.id, { ExtSupplierName_SDK: gd.name }, notAnRsp);
    await refused('ccpEdit', ccp.id, { ExtSupplierName_SDK: '没有这家公司' }, notAnRsp);
    expect((await t.post('/customer/getOne', { ObjectID: ccp.id }, tokens.rsp)).status).toBe(404);
    const { status, body } = await save('ccpEdit', ccp.id, { ExtSupplierName_SDK: rsp.name });
    expect(status, body.message).toBe(200);
    expect((await row(ccp.id)).parent).toBe(rsp.id);
    expect((await t.post('/customer/getOne', { ObjectID: ccp.id }, tokens.rsp)).status).toBe(200);
  });

  it('only a CCP has a supplier: an RSP saved through the CCP form is refused', async () => {
    await refused(
      'ccpEdit',
      rsp.id,
      { ExtSupplierName_SDK: rsp.name },
      [400, /^供货上级：只有城市代理/],
      'ops',
    );
  });
});

describe('the general distributor form', () => {
  const form = (extra: Record<string, unknown> = {}) => ({
    PageID: 'customers.distributorAdd',
    Name: '测试总代理有限公司',
    ExtCreditCode_SDK: makeCreditCode('91320100MA1GDTEXT'),
    ExtLegalRepresentative_SDK: '张法人',
    ProvinceName: '江苏省',
    CityName: '南京市',
    ContactName: '李联系',
    ContactPhone: '13800000000',
    ExtProductGroup_SDK: '101',
    ExtAgreementStartDate_SDK: '2026-01-01',
    ExtAgreementEndDate_SDK: '2026-12-31',
    ...extra,
  });
  const count = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from customer`.execute(db())).rows[0].n;

  it('creates a general distributor: the server sets its type and status, and it is its own company', async () => {
    const { status, body } = await t.post('/customer/create', form(), tokens.ops);
    expect(status, body.message).toBe(200);
    const created = body.results;
    expect([created.ExtCustomerType_SDK, created.ExtCustomerStatus_SDK]).toEqual(['101', '161']);
    expect(created.AccountID).toBeTruthy();
    const saved = await row(created.ObjectID);
    expect([saved.company, saved.province, saved.city]).toEqual([created.ObjectID, '320000', '320100']);
    const listed = await t.post(
      '/customer/search',
      { PageID: 'customers.distributorOverview', Name: '测试总代理有限公司' },
      tokens.ops,
    );
    expect(listed.body.results.map((r: { ObjectID: string }) => r.ObjectID)).toContain(created.ObjectID);
  });

  it('takes neither type nor status from the body, and refuses a bad reference without writing', async () => {
    const before = await count();
    const another = { Name: '另一家总代理', ExtCreditCode_SDK: makeCreditCode('91320100MA1GDTW02') };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ExtCustomerType_SDK: '111' }, 400, /客户类型/],
      [{ ExtCustomerStatus_SDK: '191' }, 400, /合作状态/],
      [{ ExtCreditCode_SDK: far.code }, 409, /^统一社会信用代码：/],
      [{ ExtCreditCode_SDK: '91320100MA1GDTES0' }, 400, /^统一社会信用代码：/],
      [{ ProvinceName: '江苏', CityName: '南京市' }, 400, /^省份：/],
      [{ CityName: '杭州市' }, 400, /^城市：/],
    ];
    for (const [extra, status, message] of cases) {
      const answer = await t.post('/customer/create', form({ ...another, ...extra }), tokens.ops);
      expect([answer.status, answer.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    // The Jiangsu channel manager enters no distributor in another province.
    const elsewhere = form({ ...another, ProvinceName: '浙江省', CityName: '杭州市' });
    const outside = await t.post('/customer/create', elsewhere, tokens.channel);
    expect([outside.status, outside.body.message]).toEqual([400, '省份：须为您负责范围内的省份']);
    expect(await count()).toBe(before);
  });
});
