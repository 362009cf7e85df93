import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooksCheckAnswer } from '../../domain/books';
import { jobHandler, runJobOnce } from '../../server/jobs/job-handlers';
import { startTestApp, type TestApp } from './harness';

/**
 * 系统管理 › 账务核对 (docs/books.md): the administrator reads the last check and checks now; a broken
 * figure is named by its record, in the reader's language, with the page that opens it; the nightly
 * job keeps its report the same way. Nobody else may read a report that names every company's records.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp('demo');
  admin = await t.login('admin', 'Admin@123456');
});
afterAll(() => t?.close());

function rule(answer: BooksCheckAnswer, key: string) {
  const found = answer.LastRun?.Rules.find((r) => r.Key === key);
  if (!found) throw new Error(`no rule ${key} in the check`);
  return found;
}

describe('the books check', () => {
  it('is refused to anyone but the system administrator', async () => {
    for (const name of ['ops', 'finance', 'rsp']) {
      const token = await t.login(name, 'Demo@123456');
      expect((await t.post('/booksCheck/last', {}, token)).status, name).toBe(403);
      expect((await t.post('/booksCheck/run', {}, token)).status, name).toBe(403);
    }
  });

  it('finds the demo books balanced when checked now, and shows that check as the last one', async () => {
    const run = await t.post('/booksCheck/run', {}, admin);
    expect(run.status).toBe(200);
    const broken = run.body.results.LastRun.Rules.filter((r: { Total: number }) => r.Total > 0);
    expect(broken).toEqual([]);
    expect(run.body.results.LastRun.Trigger).toBe('manual');
    const last = await t.post('/booksCheck/last', {}, admin);
    expect(last.body.results.LastRun.StartedOn).toBe(run.body.results.LastRun.StartedOn);
  });

  it('names an order whose amount no longer matches its lines, with its page, in zh and in en', async () => {
    const { rows } = await sql<{ object_id: string; order_no: string }>`
      update sales_order set order_amount = order_amount + 1
      where object_id = (select order_id from order_item where line_amount is not null limit 1)
      returning object_id, order_no`.execute(t.database.db);
    const order = rows[0];
    try {
      const zh = (await t.post('/booksCheck/run', {}, admin)).body.results;
      const found = rule(zh, 'orders.amountIsSumOfLines');
      expect(found.Title).toBe('订单金额 = 各行金额之和');
      expect(found.Total).toBe(1);
      expect(found.Page).toBe('ordersSetup.ownLineOrderDetail');
      expect(found.Findings[0]).toMatchObject({ ObjectID: order.object_id, Label: order.order_no });
      expect(found.Findings[0].Text).toMatch(
        new RegExp(`^订单 ${order.order_no}：金额 [\\d,]+\\.\\d{2}，各行合计`),
      );
      const en = (await t.post('/booksCheck/last', {}, admin, { 'accept-language': 'en' })).body.results;
      expect(rule(en, 'orders.amountIsSumOfLines').Findings[0].Text).toMatch(
        `Order ${order.order_no}: amount`,
      );
    } finally {
      await sql`update sales_order set order_amount = order_amount - 1 where object_id = ${order.object_id}`.execute(
        t.database.db,
      );
    }
  });

  it('is run every night by a job that keeps its report and counts what it found', async () => {
    const message = await runJobOnce(t.database.db, jobHandler('booksCheck')!);
    expect(message).toMatchObject({ key: 'server.jobs.messages.booksCheck', params: { violations: 0 } });
    expect((await t.post('/booksCheck/last', {}, admin)).body.results.LastRun.Trigger).toBe('nightly');
  });
});
