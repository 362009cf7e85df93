import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCreditCode } from '../../domain/credit-code';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The opportunity customer list (商机客户数据, SPEC opportunityCustomer create, modify, searchPage,
 * getCustomers) creates through its form: a strategic customer unique by name and credit code, in a
 * province and city that exist; the refused field is named, nothing is kept of a refused save.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const FORM = 'business.opportunityCustomerEdit';
let serial = 0;

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['ops', 'province', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
}, 120_000);
afterAll(() => t.close());

const create = (body: Record<string, unknown>, who = 'ops') =>
  t.post('/opportunityCustomer/create', { PageID: FORM, ...body }, tokens[who]);
const customer = (extra: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    customerName: `江苏省第${serial}人民医院（测试${Date.now()}）`,
    province: '江苏省',
    CityName: '南京市',
    industry: '121',
    named: true,
    director: '周主任',
    ...extra,
  };
};
const byName = async (name: string, who = 'ops') =>
  (
    (await t.post('/opportunityCustomer/searchPage', { customerName: name, pageSize: 10 }, tokens[who])).body
      .results as { customerName: string; ObjectID: string }[]
  ).filter((r) => r.customerName === name);

describe('the opportunity customer form', () => {
  it('creates a customer that the list, the page search and the picker then find', async () => {
    const code = makeCreditCode(`12320000${String(Date.now()).slice(-9)}`);
    const body = customer({ CreditCode: code });
    const created = await create(body);
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.results).toMatchObject({ customerName: body.customerName, CreditCode: code });
    expect(await byName(body.customerName)).toHaveLength(1);
    const picked = await t.post(
      '/opportunityCustomer/getCustomers',
      { keyword: body.customerName },
      tokens.province,
    );
    expect((picked.body.results as { CreditCode: string }[]).map((r) => r.CreditCode)).toContain(code);
  });

  it('refuses a second customer of the same name (spaces, brackets and case aside) and a taken credit code', async () => {
    const first = customer();
    expect((await create(first)).status).toBe(200);
    const twin = await create({
      ...customer(),
      customerName: ` ${first.customerName.replace('（', '(').replace('）', ')')} `,
    });
    expect(twin.status).toBe(400);
    expect(twin.body.field).toBe('customerName');
    expect(twin.body.message).toContain(first.customerName);

    const code = makeCreditCode(`12320100${String(Date.now()).slice(-9)}`);
    expect((await create(customer({ CreditCode: code }))).status).toBe(200);
    const taken = await create(customer({ CreditCode: code.toLowerCase() }));
    expect(taken.status).toBe(400);
    expect(taken.body.field).toBe('CreditCode');
  });

  it('names the refused field: a wrong check character, an unknown province, a city of another province', async () => {
    const bad = await create(customer({ CreditCode: '91110000600037341X' }));
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('CreditCode');
    const nowhere = await create(customer({ province: '江南省' }));
    expect(nowhere.body.field).toBe('province');
    const elsewhere = await create(customer({ CityName: '杭州市' }));
    expect(elsewhere.body.field).toBe('CityName');
    const missing = await create(customer({ industry: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('industry');
    // English names of the same places are the same places.
    expect((await create(customer({ province: 'Jiangsu', CityName: 'Suzhou' }))).status).toBe(200);
    for (const refused of [bad, nowhere, elsewhere]) expect(refused.status).toBe(400);
  });

  it('is offered to whoever holds the list, and refused to an agent', async () => {
    expect((await create(customer(), 'province')).status).toBe(200);
    expect((await create(customer(), 'rsp')).status).toBe(403);
  });

  it('keeps the rules on edits from the list: a renamed customer cannot take another one’s name', async () => {
    const a = customer();
    const b = customer();
    expect((await create(a)).status).toBe(200);
    const saved = (await create(b)).body.results as { ObjectID: string; Version: number };
    const renamed = await t.post(
      '/opportunityCustomer/modify',
      { ObjectID: saved.ObjectID, Version: saved.Version, customerName: a.customerName },
      tokens.ops,
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.field).toBe('customerName');
    expect(await byName(b.customerName)).toHaveLength(1);
  });
});

// What `npm run verify-books` checks holds in the world these tests left.
endsWithBooksBalanced(() => t, ['agents', 'orders', 'rebates', 'reports', 'salesTasks', 'system']);
