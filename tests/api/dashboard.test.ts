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
    // The newest orders are those of the page the card opens (self-built, own-line), newest first.
    const { pageId, rows } = body.results.recent.orders;
    const listed = await t.post('/order/search', { PageID: pageId, pageSize: 5 }, admin);
    expect(rows.map((r: { OrderNo: string }) => r.OrderNo)).toEqual(
      listed.body.results.map((r: { OrderNo: string }) => r.OrderNo),
    );
    for (const row of rows) expect(row.OrderChannel).toBe('101');
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

  it('counts what waits for the caller on each workflow, opens to the same list, and moves with a decision', async () => {
    const inbox = async (user: string) => {
      const token = await t.login(user, 'Demo@123456');
      const { body } = await t.post('/dashboard/summary', {}, token);
      const card = body.results.queues.find(
        (q: { pageId: string }) => q.pageId === 'customers.registrarApproval',
      );
      const listed = await t.post(
        '/registrationInfo/search',
        { PageID: 'customers.registrarApproval', AwaitingMe: '1', pageSize: 100 },
        token,
      );
      return {
        token,
        card,
        rows: listed.body.results as { ObjectID: string; ExtCustomerStatus_SDK: string }[],
      };
    };
    const channel = await inbox('channel');
    const department = await inbox('channeldept');
    // The channel manager's are Jiangsu's registrations at pre-review; the department's, every one at
    // qualification review.
    expect(channel.card).toMatchObject({ field: 'AwaitingMe', values: ['1'] });
    expect(channel.card.count).toBe(channel.rows.length);
    expect(channel.rows.length).toBeGreaterThan(0);
    expect(channel.rows.every((r) => r.ExtCustomerStatus_SDK === '111')).toBe(true);
    expect(department.rows.every((r) => r.ExtCustomerStatus_SDK === '131')).toBe(true);

    const [first] = channel.rows;
    const options = await t.post(
      '/registrationInfo/reviewOptions',
      { ObjectID: first.ObjectID },
      channel.token,
    );
    const agreed = await t.post(
      '/registrationInfo/processApproval',
      { ObjectID: first.ObjectID, action: 'agree', WorkflowVersion: options.body.results.WorkflowVersion },
      channel.token,
    );
    expect(agreed.body.state, agreed.body.message).toBe(true);
    expect((await inbox('channel')).card.count).toBe(channel.card.count - 1);
    const after = await inbox('channeldept');
    expect(after.card.count).toBe(department.card.count + 1);
    expect(after.rows.map((r) => r.ObjectID)).toContain(first.ObjectID);
  });

  it('needs a login', async () => {
    expect((await t.post('/dashboard/summary', {})).body.code).toBe('401');
  });
});
