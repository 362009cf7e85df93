import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCreditCode } from '../../domain/credit-code';
import { REGISTRY_SIZE, registryCompanies } from '../../server/lookups/registry-companies';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let rsp: string;
let ops: string;
let gd: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, rsp, ops, gd] = await Promise.all([
    t.login('admin', 'Admin@123456'),
    t.login('rsp', 'Demo@123456'),
    t.login('ops', 'Demo@123456'),
    t.login('gd', 'Demo@123456'),
  ]);
});
afterAll(() => t.close());

const get = async (path: string, token?: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/portal${path}`,
    headers: token ? { 'x-token': token } : {},
  });
  return { status: response.statusCode, body: response.json() };
};
const db = () => t.database.db;
const companyOf = async (username: string) =>
  (
    await sql<{
      company_id: string | null;
    }>`select company_id from employee where lower(username) = ${username}`.execute(db())
  ).rows[0]?.company_id;

// SPEC §3: the fields each picker answers (ObjectID beside them where rows are records).
const PICKERS: { path: string; fields: string[]; key: string }[] = [
  {
    path: '/customerLookup/search',
    key: 'ObjectID',
    fields: [
      'Name',
      'Ext_CustomerType_KUT',
      'ExtCustomerType_SDK',
      'AccountID',
      'ExtAgentID_SDK',
      'ExtChannelSmallType_SDK',
    ],
  },
  {
    path: '/employee/search',
    key: 'ObjectID',
    fields: ['EmployeeID', 'LastName', 'ExtRoleName_SDK', 'ExtUserName_SDK', 'ExtH3cFlag_SDK'],
  },
  { path: '/cpu/search', key: 'cpu', fields: ['cpu', 'cpuShort'] },
  { path: '/region/search', key: 'code', fields: ['code', 'name'] },
  {
    path: '/strategicCustomer/search',
    key: 'ObjectID',
    fields: ['customerName', 'province', 'industry', 'named', 'director'],
  },
  { path: '/opportunityChannelLookup/search', key: 'ObjectID', fields: ['channelName', 'channelType'] },
  {
    path: '/opportunityLookup/search',
    key: 'ObjectID',
    fields: [
      'ExtOpportunityNOText_SDK',
      'Name',
      'ExtOpportunityStage_SDK',
      'ExtEstimatedSalesAmountcontent_SDK',
      'ExtOppCustomerName_SDK',
    ],
  },
  {
    path: '/commitmentLetterLookup/search',
    key: 'ObjectID',
    fields: [
      'commitmentLetterNo',
      'opportunityNo',
      'opportunityName',
      'estimatedBidOpeningDate',
      'type',
      'creator',
      'createTime',
      'processCreator',
      'processCreateTime',
      'oaLink',
      'originalCommitmentLetterName',
      'originalCommitmentLetterUrl',
    ],
  },
  {
    path: '/companyInfo/search',
    key: 'CompanyName',
    fields: ['CompanyName', 'Representative', 'CreditCode'],
  },
];

describe('picker searches (SPEC §3, §7)', () => {
  for (const picker of PICKERS) {
    it(`${picker.path} answers its picker fields, page by page`, async () => {
      const first = await t.post(picker.path, { currentPage: 1, pageSize: 5 }, admin);
      expect(first.status).toBe(200);
      expect(first.body.state).toBe(true);
      const rows = first.body.results as Record<string, unknown>[];
      expect(rows).toHaveLength(5);
      expect(first.body.totalSize).toBeGreaterThan(5);
      for (const row of rows) {
        for (const field of picker.fields) expect(row, `${picker.path} ${field}`).toHaveProperty(field);
        expect(row[picker.key]).toBeTruthy();
      }
      const second = await t.post(picker.path, { currentPage: 2, pageSize: 5 }, admin);
      expect(second.body.totalSize).toBe(first.body.totalSize);
      const firstKeys = new Set(rows.map((r) => r[picker.key]));
      for (const row of second.body.results) expect(firstKeys.has(row[picker.key])).toBe(false);
    });
  }

  it('the industry picker offers the CustomerIndustry dictionary as code and name, in the caller language', async () => {
    const zh = await t.post('/industry/search', {}, admin);
    expect(zh.body.results[0]).toEqual({ code: '101', name: '政府' });
    expect(zh.body.totalSize).toBe(10);
    const en = await t.post('/industry/search', { keyword: 'fin' }, admin, { 'accept-language': 'en' });
    expect(en.body.results).toEqual([{ code: '131', name: 'Finance' }]);
  });

  it('a keyword narrows the rows', async () => {
    const cpu = await t.post('/cpu/search', { keyword: '6430' }, admin);
    expect(cpu.body.results).toEqual([{ cpu: 'Intel Xeon Gold 6430 (32C, 2.1GHz)', cpuShort: '6430' }]);
    const customers = await t.post('/customerLookup/search', { keyword: '南京', pageSize: 50 }, admin);
    expect(customers.body.results.length).toBeGreaterThan(0);
    for (const row of customers.body.results) expect(row.Name).toContain('南京');
    const channels = await t.post(
      '/opportunityChannelLookup/search',
      { channelType: 'CCP', pageSize: 50 },
      admin,
    );
    for (const row of channels.body.results) expect(row.channelType).toBe('CCP');
    const rspChannels = await t.post('/opportunityChannelLookup/search', { channelType: 'RSP' }, admin);
    expect(rspChannels.body.totalSize).toBeGreaterThan(0);
  });

  it("rsp's employee picker shows only its own company's staff; ops sees the vendor's staff too", async () => {
    const company = await companyOf('rsp');
    expect(company).toBeTruthy();
    const mine = await t.post('/employee/search', { pageSize: 100 }, rsp);
    const names = (mine.body.results as { ExtUserName_SDK: string }[]).map((r) => r.ExtUserName_SDK);
    expect(names).toContain('rsp');
    for (const name of names) expect(await companyOf(name.toLowerCase())).toBe(company);
    expect(names).not.toContain('ccp');
    const all = await t.post('/employee/search', { keyword: '渠道', pageSize: 100 }, ops);
    expect(all.body.results.some((r: { ExtH3cFlag_SDK: boolean }) => r.ExtH3cFlag_SDK)).toBe(true);
  });

  it('record pickers stay within the caller scope', async () => {
    const company = await companyOf('rsp');
    const everyone = await t.post('/opportunityLookup/search', {}, admin);
    const scoped = await t.post('/opportunityLookup/search', { pageSize: 100 }, rsp);
    expect(scoped.body.totalSize).toBeLessThan(everyone.body.totalSize);
    const ids = (scoped.body.results as { ObjectID: string }[]).map((r) => r.ObjectID);
    const outside = await sql<{ n: number }>`select count(*)::int as n from record
      where object_id = any(${ids}::uuid[]) and company_id is distinct from ${company}
        and company_id not in (select object_id from customer where parent_id = ${company})`.execute(db());
    expect(outside.rows[0].n).toBe(0);
    const customers = await t.post('/customerLookup/search', { pageSize: 100 }, rsp);
    const own = await sql<{ name: string }>`select name from customer where object_id = ${company}`.execute(
      db(),
    );
    expect(customers.body.results.map((r: { Name: string }) => r.Name)).toContain(own.rows[0].name);
    expect(customers.body.totalSize).toBeLessThan(
      (await t.post('/customerLookup/search', {}, admin)).body.totalSize,
    );
  });

  it('any logged-in employee may search a picker, but not the resource behind it; no token, no answer', async () => {
    expect((await t.post('/opportunity/search', {}, gd)).status).toBe(403);
    expect((await t.post('/opportunityLookup/search', {}, gd)).status).toBe(200);
    const anonymous = await t.post('/customerLookup/search', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: '401', state: false });
  });

  it('refuses bad paging and filters with a message naming the field, never a 500', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/customerLookup/search', { pageSize: 0 }, '每页条数：不能小于 1'],
      ['/employee/search', { pageSize: 101 }, '每页条数：不能大于 100'],
      ['/cpu/search', { currentPage: 'first' }, '页码：类型不正确，应为数字'],
      [
        '/opportunityChannelLookup/search',
        { channelType: 'XYZ' },
        '渠道类型：取值不正确，可选：省级代理、解决方案代理、授权服务代理、城市代理',
      ],
      ['/region/search', { level: 'street' }, '层级：取值不正确，可选：省、市、区县'],
      ['/city/searchAll', {}, '省份必填'],
      ['/district/searchAll', { cityCode: 'Nanjing' }, '城市：格式不正确'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await t.post(path, body, admin);
      expect(answer.status, path).toBe(400);
      expect(answer.body).toMatchObject({ state: false, message });
    }
  });
});

describe('regions (SPEC §7)', () => {
  it('lists provinces, the cities of a province and the districts of a municipality', async () => {
    const provinces = await t.post('/province/searchAll', {}, rsp);
    expect(provinces.body.results).toHaveLength(31);
    expect(provinces.body.results[0]).toMatchObject({ code: '110000', name: '北京市' });
    const cities = await t.post('/city/searchAll', { provinceCode: '320000' }, rsp);
    expect(cities.body.results.map((c: { name: string }) => c.name)).toContain('南京市');
    const districts = await t.post('/district/searchAll', { cityCode: '110000' }, rsp, {
      'accept-language': 'en',
    });
    expect(districts.body.results.map((c: { name: string }) => c.name)).toContain('Haidian');
    const region = await t.post(
      '/region/search',
      { level: 'city', parentCode: '320000', keyword: '苏' },
      rsp,
    );
    expect(region.body.results.map((c: { name: string }) => c.name)).toEqual(['苏州市']);
  });

  it('GET /user/province/codes gives the caller its provinces', async () => {
    expect((await get('/user/province/codes', rsp)).body.results).toEqual(['320000']);
    expect((await get('/user/province/codes', ops)).body.results).toHaveLength(31);
    expect((await get('/user/province/codes')).status).toBe(401);
  });
});

describe('the company registry (企查查 stand-in)', () => {
  it('holds 300 invented companies with valid credit codes, the same on every install', async () => {
    const rows = await sql<{
      credit_code: string;
      name: string;
    }>`select credit_code, name from company_registry order by name`.execute(db());
    expect(rows.rows).toHaveLength(REGISTRY_SIZE);
    for (const row of rows.rows) expect(isValidCreditCode(row.credit_code), row.credit_code).toBe(true);
    expect(rows.rows.map((r) => r.name).sort()).toEqual(
      registryCompanies()
        .map((c) => c.name)
        .sort(),
    );
  });

  it('pages by 20 and answers results.Result and results.Paging.TotalRecords', async () => {
    const first = await t.post('/qcc/search', { searchKey: '公司', currentPage: 1, pageSize: 20 }, rsp);
    expect(first.body.state).toBe(true);
    const { Result, Paging } = first.body.results;
    expect(Result).toHaveLength(20);
    expect(Paging).toEqual({ TotalRecords: REGISTRY_SIZE, PageIndex: 1, PageSize: 20 });
    for (const field of ['KeyNo', 'Name', 'CreditCode', 'OperName', 'Status', 'StartDate', 'No'])
      expect(Result[0]).toHaveProperty(field);
    const second = await t.post('/qcc/search', { searchKey: '公司', currentPage: 2 }, rsp);
    expect(second.body.results.Paging.PageIndex).toBe(2);
    expect(second.body.results.Result[0].KeyNo).not.toBe(Result[0].KeyNo);

    const one = registryCompanies()[7];
    const byCode = await t.post('/qcc/search', { searchKey: one.creditCode.toLowerCase() }, rsp);
    expect(byCode.body.results.Result.map((r: { Name: string }) => r.Name)).toContain(one.name);
  });

  it('offers 20 a page only, and needs a search key', async () => {
    for (const pageSize of [10, 50]) {
      const answer = await t.post('/qcc/search', { searchKey: '青禾', pageSize }, rsp);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('企查查查询每页固定 20 条');
    }
    expect((await t.post('/qcc/search', {}, rsp)).body.message).toBe('搜索关键字必填');
    expect((await t.post('/qcc/search', { searchKey: '青' }, rsp)).body.message).toBe(
      '搜索关键字：至少 2 个字符',
    );
  });
});

describe('recording the chosen company (POST /companyInfo/saveCompanyInfo)', () => {
  const count = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from company_info`.execute(db())).rows[0].n;

  it('records who chose a registry company and when; the local search finds it afterwards', async () => {
    const company = registryCompanies()[3];
    const chosenAt = Date.parse('2026-11-20T08:30:00Z');
    const saved = await t.post(
      '/companyInfo/saveCompanyInfo',
      {
        creationDateTime: chosenAt,
        companyName: company.name,
        creditCode: company.creditCode,
        representative: company.operName,
        source: 'registry',
      },
      rsp,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      state: true,
      message: '保存成功',
      results: { CompanyName: company.name, KeyNo: company.keyNo, CreatedBy: '陈省代', Source: 'registry' },
    });
    const row = (
      await sql<{
        created_by: string;
        created_at: Date;
        chosen_at: Date;
      }>`select created_by, created_at, chosen_at from company_info where object_id = ${saved.body.results.ObjectID}`.execute(
        db(),
      )
    ).rows[0];
    const who = await sql<{
      object_id: string;
    }>`select object_id from employee where username = 'rsp'`.execute(db());
    expect(row.created_by).toBe(who.rows[0].object_id);
    expect(Math.abs(new Date(row.created_at).getTime() - Date.now())).toBeLessThan(60_000);
    expect(new Date(row.chosen_at).getTime()).toBe(chosenAt);

    const local = await t.post('/companyInfo/search', { keyword: company.name }, ops);
    expect(local.body.results).toEqual([
      { CompanyName: company.name, CreditCode: company.creditCode, Representative: company.operName },
    ]);
  });

  it('records a name entered by hand', async () => {
    const saved = await t.post(
      '/companyInfo/saveCompanyInfo',
      {
        creationDateTime: new Date().toISOString(),
        companyName: '  宿迁青梧环保科技有限公司 ',
        source: 'manual',
      },
      ops,
    );
    expect(saved.body.results).toMatchObject({
      CompanyName: '宿迁青梧环保科技有限公司',
      CreatedBy: '钱商务',
    });
  });

  it('refuses a short name, a registry company that does not exist, a bad credit code — and writes nothing', async () => {
    const before = await count();
    const company = registryCompanies()[4];
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: '青禾', source: 'manual' }, '公司名称：至少 4 个字符'],
      [{ source: 'manual' }, '公司名称必填'],
      [
        { companyName: '宿迁青梧环保科技有限公司', source: 'guess' },
        '来源：取值不正确，可选：工商登记库、手工填写',
      ],
      [
        { companyName: company.name, creditCode: registryCompanies()[5].creditCode, source: 'registry' },
        `企查查中没有名称为 ${company.name} 且信用代码一致的企业`,
      ],
      [
        { companyName: '宿迁青梧环保科技有限公司', creditCode: '91320100MA1XXXXXX0', source: 'manual' },
        '统一社会信用代码 91320100MA1XXXXXX0 校验不通过',
      ],
      [
        { companyName: '宿迁青梧环保科技有限公司', source: 'manual', creationDateTime: 'yesterday' },
        '选择时间：格式不正确',
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await t.post('/companyInfo/saveCompanyInfo', body, rsp);
      expect(answer.status, message).toBe(400);
      expect(answer.body).toMatchObject({ state: false, message });
    }
    expect(await count()).toBe(before);
  });
});
