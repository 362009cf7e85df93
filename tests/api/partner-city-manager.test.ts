import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { ROLE } from '../../domain/roles';
import { type PartnerServer, partnerOrderLine, startPartnerServer } from '../../scripts/partner-server';
import { up as fillSyncedOrderCityManagers } from '../../server/db/migrations/117-synced-orders-count-toward-their-city-manager.migration';
import { pullPartnerOrders } from '../../server/partner/partner-pull.service';
import { startTestApp, type TestApp } from './harness';

/**
 * A partner-line order counts toward a city manager as every other order does: the partner pull gives
 * each synced order the city manager the configuration names for its agent's city, by the one rule of
 * the order forms (`orderCityManager`), so the partner brand's city manager tasks count it; the partner
 * cannot name one; synced orders taken before without one are given theirs by migration 117.
 */
let t: TestApp;
let partner: PartnerServer;
const db = () => t.database.db;
type Agent = { code: string; name: string; city: string; cityName: string; provinceName: string };
/** The RSP of the demo (its city has a city manager configured), one of another city, and one of a city with none. */
let rsp: Agent;
let elsewhere: Agent & { manager: string };
let unmanaged: Agent;
let ownManager: string;
let product: string;
const ORDER_DATE = '2026-11-05';

const order = (orderNo: string, agentCode: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ...JSON.parse(
      partnerOrderLine({
        orderNo,
        orderDate: ORDER_DATE,
        agentCode,
        endUser: '合作品牌最终用户',
        lines: [{ productCode: product, quantity: 2, unitPrice: '1000.00' }],
      }),
    ),
    ...extra,
  });

async function pulled(...lines: string[]) {
  partner.setLines(lines);
  const run = await pullPartnerOrders(db(), { url: partner.url, pageSize: 50, timeoutMs: 5_000 });
  expect(run).toMatchObject({ state: 'SUCCESS', fail: 0 });
}

async function synced(partnerOrderNo: string) {
  return (
    await sql<{ id: string; manager: string | null; amount: string }>`select object_id::text as id,
        city_manager_name as manager, order_amount::text as amount from sales_order
      where order_channel = ${OrderChannel.partnerLine} and data->>'PartnerOrderNo' = ${partnerOrderNo}`.execute(
      db(),
    )
  ).rows[0];
}

/** What a partner-brand sell-in task of the manager for the RSP's city counts for ORDER_DATE's month. */
async function achieved(manager: string) {
  const found = await sql<{ amount: string }>`select city_manager_achieved(${manager}, ${rsp.provinceName},
      ${rsp.cityName}, ${OrderChannel.partnerLine}, '101', 2026, 11, 11)::numeric(18, 2)::text as amount`.execute(
    db(),
  );
  return Number(found.rows[0].amount);
}

const agentWhere = (where: ReturnType<typeof sql<boolean>>) =>
  sql<Agent>`select c.account_id as code, c.name, c.city_code as city, g.name_zh as "cityName",
      p.name_zh as "provinceName"
    from customer c join region g on g.code = c.city_code join region p on p.code = c.province_code
    where c.account_id is not null and ${where} order by c.account_id limit 1`.execute(db());

/** Of a city's configuration rows in force today, the one that started last (server/identity/city-managers.ts). */
const configured = (alias: string) => sql<boolean>`(select r.data->>'cityManagerName' from record r
  where r.resource = 'cityManagerConfig' and r.city_code = ${sql.ref(`${alias}.city_code`)}
    and coalesce(r.data->>'Enabled', 'true') <> 'false'
    and coalesce(nullif(r.data->>'StartDate', ''), '0000') <= ${businessDay()}
    and coalesce(nullif(r.data->>'EndDate', ''), '9999') >= ${businessDay()}
  order by r.data->>'StartDate' desc, r.object_id limit 1)`;

beforeAll(async () => {
  t = await startTestApp();
  rsp = (
    await agentWhere(sql<boolean>`c.object_id = (select company_id from employee where username = 'rsp')`)
  ).rows[0];
  ownManager = (
    await sql<{ name: string }>`select ${configured('c')} as name from customer c
      where c.account_id = ${rsp.code}`.execute(db())
  ).rows[0].name;
  const other = (
    await sql<Agent & { manager: string }>`select c.account_id as code, c.name, c.city_code as city,
        ${configured('c')} as manager
      from customer c where c.account_id is not null and c.city_code <> ${rsp.city}
        and ${configured('c')} is not null and ${configured('c')} <> ${ownManager}
      order by c.account_id limit 1`.execute(db())
  ).rows[0];
  elsewhere = other;
  unmanaged = (
    await agentWhere(sql<boolean>`not exists (select 1 from record r
      where r.resource = 'cityManagerConfig' and r.city_code = c.city_code)`)
  ).rows[0];
  product = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price is not null and coalesce(category, '') <> '181' order by product_code limit 1`.execute(
      db(),
    )
  ).rows[0].code;
  partner = await startPartnerServer({ lines: [] });
}, 120_000);

afterAll(async () => {
  await partner?.close();
  await t?.close();
});

describe('the city manager of a synced partner order', () => {
  it('is the city manager configured for its agent’s city, and the order counts in their achievement', async () => {
    const before = await achieved(ownManager);
    await pulled(order('CM-PO-0001', rsp.code));
    const taken = await synced('CM-PO-0001');
    expect(taken.manager).toBe(ownManager);
    expect(await achieved(ownManager)).toBeCloseTo(before + Number(taken.amount), 2);
    // As the order's record shows it to sales operations.
    const ops = await t.login('ops', 'Demo@123456');
    const shown = await t.post('/order/getOne', { ObjectID: taken.id }, ops);
    expect(shown.status, shown.body.message).toBe(200);
    expect(shown.body.results[0].cityManagerName).toBe(ownManager);
  });

  it('is none for an agent whose city has no city manager configured', async () => {
    await pulled(order('CM-PO-0002', unmanaged.code));
    expect((await synced('CM-PO-0002')).manager).toBeNull();
  });

  it('is not the partner’s to name: a manager the feed names is ignored', async () => {
    const far = (
      await sql<{ name: string }>`select last_name as name from employee
        where enabled and role_code = ${ROLE.cityManager} and last_name <> ${ownManager}
        order by username limit 1`.execute(db())
    ).rows[0].name;
    await pulled(
      order('CM-PO-0003', rsp.code, { cityManagerName: far, city_manager_name: far }),
      order('CM-PO-0004', unmanaged.code, { cityManagerName: far }),
    );
    expect((await synced('CM-PO-0003')).manager).toBe(ownManager);
    expect((await synced('CM-PO-0004')).manager).toBeNull();
  });

  it('follows the agent when the partner moves the order to an agent of another city', async () => {
    await pulled(order('CM-PO-0005', rsp.code));
    expect((await synced('CM-PO-0005')).manager).toBe(ownManager);
    await pulled(order('CM-PO-0005', elsewhere.code));
    expect((await synced('CM-PO-0005')).manager).toBe(elsewhere.manager);
    // The same row again changes nothing.
    await pulled(order('CM-PO-0005', elsewhere.code));
    expect((await synced('CM-PO-0005')).manager).toBe(elsewhere.manager);
  });
});

describe('synced orders taken before without a city manager (migration 117)', () => {
  it('are given the manager configured for their city the day they were synced, and no other', async () => {
    await pulled(order('CM-PO-0101', rsp.code), order('CM-PO-0102', rsp.code), order('CM-PO-0103', rsp.code));
    const [old, older, named] = await Promise.all(
      ['CM-PO-0101', 'CM-PO-0102', 'CM-PO-0103'].map((no) => synced(no)),
    );
    const far = elsewhere.manager;
    // As the pull left them before; one synced before any manager was configured; one naming another.
    await sql`update sales_order set city_manager_name = null where object_id in (${old.id}, ${older.id})`.execute(
      db(),
    );
    await sql`update sales_order set created_at = '2001-01-01T10:00:00+08:00' where object_id = ${older.id}`.execute(
      db(),
    );
    await sql`update sales_order set city_manager_name = ${far} where object_id = ${named.id}`.execute(db());
    // An own-line order without one is migration 113's, not this one's.
    const ownLine = (
      await sql<{
        id: string;
        manager: string | null;
      }>`select object_id::text as id, city_manager_name as manager
        from sales_order where order_channel = ${OrderChannel.ownLine} and city_code = ${rsp.city}
          and created_at >= '2026-01-02T00:00:00+08:00'
        order by order_no limit 1`.execute(db())
    ).rows[0];
    await sql`update sales_order set city_manager_name = null where object_id = ${ownLine.id}`.execute(db());
    try {
      await fillSyncedOrderCityManagers(db() as never);
      expect((await synced('CM-PO-0101')).manager).toBe(ownManager);
      expect((await synced('CM-PO-0102')).manager).toBeNull();
      expect((await synced('CM-PO-0103')).manager).toBe(far);
      const after = await sql<{ manager: string | null }>`select city_manager_name as manager from sales_order
        where object_id = ${ownLine.id}`.execute(db());
      expect(after.rows[0].manager).toBeNull();
    } finally {
      await sql`update sales_order set city_manager_name = ${ownLine.manager} where object_id = ${ownLine.id}`.execute(
        db(),
      );
    }
  });
});
