import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /portal/dashboard/summary', () => {
  it("counts each of the user's queues exactly as its page would list them", async () => {
    const admin = await t.login('admin', 'Admin@123456');
    const { body } = await t.post('/dashboard/summary', {}, admin);
    expect(body.state).toBe(true);
    expect(body.results.queues.length).toBeGreaterThanOrEqual(8);
    for (const queue of body.results.queues) {
      const page = pageById(queue.pageId)!;
      const listed = await t.post(
        `/${page.resource}/search`,
        { PageID: page.id, [queue.field]: queue.values.join(','), pageSize: 1 },
        admin,
      );
      expect(queue.count, queue.pageId).toBe(listed.body.totalSize);
    }
    expect(Object.keys(body.results.recent).sort()).toEqual(['opportunities', 'orders']);
    expect(body.results.recent.orders.rows.length).toBeLessThanOrEqual(5);
  });

  it('shows an agent only the queues of its own pages, counted within its company', async () => {
    const rsp = await t.login('rsp', 'Demo@123456');
    const { body } = await t.post('/dashboard/summary', {}, rsp);
    const pages = body.results.queues.map((q: { pageId: string }) => q.pageId);
    expect(pages).not.toContain('customers.registrarApproval');
    expect(pages.every((id: string) => /^(ordersSetup|business|rebates|salesTask|report)\./.test(id))).toBe(
      true,
    );
    const admin = await t.login('admin', 'Admin@123456');
    const all = (await t.post('/dashboard/summary', {}, admin)).body.results.queues;
    for (const queue of body.results.queues) {
      const adminCount = all.find((q: { pageId: string }) => q.pageId === queue.pageId).count;
      expect(queue.count, queue.pageId).toBeLessThanOrEqual(adminCount);
    }
    for (const row of body.results.recent.orders?.rows ?? []) expect(row.ObjectID).toBeDefined();
  });

  it('needs a login', async () => {
    expect((await t.post('/dashboard/summary', {})).body.code).toBe('401');
  });
});
