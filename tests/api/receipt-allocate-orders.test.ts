import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import { fen, useReceiptDesk, yuan } from './receipt-desk';

const { desk, post, order, register } = useReceiptDesk();

const allocateOrders = (
  r: { ObjectID: string; Version: number },
  lines: [string, string][],
  who = 'finance',
) =>
  post(
    '/payment/allocateOrders',
    {
      ObjectID: r.ObjectID,
      Version: r.Version,
      Lines: lines.map(([OrderNo, AllocatedAmount]) => ({ OrderNo, AllocatedAmount })),
    },
    who,
  );
const allocated = async (id: string) =>
  (await post('/payment/getOne', { ObjectID: id })).body.results[0].AllocatedAmount as string;

describe('allocating one receipt to several orders in one step', () => {
  it('lists the agent’s open orders and pays three of them in one call', async () => {
    const orders = [await order(desk.rspName), await order(desk.rspName), await order(desk.rspName)];
    const total = orders.reduce((sum, o) => sum + fen(o.OrderAmount), 0);
    const r = await register({ PaymentAmount: yuan(total + 100) });
    const open = await post('/payment/openOrders', { ObjectID: r.ObjectID });
    expect(open.status, open.body.message).toBe(200);
    const listed = open.body.results.Orders.map((o: { OrderNo: string }) => o.OrderNo);
    for (const o of orders) expect(listed).toContain(o.OrderNo);
    const res = await allocateOrders(
      r,
      orders.map((o) => [o.OrderNo, o.OrderAmount]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.results.AllocatedAmount).toBe(yuan(total));
    expect(res.body.results.UnallocatedAmount).toBe('1.00');
    const after = (await post('/payment/openOrders', { ObjectID: r.ObjectID })).body.results.Orders;
    for (const o of orders) expect(after.map((a: { OrderNo: string }) => a.OrderNo)).not.toContain(o.OrderNo);
  });

  it('refuses the whole when one line’s order is rejected, naming it, and writes nothing', async () => {
    const good = await order(desk.rspName);
    const bad = await order(desk.rspName);
    await sql`update sales_order set approval_status = '131' where object_id = ${bad.ObjectID}`.execute(
      desk.t.database.db,
    );
    const r = await register({ PaymentAmount: yuan(fen(good.OrderAmount) + fen(bad.OrderAmount)) });
    const res = await allocateOrders(r, [
      [good.OrderNo, good.OrderAmount],
      [bad.OrderNo, '1.00'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(bad.OrderNo);
    expect(await allocated(r.ObjectID)).toBe('0.00');
    const listed = (await post('/payment/openOrders', { ObjectID: r.ObjectID })).body.results.Orders;
    expect(listed.map((o: { OrderNo: string }) => o.OrderNo)).not.toContain(bad.OrderNo);
  });

  it('refuses more than the receipt, naming the amounts', async () => {
    const a = await order(desk.rspName);
    const b = await order(desk.rspName);
    const r = await register({ PaymentAmount: '1.00' });
    const res = await allocateOrders(r, [
      [a.OrderNo, '1.00'],
      [b.OrderNo, '1.00'],
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('2.00');
    expect(res.body.message).toContain('1.00');
    expect(await allocated(r.ObjectID)).toBe('0.00');
  });

  it('answers 404 for an order or a receipt outside the caller’s scope, writing nothing', async () => {
    const far = await order(desk.farAgent);
    const r = await register({}, 'province');
    expect((await allocateOrders(r, [[far.OrderNo, '1.00']], 'province')).status).toBe(404);
    expect(await allocated(r.ObjectID)).toBe('0.00');
    const farReceipt = await register({ AgentName: desk.farAgent, PayerName: desk.farAgent });
    expect((await allocateOrders(farReceipt, [[far.OrderNo, '1.00']], 'province')).status).toBe(404);
    expect((await post('/payment/openOrders', { ObjectID: farReceipt.ObjectID }, 'province')).status).toBe(
      404,
    );
    expect(await allocated(farReceipt.ObjectID)).toBe('0.00');
  });

  it('leaves the books balanced', async () => {
    const report = await checkBooks(desk.t.database.db, (k) => /receipt|allocation/i.test(k));
    expect(report.checks.length).toBeGreaterThan(0);
    const failed = report.checks.filter((c) => c.failure || c.total > 0);
    expect(failed).toEqual([]);
  });
});
