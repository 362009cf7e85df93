import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { ROLE } from '../../domain/roles';
import { zh } from '../../locales/zh/messages';
import { up as fillOrderCityManagers } from '../../server/db/migrations/113-orders-count-toward-their-city-manager.migration';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * Every order entered counts toward a city manager, and the order forms offer only those it may name:
 * a special-price or a service order takes the city manager configured for its agent's city, as a
 * hardware order entered without one does, and counts in that manager's achievement once effective;
 * orders entered before without one are given theirs by migration 113; and the hardware forms' 城市经理
 * picker offers the managers the save accepts for the form's agent, to whom the form is open.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.database.db;
let rsp: { id: string; name: string; city: string; province: string; cityName: string; provinceName: string };
let products: string[];
let serviceCode: string;
/** The city manager configured for the RSP's city, one of other cities only, and no city manager. */
let ownManager: string;
let farManager: string;
let provinceManager: string;

const SELF = 'ordersSetup.selfBuiltOrder';
const RSP_FORM = 'ordersSetup.rspHardwareOrderNew';
const SPECIAL = 'ordersSetup.specialAdd';
const SERVICE = 'ordersSetup.serviceOrderNew';
const ORDER_DATE = '2026-11-20';
const receiver = {
  ReceiverName: '张收货',
  ReceiverPhone: '13800000000',
  ReceiverAddress: '南京市玄武区一号',
};
const post = (path: string, body: unknown, who: string) => t.post(path, body, tokens[who]);

const selfBuilt = (extra: Record<string, unknown> = {}) => ({
  PageID: SELF,
  OrderType: '101',
  AgentName: rsp.name,
  EndUserName: '测试最终用户',
  OrderDate: ORDER_DATE,
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ...receiver,
  Lines: [{ ProductCode: products[0], Quantity: 1 }],
  ...extra,
});

/** An execution order of the RSP with an approved line, as the special-price approval leaves it (order-entry.test.ts). */
async function executionOrder(code: string) {
  const no = `ZX20261120${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const row = await sql<{ id: string }>`insert into record (resource, company_id, province_code, data)
    values ('executionOrder', ${rsp.id}, ${rsp.province},
      ${JSON.stringify({ ExecutionOrderNo: no, AgentName: rsp.name, Status: '101', ValidUntil: '2027-06-30', SpecialPriceNo: 'TJ202611010001' })}::jsonb)
    returning object_id::text as id`.execute(db());
  // Loaded once the app is (its module reaches the areas that read it back).
  const { setApprovedLines } = await import('../../server/orders/pricing-execution-orders');
  await setApprovedLines(db(), row.rows[0].id, [{ productCode: code, approvedPrice: '1.00', quantity: 50 }]);
  return no;
}

const special = (no: string) => ({
  PageID: SPECIAL,
  ExecutionOrderNo: no,
  AgentName: rsp.name,
  EndUserName: '特价最终用户',
  ContractNo: 'HT2026110001',
  OrderDate: ORDER_DATE,
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ...receiver,
  Lines: [{ ProductCode: products[1], Quantity: 2 }],
});

const service = (relatedOrderNo: string) => ({
  PageID: SERVICE,
  AgentName: rsp.name,
  EndUserName: '服务最终用户',
  RelatedOrderNo: relatedOrderNo,
  ServiceType: '111',
  ServiceStartDate: ORDER_DATE,
  ServiceEndDate: '2027-11-19',
  PaymentMethod: '101',
  DeliveryMethod: '101',
  ContactName: '联系人',
  ContactPhone: '13800000000',
  Lines: [{ ProductCode: serviceCode, Quantity: 1 }],
});

async function managerOf(id: string) {
  return (
    await sql<{ manager: string | null }>`select city_manager_name as manager from sales_order
      where object_id = ${id}`.execute(db())
  ).rows[0].manager;
}

/** What a city manager's sell-in task of the RSP's city counts for the month of ORDER_DATE (the STI's figure). */
async function achieved(manager: string) {
  const found = await sql<{ amount: string }>`select city_manager_achieved(${manager}, ${rsp.provinceName},
      ${rsp.cityName}, '101', '101', 2026, 11, 11)::numeric(18, 2)::text as amount`.execute(db());
  return Number(found.rows[0].amount);
}

/** Submits an order and agrees at each step of its chain until it is effective. */
async function makeEffective(id: string) {
  expect((await post('/orderApproval/submit', { ObjectID: id }, 'ops')).status).toBe(200);
  for (let step = 0; step < 6; step++) {
    const { status } = (
      await sql<{ status: string }>`select approval_status as status from sales_order
      where object_id = ${id}`.execute(db())
    ).rows[0];
    if (status === '121') return;
    for (const who of ['ops', 'finance', 'province', 'vp']) {
      const decided = await post(
        '/workflow/decide',
        { workflow: 'orderApproval', ObjectID: id, command: 'agree', payload: {} },
        who,
      );
      if (decided.status === 200) break;
    }
  }
  throw new Error('the order did not come into effect');
}

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'rsp', 'ccp', 'channel', 'finance', 'province', 'vp'])
    tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  rsp = (
    await sql<typeof rsp>`select c.object_id::text as id, c.name, c.city_code as city,
        c.province_code as province, g.name_zh as "cityName", p.name_zh as "provinceName"
      from employee e join customer c on c.object_id = e.company_id
      join region g on g.code = c.city_code join region p on p.code = c.province_code
      where e.username = 'rsp'`.execute(db())
  ).rows[0];
  products = (
    await sql<{ code: string }>`select product_code as code from product
      where standard_price > 100 and coalesce(category, '') <> '181' order by product_code limit 2`.execute(
      db(),
    )
  ).rows.map((r) => r.code);
  serviceCode = (
    await sql<{ code: string }>`select product_code as code from product where category = '181'
      order by product_code limit 1`.execute(db())
  ).rows[0].code;
  // The related hardware product may carry this service (order-entry.test.ts sets up the same).
  await sql`insert into record (resource, data) values ('serviceProductConstraint', ${JSON.stringify({
    ServicePn: serviceCode,
    pn: products[0],
    ExtConstraintServiceType_SDK: '111',
    Enabled: true,
  })}::jsonb)`.execute(db());
  ownManager = (
    await sql<{ name: string }>`select data->>'cityManagerName' as name from record
      where resource = 'cityManagerConfig' and city_code = ${rsp.city} and data->>'Enabled' = 'true'
      order by data->>'StartDate' desc, object_id limit 1`.execute(db())
  ).rows[0].name;
  const managers = await sql<{ name: string; city: string }>`select e.last_name as name, r.city_code as city
    from record r join employee e on e.username = r.data->>'cityManagerCode'
    where r.resource = 'cityManagerConfig' and e.enabled and e.role_code = ${ROLE.cityManager}
    order by e.username`.execute(db());
  farManager = managers.rows.find(
    (m) => m.city !== rsp.city && !managers.rows.some((o) => o.name === m.name && o.city === rsp.city),
  )!.name;
  provinceManager = (
    await sql<{ name: string }>`select last_name as name from employee where username = 'province'`.execute(
      db(),
    )
  ).rows[0].name;
});
afterAll(() => t?.close());

describe('the city manager of a special-price or service order', () => {
  it('is the city manager configured for the agent’s city, on both forms', async () => {
    const specialOrder = await post('/order/create', special(await executionOrder(products[1])), 'rsp');
    expect(specialOrder.status, specialOrder.body.message).toBe(200);
    expect(specialOrder.body.results.cityManagerName).toBe(ownManager);
    const hardware = await post('/order/create', selfBuilt(), 'rsp');
    expect(hardware.status, hardware.body.message).toBe(200);
    const serviceOrder = await post('/order/create', service(hardware.body.results.OrderNo), 'ops');
    expect(serviceOrder.status, serviceOrder.body.message).toBe(200);
    expect(serviceOrder.body.results.cityManagerName).toBe(ownManager);
  });

  it('is the server’s to give: a special-price order naming another manager is refused, naming the field', async () => {
    const refused = await post(
      '/order/create',
      { ...special(await executionOrder(products[1])), cityManagerName: farManager },
      'rsp',
    );
    expect([refused.status, refused.body.field]).toEqual([400, 'cityManagerName']);
  });

  it('counts in the city manager’s achievement once effective', async () => {
    const before = await achieved(ownManager);
    const entered = await post('/order/create', special(await executionOrder(products[1])), 'ops');
    expect(entered.status, entered.body.message).toBe(200);
    await makeEffective(entered.body.results.ObjectID);
    expect(await achieved(ownManager)).toBeCloseTo(before + Number(entered.body.results.OrderAmount), 2);
  });

  it('follows the agent city’s manager when the configuration changed before an edit', async () => {
    const entered = (await post('/order/create', special(await executionOrder(products[1])), 'rsp')).body
      .results;
    // A configuration row starting today, the latest of the city's, names another manager for it.
    const other = await sql<{ name: string; code: string }>`select last_name as name, username as code
      from employee where enabled and role_code = ${ROLE.cityManager} and last_name <> ${ownManager}
      order by username limit 1`.execute(db());
    const row = await sql<{ id: string }>`insert into record (resource, city_code, data)
      values ('cityManagerConfig', ${rsp.city}, ${JSON.stringify({
        cityManagerName: other.rows[0].name,
        cityManagerCode: other.rows[0].code,
        StartDate: businessDay(new Date()),
        Enabled: 'true',
      })}::jsonb) returning object_id::text as id`.execute(db());
    try {
      const edited = await post(
        '/order/update',
        { ObjectID: entered.ObjectID, Version: entered.Version, Remark: '改' },
        'rsp',
      );
      expect(edited.status, edited.body.message).toBe(200);
      expect(await managerOf(entered.ObjectID)).toBe(other.rows[0].name);
    } finally {
      await sql`delete from record where object_id = ${row.rows[0].id}`.execute(db());
    }
  });
});

describe('orders entered before without a city manager (migration 113)', () => {
  it('are given the manager configured for their city the day they were entered, and no other', async () => {
    const hardware = (await post('/order/create', selfBuilt(), 'rsp')).body.results;
    const old = (await post('/order/create', special(await executionOrder(products[1])), 'rsp')).body.results;
    const older = (await post('/order/create', service(hardware.OrderNo), 'rsp')).body.results;
    const named = (await post('/order/create', selfBuilt({ cityManagerName: ownManager }), 'rsp')).body
      .results;
    // As the special-price and service forms left them; one entered before any manager was configured.
    await sql`update sales_order set city_manager_name = null
      where object_id in (${old.ObjectID}, ${older.ObjectID})`.execute(db());
    await sql`update sales_order set created_at = '2001-01-01T10:00:00+08:00' where object_id = ${older.ObjectID}`.execute(
      db(),
    );
    await fillOrderCityManagers(db() as never);
    expect(await managerOf(old.ObjectID)).toBe(ownManager);
    expect(await managerOf(older.ObjectID)).toBeNull();
    expect(await managerOf(named.ObjectID)).toBe(ownManager);
  });
});

describe('the city manager picker of the hardware forms', () => {
  const lookup = (who: string, body: Record<string, unknown>) =>
    post('/orderCityManagerLookup/search', { currentPage: 1, pageSize: 50, ...body }, who);
  const names = (rows: { LastName: string }[]) => rows.map((r) => r.LastName);

  it('offers the city managers of the form’s agent’s city, each one the save accepts, and no one else', async () => {
    for (const [who, form] of [
      ['rsp', SELF],
      ['rsp', RSP_FORM],
      ['ops', SELF],
    ]) {
      const found = await lookup(who, { PageID: form, AgentName: rsp.name });
      expect(found.status, found.body.message).toBe(200);
      const offered = names(found.body.results);
      expect(offered).toContain(ownManager);
      expect(offered).not.toContain(farManager);
      expect(offered).not.toContain(provinceManager);
      expect(found.body.totalSize).toBe(offered.length);
      expect(found.body.results[0]).toMatchObject({ ExtRoleCode_SDK: ROLE.cityManager });
    }
    const offered = names((await lookup('rsp', { PageID: SELF, AgentName: rsp.name })).body.results);
    for (const cityManagerName of offered) {
      const saved = await post('/order/create', selfBuilt({ cityManagerName }), 'rsp');
      expect(saved.status, `${cityManagerName}: ${saved.body.message}`).toBe(200);
    }
    // The employee picker it replaces offered people the save refuses.
    const everyone = await post('/employee/search', { currentPage: 1, pageSize: 50 }, 'ops');
    expect(names(everyone.body.results)).toContain(provinceManager);
  });

  it('matches the keyword on the name or the login', async () => {
    const found = await lookup('rsp', { PageID: SELF, AgentName: rsp.name, keyword: ownManager });
    expect(names(found.body.results)).toEqual([ownManager]);
    const none = await lookup('rsp', { PageID: SELF, AgentName: rsp.name, keyword: 'no-such-manager' });
    expect([none.body.results, none.body.totalSize]).toEqual([[], 0]);
  });

  it('leaves out a name two managers of the city share, which the save could not tell apart', async () => {
    await sql`insert into employee (username, last_name, role_code, province_code, city_code, enabled,
        password_hash, email)
      select 'twin-manager', last_name, role_code, province_code, ${rsp.city}, true, password_hash,
        'twin-manager@portal.example'
      from employee where last_name = ${ownManager} and role_code = ${ROLE.cityManager} limit 1`.execute(
      db(),
    );
    try {
      const found = await lookup('rsp', { PageID: SELF, AgentName: rsp.name });
      expect(names(found.body.results)).not.toContain(ownManager);
    } finally {
      await sql`delete from employee where username = 'twin-manager'`.execute(db());
    }
  });

  it('answers only whom the form is open to', async () => {
    // A city agent's menu has the self-built form but not the RSP hardware form; a channel manager no order form.
    const own = (
      await sql<{ name: string }>`select c.name from employee e join customer c
      on c.object_id = e.company_id where e.username = 'ccp'`.execute(db())
    ).rows[0].name;
    expect((await lookup('ccp', { PageID: SELF, AgentName: own })).status).toBe(200);
    const ccp = await lookup('ccp', { PageID: RSP_FORM, AgentName: own });
    expect(ccp.status).toBe(403);
    expect(ccp.body.results).toBeFalsy();
    const channel = await lookup('channel', { PageID: SELF, AgentName: rsp.name });
    expect(channel.status).toBe(403);
    expect(channel.body.results).toBeFalsy();
    // Nor for an agent the caller may not order for.
    const other = await lookup('ccp', { PageID: SELF, AgentName: rsp.name });
    expect([403, 404]).toContain(other.status);
    expect(other.body.results).toBeFalsy();
  });

  it('offers an agent’s staff their own company’s managers before the agent is chosen, as the deal picker does, asks vendor staff for the agent, and serves only the forms that name a city manager', async () => {
    const own = await lookup('rsp', { PageID: SELF, AgentName: '' });
    expect(own.status, own.body.message).toBe(200);
    expect(names(own.body.results)).toEqual(
      names((await lookup('rsp', { PageID: SELF, AgentName: rsp.name })).body.results),
    );
    expect(names(own.body.results)).toContain(ownManager);
    const noAgent = await lookup('ops', { PageID: SELF, AgentName: '' });
    expect([noAgent.status, noAgent.body.field]).toEqual([400, 'AgentName']);
    expect(noAgent.body.message).toContain(labelFor('AgentName', 'zh', 'order'));
    for (const PageID of [SPECIAL, SERVICE, 'ordersSetup.ownLineOrders']) {
      const refused = await lookup('rsp', { PageID, AgentName: rsp.name });
      expect([refused.status, refused.body.field], PageID).toEqual([400, 'PageID']);
      expect(refused.body.message).toContain(zh.ordersEntry.formNamesNoCityManager);
    }
  });
});

describe('the city manager of a loan', () => {
  const LOAN_FORM = 'ordersSetup.loanOrderEdit';
  const lookup = (who: string, body: Record<string, unknown>) =>
    post('/orderCityManagerLookup/search', { currentPage: 1, pageSize: 50, PageID: LOAN_FORM, ...body }, who);
  const names = (rows: { LastName: string }[]) => rows.map((r) => r.LastName);
  const ask = (extra: Record<string, unknown> = {}, who = 'rsp') =>
    post(
      '/loanOrder/create',
      {
        LoanType: '101',
        AgentName: rsp.name,
        EndUserName: '借货最终用户',
        ExpectedReturnDate: addDays(businessDay(), 30),
        Lines: [{ ProductCode: products[0], Quantity: 1 }],
        ...extra,
      },
      who,
    );
  const loanCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from loan_order`.execute(db())).rows[0].n;
  const storedLoan = async (id: string) =>
    (
      await sql<{ manager: string | null; code: string | null }>`select city_manager_name as manager,
          data->>'cityManagerCode' as code from loan_order where object_id = ${id}`.execute(db())
    ).rows[0];

  it('is picked among the city managers of the loan’s agent’s city, as an order’s', async () => {
    for (const who of ['rsp', 'ops']) {
      const found = await lookup(who, { AgentName: rsp.name });
      expect(found.status, found.body.message).toBe(200);
      const offered = names(found.body.results);
      expect(offered, who).toContain(ownManager);
      expect(offered, who).not.toContain(farManager);
      expect(offered, who).not.toContain(provinceManager);
      // The order forms' picker for the same agent offers the same people.
      const forOrder = await post(
        '/orderCityManagerLookup/search',
        { currentPage: 1, pageSize: 50, PageID: SELF, AgentName: rsp.name },
        who,
      );
      expect(offered).toEqual(names(forOrder.body.results));
    }
  });

  it('is the one the form names, or else the one configured for the agent’s city, with their login', async () => {
    const named = await ask({ cityManagerName: ownManager }, 'ops');
    expect(named.status, named.body.message).toBe(200);
    const unnamed = await ask();
    expect(unnamed.status, unnamed.body.message).toBe(200);
    const login = (
      await sql<{ code: string }>`select username as code from employee
        where last_name = ${ownManager} and role_code = ${ROLE.cityManager} limit 1`.execute(db())
    ).rows[0].code;
    for (const loan of [named, unnamed])
      expect(await storedLoan(loan.body.results.ObjectID)).toEqual({ manager: ownManager, code: login });
  });

  it('refuses another city’s manager, someone who is no city manager and a made-up name, naming 城市经理', async () => {
    const before = await loanCount();
    const label = labelFor('cityManagerName', 'zh', 'loanOrder');
    expect(label).toBe('城市经理');
    for (const [cityManagerName, words] of [
      [farManager, zh.ordersEntry.cityManagerOfOtherCity],
      [provinceManager, zh.server.problems.unknownCityManager],
      ['Nobody Such', zh.server.problems.unknownCityManager],
    ])
      for (const who of ['rsp', 'ops']) {
        const refused = await ask({ cityManagerName }, who);
        expect([refused.status, refused.body.field], `${who} ${cityManagerName}`).toEqual([
          400,
          'cityManagerName',
        ]);
        expect(refused.body.message).toContain(label);
        expect(refused.body.message).toContain(words);
      }
    expect(await loanCount()).toBe(before);
  });

  it('is not changed on a saved loan, whose terms alone change', async () => {
    const loan = (await ask()).body.results;
    const changed = await post(
      '/loanOrder/update',
      { ObjectID: loan.ObjectID, Version: loan.Version, cityManagerName: farManager },
      'ops',
    );
    expect(changed.status).toBe(400);
    expect((await storedLoan(loan.ObjectID)).manager).toBe(ownManager);
  });

  it('is offered only to whom the loan form is open, for an agent they may ask for', async () => {
    // The province manager reads loans but asks for none; a channel manager has no loan form.
    for (const who of ['province', 'channel', 'finance']) {
      const refused = await lookup(who, { AgentName: rsp.name });
      expect(refused.status, who).toBe(403);
      expect(refused.body.results, who).toBeFalsy();
    }
    const other = await lookup('ccp', { AgentName: rsp.name });
    expect([403, 404]).toContain(other.status);
    expect(other.body.results).toBeFalsy();
    // Before the form names the agent: the applicant's own company, and vendor staff are asked for it.
    expect(names((await lookup('rsp', { AgentName: '' })).body.results)).toContain(ownManager);
    const noAgent = await lookup('ops', { AgentName: '' });
    expect([noAgent.status, noAgent.body.field]).toEqual([400, 'AgentName']);
  });
});
