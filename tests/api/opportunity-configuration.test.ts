import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { endsWithBooksBalanced } from './books-kit';
import { labelFor } from './field-named';
import { startTestApp, type TestApp } from './harness';

/**
 * The configuration pages of 商机管理 (docs/opportunities.md "The four configuration pages"): rows are
 * added, edited and disabled by the staff holding the page, checked against their masters (the refused
 * field named), and read by a process: the sales area of a registration, the products an opportunity
 * may carry, the special configurations offered as products, the channel of a registration.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let rspName = '';
let serial = 0;
const unique = () => {
  serial += 1;
  return `${Date.now() % 1_000_000}${serial}`;
};

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['rsp', 'ops', 'province']) tokens[user] = await t.login(user, 'Demo@123456');
  const agent = await sql<{ name: string }>`select c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(t.database.db);
  rspName = agent.rows[0].name;
}, 120_000);
afterAll(() => t.close());

const post = (path: string, body: unknown, user = 'ops') => t.post(path, body, tokens[user]);
const create = (resource: string, PageID: string, body: Record<string, unknown>, user = 'ops') =>
  post(`/${resource}/create`, { PageID, ...body }, user);
const disable = async (resource: string, PageID: string, row: { ObjectID: string; Version: number }) => {
  const saved = await post(`/${resource}/update`, {
    PageID,
    ObjectID: row.ObjectID,
    Version: row.Version,
    Enabled: false,
  });
  expect(saved.status, saved.body.message).toBe(200);
};

/** A rack-server registration of the RSP's in a place, with extra fields, by its staff or `user`. */
const register = (place: Record<string, unknown>, extra: Record<string, unknown> = {}, user = 'rsp') =>
  post(
    '/opportunity/create',
    {
      PageID: 'business.opportunityInfo',
      ExtOpportunitySource_SDK: '101',
      AgentName: rspName,
      Name: `Configured project ${unique()}`,
      ExtOppCustomerName_SDK: `Configured Hospital ${unique()}`,
      ExtCustomerIndustry_SDK: '121',
      ProductLine: '101',
      ExtOpportunityStage_SDK: '101',
      ExtBudgetAmount_SDK: '1200000.00',
      ExtEstimatedSalesAmountcontent_SDK: '980000.50',
      ExtEstimatedBidDate_SDK: '2027-01-20',
      ExtRequirementDesc_SDK: 'Rack servers',
      ...place,
      ...extra,
    },
    user,
  );

const productCodes = async (keyword: string, ProductLine = '101') =>
  (
    (await post('/productLookup/search', { ProductLine, keyword, pageSize: 50 }, 'rsp')).body.results as {
      pn: string;
      StandardPrice: string;
    }[]
  ).map((p) => p.pn);

describe('销售区域维护', () => {
  const PAGE = 'business.salesAreaEdit';

  it('an enabled area of a city is the sales area and contact of its registrations; disabled, it is not', async () => {
    const db = t.database.db;
    const city = await sql<{ name: string }>`select name_zh as name from region where parent_code = '320000'
      and code not in (select city_code from record where resource = 'h3cSalesArea' and city_code is not null
        and data->>'Enabled' = 'true') order by code limit 1`.execute(db);
    const manager = await sql<{ username: string; name: string }>`select username, last_name as name
      from employee where role_code = 'JS012' and province_code = '320000' and enabled limit 1`.execute(db);
    const area = {
      AreaCode: `SA${unique()}`,
      AreaName: `${city.rows[0].name}测试片区`,
      ProvinceName: '江苏省',
      CityName: city.rows[0].name,
      ManagerName: manager.rows[0].name,
      Enabled: true,
    };
    const created = await create('h3cSalesArea', PAGE, area, 'province');
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.results).toMatchObject({ RegionName: '华东', ManagerName: manager.rows[0].name });

    const place = { ProvinceName: '江苏省', CityName: city.rows[0].name };
    const reached = await register(place);
    expect(reached.status, reached.body.message).toBe(200);
    expect(reached.body.results).toMatchObject({
      ExtPartnerSalesArea_SDK: area.AreaName,
      ExtOwnerName_SDK: manager.rows[0].name,
    });

    const twin = await create('h3cSalesArea', PAGE, { ...area, AreaCode: `SA${unique()}` }, 'province');
    expect(twin.status).toBe(400);
    expect(twin.body.field).toBe('CityName');

    await disable('h3cSalesArea', PAGE, created.body.results);
    const after = await register(place);
    expect(after.status, after.body.message).toBe(200);
    expect(after.body.results.ExtPartnerSalesArea_SDK ?? null).toBeNull();
  });

  it('names the refused reference: a city of another province, a wrong region, a manager who is no city manager', async () => {
    const area = {
      AreaCode: `SA${unique()}`,
      AreaName: '测试片区',
      ProvinceName: '江苏省',
      CityName: '南京市',
    };
    const city = await create('h3cSalesArea', PAGE, { ...area, CityName: '杭州市' });
    expect([city.status, city.body.field]).toEqual([400, 'CityName']);
    const region = await create('h3cSalesArea', PAGE, { ...area, RegionName: '华北大区' });
    expect([region.status, region.body.field]).toEqual([400, 'RegionName']);
    const manager = await create('h3cSalesArea', PAGE, { ...area, ManagerUserName: 'ops' });
    expect([manager.status, manager.body.field]).toEqual([400, 'ManagerUserName']);
  });

  it('is not an agent’s to write', async () => {
    const refused = await create('h3cSalesArea', PAGE, { AreaCode: `SA${unique()}`, AreaName: 'x' }, 'rsp');
    expect(refused.status).toBe(403);
  });
});

describe('销售产品配置 and 特殊配置管理', () => {
  const SALES = 'business.salesProductConfigEdit';
  const SPECIAL = 'business.specialConfigEdit';

  /** A rack-server product no sales product configuration names yet, with its model. */
  async function freeProduct() {
    const found = await sql<{ code: string; model: string }>`select product_code as code,
        data->>'ProductModel' as model from product
      where category = '101' and standard_price > 0 and data->>'ProductModel' is not null
        and product_code not in (select data->>'ProductCode' from record where resource = 'salesProductConfig')
      order by product_code limit 1`.execute(t.database.db);
    return found.rows[0];
  }

  it('a product whose configuration is disabled leaves the product search and cannot be put on an opportunity', async () => {
    const product = await freeProduct();
    expect(await productCodes(product.code)).toContain(product.code);
    const created = await create('salesProductConfig', SALES, {
      ProductCode: product.code,
      StartDate: '2020-01-01',
      SpecialPriceAllowed: true,
      Enabled: true,
    });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.results).toMatchObject({ ProductLine: '101', ProductModel: product.model });
    expect(await productCodes(product.code)).toContain(product.code);

    await disable('salesProductConfig', SALES, created.body.results);
    expect(await productCodes(product.code)).not.toContain(product.code);
    const deal = await register({ ProvinceName: 'Jiangsu' });
    const item = await post(
      '/opportunityItem/create',
      { OpportunityID: deal.body.results.ObjectID, pn: product.code, Quantity: 2 },
      'rsp',
    );
    expect([item.status, item.body.field]).toEqual([400, 'pn']);
  });

  it('a product line no configuration puts on sale is not registered nor protected, naming the product line', async () => {
    const db = t.database.db;
    const LINE = '161';
    const inForce = await sql<{ id: string; version: number }>`select object_id::text as id, version
      from record where resource = 'salesProductConfig' and data->>'ProductLine' = ${LINE}
        and data->>'Enabled' = 'true' order by object_id`.execute(db);
    expect(inForce.rows.length, 'the demo puts firewalls on sale').toBeGreaterThan(0);
    for (const row of inForce.rows)
      await disable('salesProductConfig', SALES, { ObjectID: row.id, Version: row.version });

    const deal = await register({ ProvinceName: 'Jiangsu' }, { ProductLine: LINE });
    expect(deal.status, deal.body.message).toBe(200);
    const submit = (lang: 'zh' | 'en') =>
      t.post(
        '/workflow/decide',
        { workflow: 'opportunityRegistration', ObjectID: deal.body.results.ObjectID, command: 'submit' },
        tokens.rsp,
        lang === 'en' ? { 'accept-language': 'en' } : {},
      );
    const words = { zh: '销售产品配置', en: 'sales product configuration' };
    for (const lang of ['zh', 'en'] as const) {
      const refused = await submit(lang);
      expect([refused.status, refused.body.field]).toEqual([400, 'ProductLine']);
      expect(refused.body.message).toContain(labelFor('ProductLine', lang, 'opportunity'));
      expect(refused.body.message).toContain(words[lang]);
    }
    const claims = await sql<{ n: number }>`select count(*)::int as n from opportunity_claim
      where opportunity_id = ${deal.body.results.ObjectID}`.execute(db);
    expect(claims.rows[0].n, 'no protection given').toBe(0);
    const options = await t.post(
      '/workflow/options',
      { workflow: 'opportunityRegistration', ObjectID: deal.body.results.ObjectID },
      tokens.rsp,
    );
    expect(options.body.results.State).toBe('draft');

    // One configuration of the line back in force: the same registration is submitted and protected.
    const back = await sql<{ version: number }>`select version from record
      where object_id = ${inForce.rows[0].id}`.execute(db);
    const enabled = await post('/salesProductConfig/update', {
      PageID: SALES,
      ObjectID: inForce.rows[0].id,
      Version: back.rows[0].version,
      Enabled: true,
    });
    expect(enabled.status, enabled.body.message).toBe(200);
    const submitted = await submit('zh');
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(submitted.body.results.State).toBe('protected');
  });

  it('names the refused reference: an unknown product, a line not the product’s, reversed dates', async () => {
    const product = await freeProduct();
    const unknown = await create('salesProductConfig', SALES, {
      ProductCode: 'NO-SUCH-PN',
      StartDate: '2020-01-01',
    });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'ProductCode']);
    const line = await create('salesProductConfig', SALES, {
      ProductCode: product.code,
      ProductLine: '131',
      StartDate: '2020-01-01',
    });
    expect([line.status, line.body.field]).toEqual([400, 'ProductLine']);
    const dates = await create('salesProductConfig', SALES, {
      ProductCode: product.code,
      StartDate: '2026-05-01',
      EndDate: '2026-04-01',
    });
    expect([dates.status, dates.body.field]).toEqual([400, 'EndDate']);
  });

  it('a special configuration in force is a product of its line at its price; disabled, it is gone', async () => {
    const product = await freeProduct();
    const code = `SC${unique()}`;
    const created = await create('specialConfig', SPECIAL, {
      ConfigCode: code,
      ConfigName: `${product.model} 特价配置`,
      ProductLine: '101',
      ProductModel: product.model,
      SpecialPrice: '50000.00',
      StartDate: '2020-01-01',
      Enabled: true,
    });
    expect(created.status, created.body.message).toBe(200);
    const found = await post('/productLookup/search', { ProductLine: '101', keyword: code }, 'rsp');
    expect(found.body.results).toEqual([expect.objectContaining({ pn: code, StandardPrice: '50000.00' })]);
    const deal = await register({ ProvinceName: 'Jiangsu' });
    const item = await post(
      '/opportunityItem/create',
      { OpportunityID: deal.body.results.ObjectID, pn: code, Quantity: 3 },
      'rsp',
    );
    expect(item.status, item.body.message).toBe(200);

    await disable('specialConfig', SPECIAL, created.body.results);
    expect(await productCodes(code)).not.toContain(code);
    const other = await register({ ProvinceName: 'Jiangsu' });
    const refused = await post(
      '/opportunityItem/create',
      { OpportunityID: other.body.results.ObjectID, pn: code, Quantity: 1 },
      'rsp',
    );
    expect([refused.status, refused.body.field]).toEqual([400, 'pn']);
  });

  it('names the refused reference of a special configuration; agents write neither page', async () => {
    const bad = await create('specialConfig', SPECIAL, {
      ConfigCode: `SC${unique()}`,
      ConfigName: 'x',
      ProductLine: '101',
      ProductModel: 'No such model',
      SpecialPrice: '100.00',
    });
    expect([bad.status, bad.body.field]).toEqual([400, 'ProductModel']);
    const product = await freeProduct();
    const taken = await create('specialConfig', SPECIAL, {
      ConfigCode: product.code,
      ConfigName: 'x',
      ProductLine: '101',
      ProductModel: product.model,
      SpecialPrice: '100.00',
    });
    expect([taken.status, taken.body.field]).toEqual([400, 'ConfigCode']);
    expect((await create('specialConfig', SPECIAL, { ConfigCode: 'x' }, 'rsp')).status).toBe(403);
    expect((await create('salesProductConfig', SALES, { ProductCode: 'x' }, 'rsp')).status).toBe(403);
  });
});

describe('商机渠道管理', () => {
  const PAGE = 'business.channelManagementDetail';
  const channel = () => ({
    channelName: `南京测试渠道${unique()}有限公司`,
    channelType: 'CSP',
    CreditCode: makeCreditCode(`91320100${String(Date.now() + serial).slice(-9)}`),
    ProvinceName: '江苏省',
    CityName: '南京市',
    ContactName: '王经理',
    ContactPhone: '13800000000',
    Enabled: true,
  });

  // Vendor staff name the channels of this list; an agent names itself or a CCP it supplies (agent-choices.test.ts).
  it('an enabled channel is a registration’s channel; a disabled one is refused naming the field', async () => {
    const body = channel();
    const created = await create('opportunityChannel', PAGE, body);
    expect(created.status, created.body.message).toBe(200);
    const chosen = await register(
      { ProvinceName: 'Jiangsu' },
      { ExtOpportunityChannel_SDK: body.channelName },
      'province',
    );
    expect(chosen.status, chosen.body.message).toBe(200);
    expect(chosen.body.results.ExtOpportunityChannel_SDK).toBe(body.channelName);

    await disable('opportunityChannel', PAGE, created.body.results);
    const refused = await register(
      { ProvinceName: 'Jiangsu' },
      { ExtOpportunityChannel_SDK: body.channelName },
      'province',
    );
    expect([refused.status, refused.body.field]).toEqual([400, 'ExtOpportunityChannel_SDK']);
  });

  it('names the refused reference: a city of another province, a bad credit code; agents cannot write', async () => {
    const city = await create('opportunityChannel', PAGE, { ...channel(), CityName: '杭州市' });
    expect([city.status, city.body.field]).toEqual([400, 'CityName']);
    const code = await create('opportunityChannel', PAGE, { ...channel(), CreditCode: '91110000600037341X' });
    expect([code.status, code.body.field]).toEqual([400, 'CreditCode']);
    expect((await create('opportunityChannel', PAGE, channel(), 'rsp')).status).toBe(403);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
