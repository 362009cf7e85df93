import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesField } from './field-named';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let rsp: string;
/** The demo RSP account's company, a CCP it supplies, and an RSP that is someone else's. */
let own: string;
let supplied: string | undefined;
let other: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
  rsp = await t.login('rsp', 'Demo@123456');
  const db = t.database.db.withTables<{
    customer: { object_id: string; parent_id: string | null; customer_type: string };
  }>();
  const staff = await db
    .selectFrom('employee')
    .select('company_id')
    .where('username', '=', 'rsp')
    .executeTakeFirstOrThrow();
  own = staff.company_id!;
  const child = await db
    .selectFrom('customer')
    .select('object_id')
    .where('parent_id', '=', own)
    .executeTakeFirst();
  supplied = child?.object_id;
  const stranger = await db
    .selectFrom('customer')
    .select('object_id')
    .where('customer_type', '=', '111')
    .where('object_id', '!=', own)
    .executeTakeFirstOrThrow();
  other = stranger.object_id;
  // The demo places the RSP's own address (visits take their site from it): these tests start the
  // company's address book afresh, so its first address is the default.
  await sql`delete from customer_address where customer_id = ${own}`.execute(t.database.db);
});
afterAll(() => t.close());

const address = (customerId: string, overrides: Record<string, unknown> = {}) => ({
  CustomerID: customerId,
  AddressType: '101',
  ReceiverName: '王收货',
  ReceiverPhone: '13900001111',
  ProvinceCode: '320000',
  CityCode: '320100',
  DetailAddress: '中山路 1 号',
  PostCode: '210000',
  ...overrides,
});

async function create(token: string, customerId: string, overrides: Record<string, unknown> = {}) {
  const { body } = await t.post('/address/createByCustomer', address(customerId, overrides), token);
  expect(body.state, body.message).toBe(true);
  return body.results;
}

const defaults = async (customerId: string, type: string) =>
  (await t.post('/address/search', { CustomerID: customerId, AddressType: type, IsDefault: true }, admin))
    .body.results;

describe('/portal/address', () => {
  it('creates addresses, keeps one default per customer and type, and pages through them', async () => {
    const first = await create(rsp, own);
    expect(first).toMatchObject({
      CustomerID: own,
      AddressType: '101',
      ReceiverName: '王收货',
      CityCode: '320100',
      IsDefault: true,
      Version: 1,
    });
    const invoice = await create(rsp, own, { AddressType: '111', ReceiverName: '李收票' });
    expect(invoice.IsDefault).toBe(true);
    const second = await create(rsp, own, { ReceiverName: '赵二', IsDefault: true });
    const third = await create(admin, own, { ReceiverName: '钱三' });
    expect(third.IsDefault).toBe(false);

    expect((await defaults(own, '101')).map((a: { ObjectID: string }) => a.ObjectID)).toEqual([
      second.ObjectID,
    ]);
    expect((await defaults(own, '111')).map((a: { ObjectID: string }) => a.ObjectID)).toEqual([
      invoice.ObjectID,
    ]);
    const old = await t.post('/address/getOne', { ObjectID: first.ObjectID }, rsp);
    expect(old.body.results).toMatchObject({ IsDefault: false, Version: 2 });

    const page1 = await t.post('/address/search', { CustomerID: own, currentPage: 1, pageSize: 3 }, rsp);
    expect(page1.body.totalSize).toBe(4);
    expect(page1.body.results).toHaveLength(3);
    const page2 = await t.post('/address/search', { CustomerID: own, currentPage: 2, pageSize: 3 }, rsp);
    expect(page2.body.results).toHaveLength(1);
    const ids = [...page1.body.results, ...page2.body.results].map((a: { ObjectID: string }) => a.ObjectID);
    expect(new Set(ids).size).toBe(4);
  });

  it('updates only the fields sent, moves the default and refuses a stale version', async () => {
    const a = await create(rsp, own, { ReceiverName: '孙四' });
    const b = await create(rsp, own, { ReceiverName: '周五', IsDefault: true });
    const saved = await t.post(
      '/address/update',
      { ObjectID: a.ObjectID, Version: a.Version, DetailAddress: '汉中路 8 号', IsDefault: true },
      rsp,
    );
    expect(saved.body).toMatchObject({
      state: true,
      message: '更新成功！',
      results: { DetailAddress: '汉中路 8 号', ReceiverName: '孙四', IsDefault: true, Version: 2 },
    });
    expect((await defaults(own, '101')).map((x: { ObjectID: string }) => x.ObjectID)).toEqual([a.ObjectID]);
    const stale = await t.post(
      '/address/update',
      { ObjectID: b.ObjectID, Version: 1, ReceiverName: 'x' },
      rsp,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    expect((await t.post('/address/getOne', { ObjectID: b.ObjectID }, rsp)).body.results.ReceiverName).toBe(
      '周五',
    );
  });

  it('keeps one default when several saves make a default at once', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        t.post(
          '/address/createByCustomer',
          address(own, { AddressType: '111', ReceiverName: `并发${n}`, IsDefault: true }),
          rsp,
        ),
      ),
    );
    for (const { status, body } of answers) {
      // On a server the losers of the race are told to reload; never a 500.
      if (!body.state) expect([status, body.message]).toEqual([409, '数据已被他人修改，请刷新后重试']);
    }
    expect(answers.some((a) => a.body.state)).toBe(true);
    expect(await defaults(own, '111')).toHaveLength(1);
  });

  it('deletes an address', async () => {
    const a = await create(rsp, own, { ReceiverName: '吴六' });
    const gone = await t.post('/address/delete', { ObjectID: a.ObjectID }, rsp);
    expect(gone.body).toMatchObject({ state: true, message: '删除成功!' });
    const again = await t.post('/address/getOne', { ObjectID: a.ObjectID }, rsp);
    expect(again.status).toBe(404);
  });

  it('names the field of every invalid input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ReceiverName: '' }, 'ReceiverName'],
      [{ ReceiverPhone: '123' }, 'ReceiverPhone'],
      [{ AddressType: '999' }, 'AddressType'],
      [{ CityCode: '330100' }, 'CityCode'],
      [{ ProvinceCode: '999999' }, 'ProvinceCode'],
      [{ DistrictCode: '320101', CityCode: null }, 'CityCode'],
      [{ PostCode: '21' }, 'PostCode'],
      [{ DetailAddress: undefined }, 'DetailAddress'],
      [{ Color: 'red' }, 'Color'],
    ];
    for (const [overrides, field] of cases) {
      const { status, body } = await t.post('/address/createByCustomer', address(own, overrides), rsp);
      expect(status, field).toBe(400);
      expect(namesField(body.message, field, 'address'), `${field}: ${body.message}`).toBe(true);
    }
    const a = await create(rsp, own);
    const bad = await t.post(
      '/address/update',
      { ObjectID: a.ObjectID, Version: 1, ReceiverPhone: 'abc' },
      rsp,
    );
    expect(namesField(bad.body.message, 'ReceiverPhone', 'address'), bad.body.message).toBe(true);
  });
});

describe('address data scope', () => {
  it("keeps another agent's addresses out of an RSP's reach", async () => {
    const theirs = await create(admin, other, { ReceiverName: '外人' });
    const read = await t.post('/address/getOne', { ObjectID: theirs.ObjectID }, rsp);
    expect(read.status).toBe(404);
    expect(read.body.message).toBe('地址不存在或无权查看');
    const listed = await t.post('/address/search', { CustomerID: other }, rsp);
    expect(listed.body).toMatchObject({ results: [], totalSize: 0 });
    const changed = await t.post(
      '/address/update',
      { ObjectID: theirs.ObjectID, Version: 1, ReceiverName: 'x' },
      rsp,
    );
    expect(changed.status).toBe(404);
    const removed = await t.post('/address/delete', { ObjectIDs: [theirs.ObjectID] }, rsp);
    expect(removed.status).toBe(404);
    const added = await t.post('/address/createByCustomer', address(other), rsp);
    expect(added.body.message).toBe('客户不存在或无权查看');
    expect(
      (await t.post('/address/getOne', { ObjectID: theirs.ObjectID }, admin)).body.results.ReceiverName,
    ).toBe('外人');
  });

  it('lets an RSP read the addresses of the CCPs it supplies but not change them', async () => {
    expect(supplied).toBeDefined();
    const ccps = await create(admin, supplied!, { ReceiverName: '下游' });
    expect((await t.post('/address/getOne', { ObjectID: ccps.ObjectID }, rsp)).body.state).toBe(true);
    const changed = await t.post(
      '/address/update',
      { ObjectID: ccps.ObjectID, Version: 1, ReceiverName: 'x' },
      rsp,
    );
    expect(changed.status).toBe(403);
  });

  it('lets vendor staff without the agents module read addresses but not change them', async () => {
    const legal = await t.login('legal', 'Demo@123456');
    const a = await create(admin, other, { ReceiverName: '法务看' });
    expect((await t.post('/address/getOne', { ObjectID: a.ObjectID }, legal)).body.state).toBe(true);
    const changed = await t.post(
      '/address/update',
      { ObjectID: a.ObjectID, Version: 1, ReceiverName: 'x' },
      legal,
    );
    expect(changed.status).toBe(403);
    expect(changed.body.message).toBe('无权修改该客户的地址');
    const ops = await t.login('ops', 'Demo@123456');
    const opsSaved = await t.post(
      '/address/update',
      { ObjectID: a.ObjectID, Version: 1, ReceiverName: '商务改' },
      ops,
    );
    expect(opsSaved.body.state).toBe(true);
  });
});
