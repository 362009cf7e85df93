import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { EXACT_COUNT_LIMIT } from '../../domain/constants';
import { QUICK_COUNT_LIMIT, SURELY_BEYOND } from '../../server/resources/matching-rows';
import { startTestApp, type TestApp } from './harness';

/**
 * A list's total is counted exactly up to 100,000 rows (`EXACT_COUNT_LIMIT`): a list of 20,104 lines
 * says 20,104, not an estimate. Past the limit the answer is marked `totalEstimated`, which the list
 * words "超过 100,000 条" (views/kit/data-grid.tsx), and the total stays above the limit for paging.
 * A list the planner estimates at three times the limit or more is not counted to it (`matchingRows`).
 * A list of a line's orders, or of a number typed no further than its year, reads the counts the orders
 * keep per number year and scope, exact at any size (migration 131).
 */
let t: TestApp;
let admin = '';

/** Orders numbered `<prefix>000001`… in one statement, as a bulk load writes them. */
async function addOrders(prefix: string, from: number, to: number) {
  await sql`insert into sales_order (order_no, order_channel, agent_name, end_user_name, order_date,
      order_amount, approval_status, created_at, data)
    select ${prefix} || lpad(g::text, 6, '0'), '101', '批量计数代理有限公司', '批量最终用户',
      date '2026-01-01' + (g % 300), 1.25, ${OrderApprovalStatus.effective}, now() - make_interval(secs => g), '{}'::jsonb
    from generate_series(${from}::int, ${to}::int) g`.execute(t.database.db);
  // As a bulk load does: PGlite has no autovacuum to refresh the statistics the estimate reads.
  await sql`analyze sales_order`.execute(t.database.db);
}

/**
 * The total of the orders numbered from `prefix`, filtered by their status too: a list filtered by
 * nothing but its line and a number no further than its year is answered from the counts kept per
 * number year instead (`byNumber`).
 */
const totalOf = async (prefix: string, byNumber: 'and status' | 'alone' = 'and status') => {
  const status = byNumber === 'alone' ? {} : { ApprovalStatus: OrderApprovalStatus.effective };
  const answer = await t.post('/order/search', { OrderNo: prefix, ...status, pageSize: 10 }, admin);
  expect(answer.status).toBe(200);
  return { total: answer.body.totalSize as number, estimated: answer.body.totalEstimated === true };
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin', 'Admin@123456');
}, 120_000);
afterAll(() => t?.close());

describe("a large list's total", () => {
  it('is exact for a list of 20,104 lines', { timeout: 120_000 }, async () => {
    await addOrders('CNTA', 1, 20_104);
    expect(await totalOf('CNTA')).toEqual({ total: 20_104, estimated: false });
  });

  it('is exact at 100,000 lines, and says "more than" one line beyond', { timeout: 240_000 }, async () => {
    expect(EXACT_COUNT_LIMIT).toBe(100_000);
    await addOrders('CNTB', 1, EXACT_COUNT_LIMIT);
    expect(await totalOf('CNTB')).toEqual({ total: EXACT_COUNT_LIMIT, estimated: false });
    await addOrders('CNTB', EXACT_COUNT_LIMIT + 1, EXACT_COUNT_LIMIT + 1);
    const beyond = await totalOf('CNTB');
    expect(beyond.estimated).toBe(true);
    expect(beyond.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The same orders by number alone: the kept counts of their number year say how many, exactly.
    expect(await totalOf('CNTB', 'alone')).toEqual({ total: EXACT_COUNT_LIMIT + 1, estimated: false });
  });

  it('is the same where the page reads every match, a number typed to its month or narrower', {
    timeout: 240_000,
  }, async () => {
    // Eight characters read through the number index and counted to the limit at once (`readsEveryMatch`).
    const narrow = 'CNTEVERY';
    await addOrders(narrow, 1, 20_104);
    expect(await totalOf(narrow)).toEqual({ total: 20_104, estimated: false });
    await addOrders(narrow, 20_105, EXACT_COUNT_LIMIT + 1);
    const beyond = await totalOf(narrow);
    expect(beyond.estimated).toBe(true);
    expect(beyond.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it('is "more than" the limit without counting to it where the planner expects three times as many', {
    timeout: 120_000,
  }, async () => {
    await addOrders('CNTD', 1, QUICK_COUNT_LIMIT + 1);
    // Statistics that say the table holds a hundred times the orders it does: the planner's estimate
    // of the list's orders is then far beyond the limit, as it is at a million orders.
    const db = t.database.db;
    await sql`update pg_class set reltuples = reltuples * 100 where oid = 'sales_order'::regclass`.execute(
      db,
    );
    try {
      const believed = await totalOf('CNTD');
      expect(believed.estimated).toBe(true);
      expect(believed.total).toBeGreaterThanOrEqual(SURELY_BEYOND * EXACT_COUNT_LIMIT);
    } finally {
      await sql`analyze sales_order`.execute(db);
    }
    // With the statistics true again, the same list is counted: 10,001 orders, exactly.
    expect(await totalOf('CNTD')).toEqual({ total: QUICK_COUNT_LIMIT + 1, estimated: false });
  });
});
