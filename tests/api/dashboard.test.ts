import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageById } from '../../catalogue/catalogue';
import { startTestApp, type TestApp } from './harness';

interface Queue {
  pageId: string;
  field: string;
  values: string[];
  labelKey: string | null;
  count: number;
}

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
    // The newest orders are those of the page the card opens (自有品牌订单查询: own-line orders of
    // every entry form), newest first.
    const { pageId, rows } = body.results.recent.orders;
    expect(pageId).toBe('ordersSetup.ownLineOrders');
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
    const sameQueue = (a: Queue) => (b: Queue) =>
      a.pageId === b.pageId && a.values.join() === b.values.join();
    for (const queue of body.results.queues) {
      // A shipment awaiting receipt is the agent's to-do, not the administrator's: nothing to compare.
      const admins = all.find(sameQueue(queue));
      if (admins) expect(queue.count, queue.pageId).toBeLessThanOrEqual(admins.count);
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

  it('gives an agent the shipments it has to answer and sales operations the exceptions to settle', async () => {
    const rsp = await t.login('rsp', 'Demo@123456');
    const ops = await t.login('ops', 'Demo@123456');
    const cards = async (token: string) =>
      ((await t.post('/dashboard/summary', {}, token)).body.results.queues as Queue[]).filter(
        (q) => q.pageId === 'ordersSetup.ownLineDeliveryConfirm',
      );
    const listed = async (token: string, status: string) =>
      await t.post(
        '/shipment/search',
        { PageID: 'ordersSetup.ownLineDeliveryConfirm', ShipmentStatus: status, pageSize: 100 },
        token,
      );
    // Sales operations ship one unit of an effective order of the RSP's that nothing was shipped of.
    const orders = await t.post(
      '/order/search',
      { PageID: 'ordersSetup.ownLineOrders', ApprovalStatus: '121', DeliveryStatus: '101', pageSize: 1 },
      rsp,
    );
    const [order] = orders.body.results;
    const open = (await t.post('/shipment/orderToShip', { OrderNo: order.OrderNo }, ops)).body.results;
    const line = open.Lines[0];
    const shipped = await t.post(
      '/shipment/ship',
      {
        ObjectID: order.ObjectID,
        Version: open.Version,
        Lines: [{ LineNo: line.LineNo, Quantity: 1, SerialNumbers: line.Serialised ? ['SN-DASH-1'] : [] }],
      },
      ops,
    );
    expect(shipped.status, shipped.body.message).toBe(200);
    const [awaiting] = await cards(rsp);
    expect(awaiting.labelKey).toBe('app.dashboard.queueLabels.awaitingReceipt');
    const waiting = await listed(rsp, '111');
    expect(awaiting.count).toBe(waiting.body.totalSize);
    expect(awaiting.count).toBeGreaterThan(0);
    // Sales operations see those shipments, but do not owe the answer: their card is the exceptions.
    const opsCards = await cards(ops);
    expect(opsCards.map((q) => q.labelKey)).toEqual(['app.dashboard.queueLabels.receiptException']);
    const exceptionsBefore = opsCards[0].count;
    const row = waiting.body.results[0];
    const lines = waiting.body.results.filter(
      (r: { ShipmentNo: string }) => r.ShipmentNo === row.ShipmentNo,
    ).length;
    const reported = await t.post(
      '/shipment/confirmReceipt',
      { ObjectID: row.ObjectID, Version: row.Version, ExceptionNote: 'Two boxes dented' },
      rsp,
    );
    expect(reported.status, reported.body.message).toBe(200);
    expect((await cards(rsp))[0].count).toBe(awaiting.count - lines);
    expect((await cards(ops))[0].count).toBe(exceptionsBefore + lines);
    expect((await listed(ops, '151')).body.totalSize).toBe(exceptionsBefore + lines);
  });

  it('needs a login', async () => {
    expect((await t.post('/dashboard/summary', {})).body.code).toBe('401');
  });
});
