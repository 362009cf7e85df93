import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerStatus, CustomerType } from '../../domain/codes/customers.codes';
import { ROLE } from '../../domain/roles';
import { zh } from '../../locales/zh/messages';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * What an order names beside its agent is checked against its master, as a user and as an attacker
 * would send it: the city manager whose incentive it counts toward (the server's to decide), the
 * opportunity of an RSP hardware order and the supplier of a self-built one. A refusal names the
 * field and writes nothing.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
let rsp: { id: string; name: string; city: string };
let product: string;
/** The city manager the configuration names for the RSP's city, one of other cities only, and no city manager. */
let ownManager: string;
let farManager: string;
let provinceManager: string;
let opportunities: { own: string; other: string };
let distributor: string;

const SELF = 'ordersSetup.selfBuiltOrder';
const RSP_FORM = 'ordersSetup.rspHardwareOrderNew';
const header = (form: string, extra: Record<string, unknown> = {}) => ({
  PageID: form,
  ...(form === SELF ? { OrderType: '101' } : { ProductLine: '服务器' }),
  AgentName: rsp.name,
  EndUserName: 'End user',
  OrderDate: '2026-11-20',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ReceiverName: 'Receiver',
  ReceiverPhone: '13800000000',
  ReceiverAddress: 'Xuanwu District No. 1',
  Lines: [{ ProductCode: product, Quantity: 1 }],
  ...extra,
});
const post = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);

async function orderCount() {
  return (await sql<{ n: number }>`select count(*)::int as n from sales_order`.execute(db())).rows[0].n;
}

async function stored(id: string) {
  return (
    await sql<{ manager: string | null; opportunity: string | null; supplier: string | null }>`select
        city_manager_name as manager, data->>'OpportunityNo' as opportunity, data->>'SupplierName' as supplier
      from sales_order where object_id = ${id}`.execute(db())
  ).rows[0];
}

/** Every way in (create and save-and-submit, each person) refuses the body naming `field`, writing nothing. */
async function refusedEverywhere(body: Record<string, unknown>, field: string, words: string) {
  const before = await orderCount();
  for (const who of ['rsp', 'ops'])
    for (const path of ['/order/create', '/order/submit']) {
      const refused = await post(path, body, who);
      expect([refused.status, refused.body.field], `${who} ${path}`).toEqual([400, field]);
      expect(refused.body.message).toContain(words);
    }
  expect(await orderCount()).toBe(before);
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  rsp = (
    await sql<typeof rsp>`select c.object_id::text as id, c.name, c.city_code as city
      from employee e join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db())
  ).rows[0];
  product = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price > 100 and coalesce(category, '') <> '181' order by product_code limit 1`.execute(
      db(),
    )
  ).rows[0].code;
  const managers = await sql<{ name: string; city: string }>`select e.last_name as name, r.city_code as city
    from record r join employee e on e.username = r.data->>'cityManagerCode'
    where r.resource = 'cityManagerConfig' and e.enabled and e.role_code = ${ROLE.cityManager}
    order by e.username`.execute(db());
  // Of the city's rows, the one in force that started last (the demo gives some cities two managers).
  ownManager = (
    await sql<{ name: string }>`select data->>'cityManagerName' as name from record
      where resource = 'cityManagerConfig' and city_code = ${rsp.city} and data->>'Enabled' = 'true'
      order by data->>'StartDate' desc, object_id limit 1`.execute(db())
  ).rows[0].name;
  farManager = managers.rows.find(
    (m) => m.city !== rsp.city && !managers.rows.some((o) => o.name === m.name && o.city === rsp.city),
  )!.name;
  provinceManager = (
    await sql<{ name: string }>`select last_name as name from employee where username = 'province'`.execute(
      db(),
    )
  ).rows[0].name;
  const opportunity = (mine: boolean) => sql<{ no: string }>`select data->>'ExtOpportunityNOText_SDK' as no
    from record where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' is not null
      and (company_id = ${rsp.id}) = ${mine}
      and company_id not in (select object_id from customer where parent_id = ${rsp.id})
    order by object_id limit 1`;
  opportunities = {
    own: (await opportunity(true).execute(db())).rows[0].no,
    other: (await opportunity(false).execute(db())).rows[0].no,
  };
  distributor = (
    await sql<{
      name: string;
    }>`select name from customer where customer_type = ${CustomerType.generalDistributor}
      and status = ${CustomerStatus.active} order by account_id limit 1`.execute(db())
  ).rows[0].name;
});
afterAll(() => t?.close());

describe('the city manager an order counts toward', () => {
  it('is the city manager configured for the agent’s city when the form names none', async () => {
    for (const form of [SELF, RSP_FORM]) {
      const created = await post('/order/create', header(form), 'rsp');
      expect(created.status, created.body.message).toBe(200);
      expect((await stored(created.body.results.ObjectID)).manager).toBe(ownManager);
    }
  });

  it('is the city manager of the agent’s city the form names', async () => {
    const created = await post('/order/create', header(SELF, { cityManagerName: ownManager }), 'ops');
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.results.cityManagerName).toBe(ownManager);
  });

  it('refuses a city manager of another city, naming the field, on both forms and every way in', async () => {
    const words = zh.ordersEntry.cityManagerOfOtherCity;
    for (const form of [SELF, RSP_FORM])
      await refusedEverywhere(header(form, { cityManagerName: farManager }), 'cityManagerName', words);
  });

  it('refuses someone who is no city manager, or no one at all', async () => {
    const words = zh.server.problems.unknownCityManager;
    for (const cityManagerName of [provinceManager, 'Nobody Such'])
      await refusedEverywhere(header(SELF, { cityManagerName }), 'cityManagerName', words);
  });

  it('refuses a name two city managers of the city share', async () => {
    await sql`insert into employee (username, last_name, role_code, province_code, city_code, enabled,
        password_hash, email)
      select 'twin-manager', last_name, role_code, province_code, city_code, true, password_hash,
        'twin-manager@portal.example'
      from employee where last_name = ${ownManager} and role_code = ${ROLE.cityManager} limit 1`.execute(
      db(),
    );
    try {
      const words = zh.server.problems.ambiguousPerson;
      await refusedEverywhere(header(RSP_FORM, { cityManagerName: ownManager }), 'cityManagerName', words);
    } finally {
      await sql`delete from employee where username = 'twin-manager'`.execute(db());
    }
  });

  it('refuses an edit naming another city’s manager, leaving the draft as it was', async () => {
    const created = (await post('/order/create', header(SELF), 'rsp')).body.results;
    const edit = { ObjectID: created.ObjectID, Version: created.Version, cityManagerName: farManager };
    const refused = await post('/order/update', edit, 'rsp');
    expect([refused.status, refused.body.field]).toEqual([400, 'cityManagerName']);
    const after = await post('/order/getOne', { ObjectID: created.ObjectID }, 'rsp');
    expect(after.body.results[0].Version).toBe(created.Version);
    expect((await stored(created.ObjectID)).manager).toBe(ownManager);
    // Cleared, the server gives it the configured city manager again.
    const cleared = await post('/order/update', { ...edit, cityManagerName: '' }, 'rsp');
    expect(cleared.status, cleared.body.message).toBe(200);
    expect((await stored(created.ObjectID)).manager).toBe(ownManager);
  });
});

describe('the opportunity of an RSP hardware order', () => {
  it('is a deal of the agent’s', async () => {
    const created = await post(
      '/order/create',
      header(RSP_FORM, { OpportunityNo: opportunities.own }),
      'rsp',
    );
    expect(created.status, created.body.message).toBe(200);
    expect((await stored(created.body.results.ObjectID)).opportunity).toBe(opportunities.own);
  });

  it('refuses another agent’s deal and a number no deal has, naming the field', async () => {
    const words = zh.server.problems.unknownOpportunity;
    const before = await orderCount();
    for (const OpportunityNo of [opportunities.other, 'SJ209901010001'])
      for (const path of ['/order/create', '/order/submit']) {
        const refused = await post(path, header(RSP_FORM, { OpportunityNo }), 'rsp');
        expect([refused.status, refused.body.field], `${OpportunityNo} ${path}`).toEqual([
          400,
          'OpportunityNo',
        ]);
        expect(refused.body.message).toContain(words);
      }
    const invented = await post(
      '/order/create',
      header(RSP_FORM, { OpportunityNo: 'SJ209901010001' }),
      'ops',
    );
    expect([invented.status, invented.body.field]).toEqual([400, 'OpportunityNo']);
    expect(await orderCount()).toBe(before);
  });
});

describe('the opportunity sales operations name on an agent’s order', () => {
  it('is a deal of the agent the order is for, entered by whoever enters it', async () => {
    const created = await post(
      '/order/create',
      header(RSP_FORM, { OpportunityNo: opportunities.own }),
      'ops',
    );
    expect(created.status, created.body.message).toBe(200);
    expect((await stored(created.body.results.ObjectID)).opportunity).toBe(opportunities.own);
  });

  it('refuses another agent’s deal the desk sees, naming the field, on every way in and on an edit', async () => {
    // Sales operations see every deal: the deal is refused for whose it is, not for being unseen.
    const before = await orderCount();
    for (const path of ['/order/create', '/order/submit']) {
      const refused = await post(path, header(RSP_FORM, { OpportunityNo: opportunities.other }), 'ops');
      expect([refused.status, refused.body.field], path).toEqual([400, 'OpportunityNo']);
      expect(refused.body.message).toContain(zh.server.problems.opportunityOfOtherAgent);
    }
    expect(await orderCount()).toBe(before);
    const draft = (await post('/order/create', header(RSP_FORM), 'ops')).body.results;
    const refused = await post(
      '/order/update',
      { ObjectID: draft.ObjectID, Version: draft.Version, OpportunityNo: opportunities.other },
      'ops',
    );
    expect([refused.status, refused.body.field]).toEqual([400, 'OpportunityNo']);
    expect(refused.body.message).toContain(labelFor('OpportunityNo', 'zh', 'order'));
    expect((await stored(draft.ObjectID)).opportunity).toBeNull();
  });

  it('refuses an RSP a deal of a city agent it supplies, which it sees but is not its own', async () => {
    const supplied = (
      await sql<{ no: string }>`select data->>'ExtOpportunityNOText_SDK' as no from record
        where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' is not null
          and company_id in (select object_id from customer where parent_id = ${rsp.id})
        order by object_id limit 1`.execute(db())
    ).rows[0]?.no;
    expect(supplied, 'a deal of a city agent the RSP supplies').toBeDefined();
    const before = await orderCount();
    const refused = await post('/order/create', header(RSP_FORM, { OpportunityNo: supplied }), 'rsp');
    expect([refused.status, refused.body.field]).toEqual([400, 'OpportunityNo']);
    expect(refused.body.message).toContain(zh.server.problems.opportunityOfOtherAgent);
    expect(await orderCount()).toBe(before);
  });
});

describe('the supplier of a self-built order', () => {
  it('is a general distributor in active cooperation', async () => {
    const created = await post('/order/create', header(SELF, { SupplierName: distributor }), 'rsp');
    expect(created.status, created.body.message).toBe(200);
    expect((await stored(created.body.results.ObjectID)).supplier).toBe(distributor);
  });

  it('refuses an agent that is no general distributor and a name no company has', async () => {
    const words = zh.ordersEntry.unknownSupplier;
    for (const SupplierName of [rsp.name, 'No Such Distributor Ltd.'])
      await refusedEverywhere(header(SELF, { SupplierName }), 'SupplierName', words);
  });
});
