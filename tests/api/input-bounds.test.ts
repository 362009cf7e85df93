import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en as messages } from '../../locales/en/messages';
import { startTestApp, type TestApp } from './harness';

// Security issue, hole 4: unbounded input stalled everyone (a million-character keyword held PGlite
// for seconds). Every string, page and number the server accepts is bounded, and a refusal says
// which field, by its on-screen label, and writes nothing.
let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const post = (path: string, body: unknown) => t.post(path, body, admin, en);
const fields = messages.field as unknown as Record<string, Record<string, string>>;
const labelOf = (resource: string, field: string) => fields[resource]?.[field] ?? fields.common[field];

const ownLine = { PageID: 'ordersSetup.ownLineOrders' };
const task = {
  Year: 2032,
  ProvinceName: 'Bounds',
  Brand: '101',
  IndicatorType: '101',
  AnnualTask: '1000.00',
  Q1Task: '200.00',
  Q2Task: '250.00',
  Q3Task: '250.00',
  Q4Task: '300.00',
};
const countRows = async (table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db))
    .rows[0].n;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t.close());

describe('hole 4: every input is bounded', () => {
  it('refuses a million-character keyword at once and accepts one of 200', async () => {
    const huge = await post('/order/search', { ...ownLine, keyword: 'a'.repeat(1_000_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Keyword: must be at most 200 characters');
    const chinese = await t.post('/order/search', { keyword: 'a'.repeat(201) }, admin);
    expect(chinese.body.message).toBe('关键字：不能超过 200 个字符');
    const longest = await post('/order/search', { ...ownLine, keyword: 'a'.repeat(200) });
    expect(longest.status).toBe(200);
    expect(longest.body.totalSize).toBe(0);
  });

  it('bounds every filter to 200 characters, naming it by its label', async () => {
    const answer = await post('/order/search', { ...ownLine, OrderNo: 'D'.repeat(201) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`${labelOf('order', 'OrderNo')}: must be at most 200 characters`);
    const many = await post('/order/search', { ...ownLine, OrderType: Array(101).fill('101') });
    expect(many.status).toBe(400);
  });

  it('keeps pageSize within 1–100 and currentPage within 1–100,000', async () => {
    for (const pageSize of [0, 101, 1e9, 'ten', 2.5]) {
      const answer = await post('/order/search', { ...ownLine, pageSize });
      expect(answer.status, String(pageSize)).toBe(400);
      expect(answer.body.message).toBe('Rows per page must be between 1 and 100');
    }
    for (const currentPage of [0, -1, 100_001, 1e18, 'first']) {
      const answer = await post('/order/search', { ...ownLine, currentPage });
      expect(answer.status, String(currentPage)).toBe(400);
      expect(answer.body.message).toBe('Page: must be a whole number between 1 and 100000');
    }
    const last = await post('/order/search', { ...ownLine, currentPage: 100_000, pageSize: 100 });
    expect(last.status).toBe(200);
    expect(last.body.results).toEqual([]);
  });

  it('bounds pickers the same way', async () => {
    for (const body of [{ currentPage: 1e18 }, { keyword: 'a'.repeat(1_000_000) }, { pageSize: 1000 }]) {
      const answer = await post('/customerLookup/search', body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });

  it('keeps numbers within what their column holds, on searches and writes, and writes nothing', async () => {
    const search = await post('/order/search', { ...ownLine, OrderAmountMin: 1e300 });
    expect(search.status).toBe(400);
    expect(search.body.message).toBe(`${labelOf('order', 'OrderAmount')}: must be a number`);

    const records = await countRows('record');
    const answer = await post('/provinceTask/create', { ...task, AnnualTask: '100000000000000000000' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(`${labelOf('provinceTask', 'AnnualTask')}: must be an amount`);
    const year = await post('/provinceTask/create', { ...task, Year: 1e13 });
    expect(year.status).toBe(400);
    expect(year.body.message).toContain(`${labelOf('provinceTask', 'Year')}: must be between`);
    const text = await post('/provinceTask/create', { ...task, ProvinceName: 'x'.repeat(501) });
    expect(text.body.message).toBe(
      `${labelOf('provinceTask', 'ProvinceName')}: must be at most 500 characters`,
    );
    expect(await countRows('record')).toBe(records);
  });

  it('refuses an export with an unbounded filter before a job exists', async () => {
    const jobs = await countRows('export_job');
    const answer = await post('/excelExport/doExport', {
      configCode: 'OwnLineOrderExport',
      keyword: 'a'.repeat(1_000_000),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Keyword: must be at most 200 characters');
    expect(await countRows('export_job')).toBe(jobs);
  });
});
