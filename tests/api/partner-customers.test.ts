import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';

/**
 * 合作品牌客户列表 on the demo: each partner customer carries the partner's own code for it — one code
 * per customer, never shared with another and never an agent's account number standing in for it.
 */
let t: TestApp;
let admin: string;

interface PartnerCustomer {
  PartnerCustomerCode: string;
  CustomerName: string;
}

beforeAll(async () => {
  t = await startTestApp('demo');
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t?.close());

describe('the partner customer list', () => {
  it('gives each customer a code of its own, never an agent’s account number', async () => {
    const rows: PartnerCustomer[] = [];
    for (let page = 1; ; page++) {
      const listed = await t.post(
        '/partnerCustomer/search',
        { PageID: 'ordersSetup.partnerCustomers', pageSize: 100, currentPage: page },
        admin,
      );
      expect(listed.status, listed.body.message).toBe(200);
      rows.push(...(listed.body.results as PartnerCustomer[]));
      if (rows.length >= listed.body.totalSize) break;
    }
    expect(rows.length).toBeGreaterThan(1);

    const customersOf = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(row.PartnerCustomerCode, row.CustomerName).toBeTruthy();
      const names = customersOf.get(row.PartnerCustomerCode) ?? new Set<string>();
      names.add(row.CustomerName);
      customersOf.set(row.PartnerCustomerCode, names);
    }
    const shared = [...customersOf].filter(([, names]) => names.size > 1).map(([code]) => code);
    expect(shared, 'codes shared by several customers').toEqual([]);

    const accounts = await sql<{ code: string }>`select account_id as code from customer
      where account_id is not null`.execute(t.database.db);
    const accountCodes = new Set(accounts.rows.map((r) => r.code));
    const borrowed = rows.filter((r) => accountCodes.has(r.PartnerCustomerCode)).map((r) => r.CustomerName);
    expect(borrowed, 'customers listed under an agent’s account number').toEqual([]);
  });
});
