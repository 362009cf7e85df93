import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleOrders } from '../../bench/scale/scale';
import { isValidCreditCode } from '../../domain/credit-code';
import { type Db, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { dictionarySeeds } from '../../server/reference/dictionaries.data';
import { engineResources, type ResourceDef } from '../../server/resources/registry';
import { DEMO_ORDERS } from '../../server/seed/demo-orders.seed';
import { genericResources, storyResources } from '../../server/seed/demo-records.seed';
import { dictCodeOf } from '../../server/seed/demo-text';
import { demoEmployees } from '../../server/seed/employees.seed';
import { seed } from '../../server/seed/seed';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;
const one = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await rows(query))[0].n);

describe('the demo seed', () => {
  it('has the designed volumes', async () => {
    const types = await rows(
      sql<{
        type: string;
        n: number;
      }>`select customer_type as type, count(*)::int as n from customer
        where data->>'ExtRegistrationNo_SDK' is null group by 1`,
    );
    expect(Object.fromEntries(types.map((r) => [r.type, r.n]))).toEqual({ '101': 6, '111': 40, '121': 120 });
    // The agents the demo registrations became when their agreements were signed, and no others.
    const signed = await one(sql`select count(*)::int as n from record
      where resource = 'registrationInfo' and data->>'ExtCustomerStatus_SDK' = '161'`);
    const fromRegistrations = await one(sql`select count(*)::int as n from customer c
      join record r on r.resource = 'registrationInfo' and r.data->>'CustomerID' = c.object_id::text`);
    expect([signed, fromRegistrations]).toEqual([3, 3]);
    // The demo catalogue and the two products the demo's product pull brought in.
    expect(await one(sql`select count(*)::int as n from product`)).toBe(62);
    expect(await one(sql`select count(*)::int as n from product where created_by_name = 'SYS'`)).toBe(2);
    // Beside the demo orders, the read-only copy of the revision the demo order change replaced, the
    // special-price order the demo's executed execution order was drawn by, and the demo distributor's
    // partner order the order pull brings on the demo's today (its shipment awaits gd's receipt).
    expect(await one(sql`select count(*)::int as n from sales_order where approval_status <> '161'`)).toBe(
      DEMO_ORDERS + 2,
    );
    expect(
      await one(sql`select count(distinct i.order_id)::int as n from order_item i
        join execution_order_line l on l.object_id = i.execution_order_line_id
        where l.special_price_line_id is not null`),
    ).toBe(1);
    const perOrder = await rows(
      sql<{ min: number; max: number }>`select min(n)::int as min, max(n)::int as max
        from (select count(*) as n from order_item group by order_id) x`,
    );
    expect(perOrder[0]).toEqual({ min: 1, max: 4 });
    expect(
      await one(sql`select count(*)::int as n from sales_order where order_channel = '111'`),
    ).toBeGreaterThan(100);
    // The demo accounts plus ~40 city and channel managers; still one administrator (roles.test.ts).
    const staff = await one(sql`select count(*)::int as n from employee`);
    expect(staff - demoEmployees.length).toBeGreaterThanOrEqual(40);
    expect(await one(sql`select count(*)::int as n from employee where role_code = 'JS001'`)).toBe(1);

    expect(await one(sql`select count(*)::int as n from region where level = 'province'`)).toBe(31);
    const cities = await rows(
      sql<{ code: string; n: number }>`select parent_code as code, count(*)::int as n from region
        where level = 'city' group by 1`,
    );
    const cityCount = Object.fromEntries(cities.map((r) => [r.code, r.n]));
    expect(Object.keys(cityCount)).toHaveLength(31);
    expect(Math.min(...Object.values(cityCount))).toBeGreaterThanOrEqual(3);
    expect(cityCount).toMatchObject({ '320000': 13, '330000': 11, '440000': 21, '370000': 16, '110000': 16 });

    const perResource = await rows(
      sql<{ resource: string; n: number }>`select resource, count(*)::int as n from record group by 1`,
    );
    const counts = Object.fromEntries(perResource.map((r) => [r.resource, r.n]));
    // Opportunity lines also come from the demo letters' configurations, entered through their command.
    const alsoByCommands = new Set(['opportunityItem']);
    for (const def of genericResources()) {
      expect(counts[def.name], def.name).toBeGreaterThanOrEqual(25);
      if (!alsoByCommands.has(def.name)) expect(counts[def.name], def.name).toBeLessThanOrEqual(40);
    }
    // Configuration and code-declared jobs are not demo volume: a few rows each, or none. The city
    // manager configuration has a row per city manager, one per province and more.
    const reportLines = [
      'stockReport',
      'salesReport',
      'purchaseReport',
      'shipmentReport',
      'rspShipmentReport',
    ];
    const manyRows = new Set(['registrationInfo', 'opportunity', 'cityManagerConfig', ...reportLines]);
    for (const { name } of storyResources())
      if (!manyRows.has(name)) expect(counts[name] ?? 0, name).toBeLessThan(25);
    // The special-price depth bands are configuration records the seed enters in every mode
    // (price-bands.seed.ts): the four default bands, the region level awaiting the region manager.
    expect(counts.specialPriceBand).toBe(4);
    const cityManagers = await one(sql`select count(*)::int as n from employee where role_code = 'JS012'`);
    expect(counts.cityManagerConfig).toBe(cityManagers);
    // Registrations come through the public form, one per planned outcome of the demo.
    expect(counts.registrationInfo).toBe(30);
    // Every reported line comes in through the import, enough of each to page through: the demo
    // agents' stock, what they sold of it (the distributor's sales and shipments, the RSP's shipments),
    // and the purchases of what the vendor and the distributor delivered. No line without its upload.
    for (const name of reportLines) expect(counts[name], name).toBeGreaterThanOrEqual(25);
    const uploaded = await rows(sql<{ resource: string; n: number }>`select r.resource, count(*)::int as n
      from record r where r.resource in (${sql.join(reportLines)}) and not exists (select 1 from record h
        where h.resource = 'importHistory' and h.data->>'UploadResult' = '101'
          and h.created_at = r.created_at) group by 1`);
    expect(uploaded).toEqual([]);
  });

  it('makes every order amount the exact sum of its items', async () => {
    const wrong = await one(sql`select count(*)::int as n from sales_order o
      where order_amount is distinct from
        (select sum(quantity * unit_price) from order_item i where i.order_id = o.object_id)`);
    expect(wrong).toBe(0);
  });

  it('numbers orders DD<order date><4-digit sequence> (revisions of a changed order -1, -2…), uniquely', async () => {
    const bad = await one(sql`select count(*)::int as n from sales_order
      where order_no !~ '^DD[0-9]{12}(-[0-9]+)?$' or substr(order_no, 3, 8) <> to_char(order_date, 'YYYYMMDD')`);
    expect(bad).toBe(0);
    const dupes = await one(sql`select count(*)::int - count(distinct order_no)::int as n from sales_order`);
    expect(dupes).toBe(0);
  });

  it('gives every customer a valid credit code of its own', async () => {
    const codes = await rows(sql<{ code: string }>`select credit_code as code from customer`);
    expect(codes).toHaveLength(166 + 3);
    for (const { code } of codes) expect(isValidCreditCode(code), code).toBe(true);
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });

  it('uses only seeded dictionary keywords, in columns and in data', async () => {
    const seeded = new Set(dictionarySeeds.map(([code, , keyword]) => `${code}:${keyword}`));
    const dictionaries = new Set(dictionarySeeds.map(([code]) => code));
    const lensOnly: string[] = [];
    for (const def of engineResources()) {
      for (const spec of def.fields.values()) {
        if (spec.kind !== 'dict') continue;
        if (!dictionaries.has(dictCodeOf(spec))) {
          lensOnly.push(`${def.name}.${spec.name}`);
          continue;
        }
        const values = await distinctValues(def, spec.name);
        for (const value of values)
          expect(seeded.has(`${dictCodeOf(spec)}:${value}`), `${def.name}.${spec.name} = ${value}`).toBe(
            true,
          );
      }
    }
    // The one field no dictionary holds: the entry form an order records, which only a page's fixed
    // lens names (自建订单查询), matched as it is.
    expect(lensOnly).toEqual(['order.EntryPage']);
  });

  it("ties the demo agents to their companies: rsp's is a Jiangsu RSP, ccp's a CCP under it", async () => {
    const company = async (username: string) =>
      (
        await rows(
          sql<{
            type: string;
            province: string;
            parent: string | null;
            id: string;
          }>`select c.customer_type as type,
            c.province_code as province, c.parent_id as parent, c.object_id as id
          from employee e join customer c on c.object_id = e.company_id where e.username = ${username}`,
        )
      )[0];
    const rsp = await company('rsp');
    expect(rsp).toMatchObject({ type: '111', province: '320000', parent: null });
    expect(await company('ccp')).toMatchObject({ type: '121', province: '320000', parent: rsp.id });
    expect(await company('gd')).toMatchObject({ type: '101' });

    // What the agent sees through the API is its own and its CCPs' orders.
    const expected = await one(sql`select count(*)::int as n from sales_order
      where company_id = ${rsp.id} or company_id in (select object_id from customer where parent_id = ${rsp.id})`);
    expect(expected).toBeGreaterThan(20);
    const token = await t.login('rsp', 'Demo@123456');
    const seen = await t.post('/order/search', { pageSize: 10 }, token);
    expect(seen.body.totalSize).toBe(expected);
    // The Nanjing city manager sees Nanjing's visits.
    const city = await t.login('city', 'Demo@123456');
    const nanjing = await one(sql`select count(*)::int as n from visit where city_code = '320100'`);
    expect(nanjing).toBeGreaterThan(0);
    expect((await t.post('/visit/search', {}, city)).body.totalSize).toBe(nanjing);
  });

  it('never shows an opportunity whose registration status contradicts its stage', async () => {
    const contradictions = await one(sql`select count(*)::int as n from record
      where resource = 'opportunity' and data ? 'ExtOpportunityStage_SDK' and data ? 'ExtOpportunityStatus_SDK'
        and case data->>'ExtOpportunityStage_SDK'
              when '151' then data->>'ExtOpportunityStatus_SDK' <> '191'
              when '161' then data->>'ExtOpportunityStatus_SDK' <> '201'
              when '171' then data->>'ExtOpportunityStatus_SDK' <> '201'
              else data->>'ExtOpportunityStatus_SDK' in ('191', '201') end`);
    expect(contradictions).toBe(0);
    const opportunities = await one(sql`select count(*)::int as n from record where resource = 'opportunity'
      and data ? 'ExtOpportunityStatus_SDK'`);
    expect(opportunities).toBeGreaterThanOrEqual(25);
  });

  // Left to the PostgreSQL suite where `npm test` runs it beside this one (SEED_COMPARED_ON_POSTGRES):
  // there the same check compares the server's seed with a fresh one on PGlite, two seeds on two
  // backends, and a second fresh seed here would prove nothing more for another minute of both cores.
  it.skipIf(process.env.SEED_COMPARED_ON_POSTGRES === '1' && !process.env.DATABASE_URL)(
    'gives the same data for the same seed',
    async () => {
      // The suite's own database was seeded by the run's global setup; one more seed must match it.
      const digestOf = async (of: Db) => {
        const digest = await sql<{ d: string }>`select
        (select md5(string_agg(c::text, '|' order by object_id)) from customer c) ||
        -- An order waits for a person by employee id (a returned one, for its applicant): left out too.
        (select md5(string_agg((to_jsonb(o) - 'awaiting_person')::text, '|' order by object_id)) from sales_order o) ||
        (select md5(string_agg(i::text, '|' order by object_id)) from order_item i) ||
        -- Employees get new ids on every seed; a record names its creator by one, so that column is left out.
        (select md5(string_agg((to_jsonb(r) - 'created_by')::text, '|' order by object_id)) from record r) as d`.execute(
          of,
        );
        return digest.rows[0].d;
      };
      const fresh = await openDatabase({});
      try {
        await migrateToLatest(fresh.db);
        await seed(fresh.db, 'demo');
        expect(await digestOf(fresh.db)).toBe(await digestOf(db));
      } finally {
        await fresh.close();
      }
      // A whole demo seed, with its dozens of imports and workflows: about a minute on 2 cores.
    },
    300_000,
  );

  it('--scale adds orders with unique numbers and exact amounts', async () => {
    const before = await one(sql`select count(*)::int as n from sales_order`);
    const result = await scaleOrders(db, 5000, { batchSize: 2000 });
    expect(result.orders).toBe(5000);
    expect(await one(sql`select count(*)::int as n from sales_order`)).toBe(before + 5000);
    expect(await one(sql`select count(*)::int - count(distinct order_no)::int as n from sales_order`)).toBe(
      0,
    );
    expect(await one(sql`select count(*)::int as n from order_item`)).toBeGreaterThan(before + 5000 * 2);
    const wrong = await one(sql`select count(*)::int as n from sales_order o
      where order_amount is distinct from
        (select sum(quantity * unit_price) from order_item i where i.order_id = o.object_id)`);
    expect(wrong).toBe(0);
    // A second run continues after the first instead of repeating its numbers; loaded the way big runs
    // are (indexes dropped and built again), it leaves the same indexes behind.
    const indexes = sql<{ n: number }>`select count(*)::int as n from pg_indexes
      where tablename in ('sales_order', 'order_item') and schemaname = current_schema()`;
    const indexCount = await one(indexes);
    await scaleOrders(db, 100, { analyze: false, rebuildIndexesFrom: 1 });
    expect(await one(indexes)).toBe(indexCount);
    expect(await one(sql`select count(*)::int as n from sales_order`)).toBe(before + 5100);
    expect(await one(sql`select count(*)::int - count(distinct order_no)::int as n from sales_order`)).toBe(
      0,
    );
  }, 60_000);
});

/** The distinct values a field holds, read from its column or from `data`. */
async function distinctValues(def: ResourceDef, field: string): Promise<string[]> {
  const column = def.storage.columns[field];
  const value = column ? sql`t.${sql.ref(column.column)}::text` : sql`t.data->>${field}`;
  const where = def.storage.shared ? sql`t.resource = ${def.name}` : sql`true`;
  const result = await sql<{ v: string }>`select distinct ${value} as v from ${sql.table(def.storage.table)} t
    where ${where} and ${value} is not null`.execute(db);
  return result.rows.map((r) => r.v);
}
