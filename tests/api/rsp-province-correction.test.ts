import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * An RSP and its CCPs all entered in the wrong province, where no other RSP is (docs/customer-workflows.md
 * "A CCP's supplier"): the RSP cannot leave its CCPs behind, and a CCP cannot go first, since its
 * supplier must be an RSP of its province. A vendor administrator corrects it by moving the RSP and
 * confirming, in the dialog its save asks, that its CCPs move with it: one transaction, the books
 * holding. Nobody else carries them, and a confirmation of another number than the CCPs now counting on
 * it is asked again.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
const RULE = 'agents.supplierIsRspOfProvince';
/** The one RSP of its province and the CCPs it supplies there, which belong in Jiangsu. */
let rspId = '';
let ccps: string[] = [];

const row = async (id: string) =>
  (
    await sql<{ version: number; province: string; city: string; parent: string | null; data: any }>`
      select version, province_code as province, city_code as city, parent_id::text as parent, data
      from customer where object_id = ${id}`.execute(db())
  ).rows[0];

async function save(page: string, id: string, fields: Record<string, unknown>, who: string, lang = 'zh') {
  const { version } = await row(id);
  return t.post(
    '/customer/update',
    { PageID: `customers.${page}`, ObjectID: id, Version: version, ...fields },
    tokens[who],
    { 'accept-language': lang },
  );
}

const toJiangsu = { ProvinceName: '江苏省', CityName: '南京市' };
const everyone = async () => Promise.all([rspId, ...ccps].map(row));

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'vp', 'channel', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  // An active RSP alone in its province (outside Jiangsu), supplying at least two CCPs there.
  const lone = await sql<{ id: string }>`select r.object_id::text as id from customer r
    where r.customer_type = '111' and r.status = '161' and r.province_code <> '320000'
      and not exists (select 1 from customer o where o.customer_type = '111'
        and o.province_code = r.province_code and o.object_id <> r.object_id)
      and (select count(*) from customer d where d.parent_id = r.object_id and d.status <> '221') >= 2
    order by r.account_id limit 1`.execute(db());
  rspId = lone.rows[0].id;
  ccps = (
    await sql<{ id: string }>`select object_id::text as id from customer
      where parent_id = ${rspId} and status <> '221' order by account_id`.execute(db())
  ).rows.map((r) => r.id);
}, 120_000);
afterAll(() => t?.close());

const supplierBooks = async () => (await checkBooks(db(), (key) => key === RULE)).checks;

describe('an RSP and its CCPs entered in a province where no other RSP is', () => {
  it('start out holding the books, with at least two CCPs', async () => {
    expect(ccps.length).toBeGreaterThan(1);
    const province = (await row(rspId)).province;
    for (const ccp of ccps) expect(await row(ccp)).toMatchObject({ province, parent: rspId });
    expect(await supplierBooks()).toEqual([expect.objectContaining({ total: 0 })]);
  });

  it('cannot be corrected a CCP first: its supplier is not an RSP of the province it would move to', async () => {
    const before = await everyone();
    const moved = await save('ccpEdit', ccps[0], toJiangsu, 'ops');
    expect([moved.status, moved.body.message]).toEqual([
      400,
      '供货上级：须为该代理商所在省份正常合作的省级代理',
    ]);
    expect(await everyone()).toEqual(before);
  });

  it('asks the administrator how many CCPs would move with the RSP, and where, before writing anything', async () => {
    const before = await everyone();
    const asked = await save('rspEdit', rspId, toJiangsu, 'ops');
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      field: 'ProvinceName',
      confirm: { name: 'carrySuppliedCcps', value: ccps.length },
    });
    expect(asked.body.message).toBe(
      `省份：仍有 ${ccps.length} 家城市代理以该代理商为供货上级。确认后，这 ${ccps.length} 家城市代理将随该代理商一并迁至江苏省南京市，仍以其为供货上级；各城市代理的城市请随后在其资料中更正`,
    );
    const english = await save('rspEdit', rspId, toJiangsu, 'admin', 'en');
    expect(english.body.message).toContain(
      `${ccps.length} CCP(s) name this agent as their supplying agent. Once you confirm, these ${ccps.length} CCP(s) move with it to 南京市, 江苏省`,
    );
    expect(await everyone()).toEqual(before);
  });

  it('asks again when the number confirmed is not the CCPs’ now, and takes no malformed confirmation', async () => {
    const before = await everyone();
    const stale = await save(
      'rspEdit',
      rspId,
      { ...toJiangsu, Confirmed: { carrySuppliedCcps: ccps.length - 1 } },
      'ops',
    );
    expect([stale.status, stale.body.confirm]).toEqual([
      409,
      { name: 'carrySuppliedCcps', value: ccps.length },
    ]);
    const forged = await save('rspEdit', rspId, { ...toJiangsu, Confirmed: 'yes' }, 'ops');
    expect([forged.status, forged.body.message]).toEqual([
      400,
      '确认内容格式不正确，请重新保存后在对话框中确认',
    ]);
    expect(await everyone()).toEqual(before);
  });

  it('is not carried by anyone but a vendor administrator, confirmation or not', async () => {
    const before = await everyone();
    const confirmed = { ...toJiangsu, Confirmed: { carrySuppliedCcps: ccps.length } };
    // Another agent's staff edit no agent's record.
    const agent = await save('rspEdit', rspId, confirmed, 'rsp');
    expect(agent.status).toBe(403);
    // The Jiangsu channel manager does not even find an agent of another province.
    const channel = await save('rspEdit', rspId, confirmed, 'channel');
    expect(channel.status).toBe(404);
    // The executive, who may edit the RSP, moves it only once its CCPs have another supplier.
    const vp = await save('rspEdit', rspId, confirmed, 'vp');
    expect([vp.status, vp.body.message, vp.body.confirm]).toEqual([
      409,
      `省份：仍有 ${ccps.length} 家城市代理以该代理商为供货上级，须先为它们另选本省的供货上级，才能变更省份`,
      undefined,
    ]);
    expect(await everyone()).toEqual(before);
  });

  it('moves the RSP and every one of its CCPs in one save once confirmed, the books holding', async () => {
    const before = await everyone();
    const moved = await save(
      'rspEdit',
      rspId,
      { ...toJiangsu, Confirmed: { carrySuppliedCcps: ccps.length } },
      'ops',
    );
    expect(moved.status, moved.body.message).toBe(200);
    expect(await row(rspId)).toMatchObject({ province: '320000', city: '320100' });
    for (const [i, ccp] of ccps.entries()) {
      const after = await row(ccp);
      expect(after).toMatchObject({ province: '320000', city: '320100', parent: rspId });
      expect([after.data.ProvinceName, after.data.CityName]).toEqual(['江苏省', '南京市']);
      // A CCP form opened before the move is refused as stale rather than saved over it.
      expect(after.version).toBe(before[i + 1].version + 1);
    }
    expect(await supplierBooks()).toEqual([expect.objectContaining({ total: 0 })]);
    // Each CCP's city is then corrected on its own form, within its province.
    const city = await save('ccpEdit', ccps[0], { CityName: '苏州市' }, 'ops');
    expect(city.status, city.body.message).toBe(200);
    expect(await row(ccps[0])).toMatchObject({ province: '320000', city: '320500', parent: rspId });
  });
});

endsWithBooksBalanced(() => t, ['agents', 'system']);
