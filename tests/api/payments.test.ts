import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  confirmedPaymentOf,
  paymentStatusOf,
  prepaymentBalanceOf,
} from '../../server/payments/payment-status';
import { fen, useReceiptDesk, yuan } from './receipt-desk';

const { desk, post, one, order, receipt, register } = useReceiptDesk();

const allocate = (r: { ObjectID: string; Version: number }, lines: [string, string][], who = 'finance') =>
  post(
    '/payment/allocate',
    {
      ObjectID: r.ObjectID,
      Version: r.Version,
      Allocations: lines.map(([OrderNo, AllocatedAmount]) => ({ OrderNo, AllocatedAmount })),
    },
    who,
  );

const decide = (id: string, command: string, payload: Record<string, unknown> = {}, who = 'finance') =>
  post('/workflow/decide', { workflow: 'paymentApproval', ObjectID: id, command, payload }, who);

const getReceipt = async (id: string) => (await post('/payment/getOne', { ObjectID: id })).body.results[0];
const orderRow = (id: string) =>
  one(sql<{
    status: string;
    paid: string | null;
  }>`select payment_status as status, data->>'PaidAmount' as paid
    from sales_order where object_id = ${id}`);

describe('the demo receipts', () => {
  it('were entered through the commands: confirmed, awaiting and returned, and their orders agree with them', async () => {
    const states = await sql<{
      status: string;
      n: number;
      open: number;
    }>`select data->>'ConfirmStatus' as status,
        count(*)::int as n, count(*) filter (where unallocated_amount > 0)::int as open
      from payment_receipt group by 1 order by 1`.execute(desk.t.database.db);
    const by = Object.fromEntries(states.rows.map((r) => [r.status, r]));
    expect(by['121']?.n).toBeGreaterThanOrEqual(3);
    expect(by['121']?.open, 'one pays more than its order: a prepayment').toBeGreaterThanOrEqual(1);
    expect(by['111']?.n).toBeGreaterThanOrEqual(1);
    expect(by['131']?.n).toBeGreaterThanOrEqual(1);
    const paid = await sql<{ id: string; status: string; due: string }>`select o.object_id::text as id,
        o.payment_status as status, coalesce(nullif(o.data->>'PayableAmount', '')::numeric, o.order_amount)::text as due
      from sales_order o where o.object_id in (select order_id from payment_allocation)`.execute(
      desk.t.database.db,
    );
    expect(paid.rows.map((o) => o.status)).toContain('111');
    expect(paid.rows.map((o) => o.status)).toContain('121');
    for (const o of paid.rows)
      expect(o.status).toBe(paymentStatusOf(await confirmedPaymentOf(desk.t.database.db, o.id), fen(o.due)));
  });
});

describe('registering a receipt', () => {
  it('numbers it HK…, scopes it to its agent and puts it before finance', async () => {
    const r = await register();
    expect(r.PaymentNo).toMatch(/^HK\d{12}$/);
    expect(r.ConfirmStatus).toBe('111');
    expect(r.ThirdPartyPayment).toBe(false);
    expect(r.UnallocatedAmount).toBe('1000.00');
    const waiting = await post('/payment/search', {
      PageID: 'ordersSetup.paymentApproval',
      AwaitingMe: 1,
      PaymentNo: r.PaymentNo,
    });
    expect(waiting.body.results.map((row: { PaymentNo: string }) => row.PaymentNo)).toEqual([r.PaymentNo]);
    const notOps = await post('/payment/search', { AwaitingMe: 1, PaymentNo: r.PaymentNo }, 'ops');
    expect(notOps.body.results).toEqual([]);
  });

  it('refuses a payer who is not the agent, unless a third-party payment agreement is valid that day', async () => {
    const refused = await post('/payment/create', receipt({ PayerName: '某某代付有限公司' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^付款单位：须为代理商本身/);
    const agreement = await post('/payerAgreement/create', {
      PageID: 'ordersSetup.payerAgreementEdit',
      AgentName: desk.rspName,
      PayerName: '某某代付有限公司',
      ValidFrom: '2026-01-01',
      ValidTo: '2026-11-30',
      Enabled: true,
    });
    expect(agreement.status, agreement.body.message).toBe(200);
    const accepted = await register({ PayerName: '某某代付有限公司' });
    expect(accepted.ThirdPartyPayment).toBe(true);
    const expired = await post(
      '/payment/create',
      receipt({ PayerName: '某某代付有限公司', PaymentDate: '2026-12-01' }),
    );
    expect(expired.status).toBe(400);
  });

  it('refuses a missing amount, a zero amount and an unknown agent by their labels', async () => {
    const missing = await post('/payment/create', receipt({ PaymentAmount: undefined }));
    expect([missing.status, missing.body.message]).toEqual([400, '付款金额（元）必填']);
    const zero = await post('/payment/create', receipt({ PaymentAmount: '0' }));
    expect([zero.status, zero.body.message]).toEqual([400, '付款金额（元）：须大于 0']);
    const nobody = await post(
      '/payment/create',
      receipt({ AgentName: '不存在的公司', PayerName: '不存在的公司' }),
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toMatch(/^代理商名称：/);
  });

  it('is refused to a role without the payment pages (403) and decided by finance only', async () => {
    expect((await post('/payment/create', receipt(), 'city')).status).toBe(403);
    expect((await post('/payment/search', {}, 'city')).status).toBe(403);
    const r = await register();
    const byOps = await decide(r.ObjectID, 'agree', {}, 'ops');
    expect(byOps.status).toBe(403);
    expect((await getReceipt(r.ObjectID)).ConfirmStatus).toBe('111');
  });

  it('refuses an edit over a newer version (409) and changes nothing', async () => {
    const r = await register();
    const first = await post('/payment/update', {
      ObjectID: r.ObjectID,
      Version: r.Version,
      BankSerialNo: 'B-2',
    });
    expect(first.status).toBe(200);
    const stale = await post('/payment/update', {
      ObjectID: r.ObjectID,
      Version: r.Version,
      BankSerialNo: 'B-3',
    });
    expect(stale.status).toBe(409);
    expect((await getReceipt(r.ObjectID)).BankSerialNo).toBe('B-2');
  });
});

describe('allocating a receipt to orders', () => {
  it('refuses more than the receipt, more than an order has open, and another agent’s order', async () => {
    const a = await order(desk.rspName);
    const r = await register({ PaymentAmount: a.OrderAmount });
    const over = await allocate(r, [[a.OrderNo, yuan(fen(a.OrderAmount) + 1)]]);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^核销金额（元）：核销合计/);
    const big = await register({ PaymentAmount: yuan(fen(a.OrderAmount) * 2) });
    const beyond = await allocate(big, [[a.OrderNo, yuan(fen(a.OrderAmount) + 1)]]);
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toContain(a.OrderNo);
    const other = await order(desk.otherAgent);
    const foreign = await allocate(big, [[other.OrderNo, '1.00']]);
    expect(foreign.status).toBe(400);
    expect((await getReceipt(big.ObjectID)).AllocatedAmount).toBe('0.00');
  });

  it('refuses a rejected or a cancelled order: it owes nothing any more', async () => {
    for (const closed of ['131', '141']) {
      const a = await order(desk.rspName);
      await sql`update sales_order set approval_status = ${closed} where object_id = ${a.ObjectID}`.execute(
        desk.t.database.db,
      );
      const r = await register({ PaymentAmount: a.OrderAmount });
      const refused = await allocate(r, [[a.OrderNo, '100.00']]);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toContain(`订单 ${a.OrderNo} 已驳回或已取消，不能核销回款`);
      expect((await getReceipt(r.ObjectID)).AllocatedAmount).toBe('0.00');
    }
  });

  it('changes one allocation’s amount within the same limits, on the version seen', async () => {
    const a = await order(desk.rspName);
    const r = await register({ PaymentAmount: a.OrderAmount });
    await allocate(r, [[a.OrderNo, '100.00']]);
    const [row] = (await post('/paymentAllocation/search', { PaymentNo: r.PaymentNo })).body.results;
    const beyond = await post('/paymentAllocation/update', {
      ObjectID: row.ObjectID,
      Version: row.Version,
      AllocatedAmount: yuan(fen(a.OrderAmount) + 1),
    });
    expect(beyond.status).toBe(400);
    const changed = await post('/paymentAllocation/update', {
      ObjectID: row.ObjectID,
      Version: row.Version,
      AllocatedAmount: '250.00',
    });
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.results.AllocatedAmount).toBe('250.00');
    expect((await getReceipt(r.ObjectID)).AllocatedAmount).toBe('250.00');
    const stale = await post('/paymentAllocation/update', {
      ObjectID: row.ObjectID,
      Version: row.Version,
      AllocatedAmount: '1.00',
    });
    expect(stale.status).toBe(409);
  });

  it('answers 404 for an order outside the caller’s scope, like getOne', async () => {
    const far = await order(desk.farAgent);
    const r = await register({}, 'province');
    const res = await allocate(r, [[far.OrderNo, '1.00']], 'province');
    expect(res.status).toBe(404);
  });

  it('keeps two receipts from taking more of one order than it asks for', async () => {
    const a = await order(desk.rspName);
    const half = yuan(Math.floor(fen(a.OrderAmount) / 2));
    const r1 = await register({ PaymentAmount: a.OrderAmount });
    expect((await allocate(r1, [[a.OrderNo, a.OrderAmount]])).status).toBe(200);
    const r2 = await register({ PaymentAmount: a.OrderAmount });
    expect((await allocate(r2, [[a.OrderNo, half]])).status).toBe(400);
  });
});

describe('confirming a receipt', () => {
  it('moves the order from unpaid to partly paid to paid, and locks what it confirmed', async () => {
    const a = await order(desk.rspName, 3);
    const due = fen(a.OrderAmount);
    const firstPart = Math.floor(due / 3);
    expect((await orderRow(a.ObjectID)).status).toBe('101');

    const r1 = await register({ PaymentAmount: yuan(firstPart + 500_00) });
    const allocated = await allocate(r1, [[a.OrderNo, yuan(firstPart)]]);
    expect(allocated.status, allocated.body.message).toBe(200);
    expect(allocated.body.results.UnallocatedAmount).toBe('500.00');
    expect((await orderRow(a.ObjectID)).status).toBe('101');
    const confirmed = await decide(r1.ObjectID, 'agree');
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(await orderRow(a.ObjectID)).toEqual({ status: '111', paid: yuan(firstPart) });
    expect(await confirmedPaymentOf(desk.t.database.db, a.ObjectID)).toBe(firstPart);
    expect(await prepaymentBalanceOf(desk.t.database.db, desk.rspId)).toBeGreaterThanOrEqual(500_00);

    const locked = await getReceipt(r1.ObjectID);
    expect(locked.ConfirmStatus).toBe('121');
    expect(locked.ConfirmedByName).toBeTruthy();
    expect(
      (await post('/payment/update', { ObjectID: r1.ObjectID, Version: locked.Version, BankSerialNo: 'X' }))
        .status,
    ).toBe(409);
    expect((await allocate(locked, [])).status).toBe(409);
    const rows = await post('/paymentAllocation/search', { PaymentNo: r1.PaymentNo });
    expect(
      (await post('/paymentAllocation/delete', { ObjectID: rows.body.results[0].ObjectID })).status,
    ).toBe(409);

    const r2 = await register({ PaymentAmount: yuan(due - firstPart) });
    const added = await post('/paymentAllocation/create', {
      PaymentNo: r2.PaymentNo,
      OrderNo: a.OrderNo,
      AllocatedAmount: yuan(due - firstPart),
    });
    expect(added.status, added.body.message).toBe(200);
    expect((await orderRow(a.ObjectID)).status).toBe('111');
    expect((await decide(r2.ObjectID, 'agree')).status).toBe(200);
    expect(await orderRow(a.ObjectID)).toEqual({ status: '121', paid: a.OrderAmount });
  });

  it('returns a receipt for correction and takes it back, rejects one whose allocations then count for nothing', async () => {
    const a = await order(desk.rspName);
    const r = await register({ PaymentAmount: a.OrderAmount });
    await allocate(r, [[a.OrderNo, a.OrderAmount]]);
    expect((await decide(r.ObjectID, 'return', { reason: ' ' })).status).toBe(400);
    expect((await decide(r.ObjectID, 'return', { reason: '金额与银行流水不符' })).status).toBe(200);
    const returned = await getReceipt(r.ObjectID);
    expect(returned.ConfirmStatus).toBe('131');
    expect(
      (
        await post('/payment/update', {
          ObjectID: r.ObjectID,
          Version: returned.Version,
          BankSerialNo: 'B-9',
        })
      ).status,
    ).toBe(200);
    expect((await decide(r.ObjectID, 'resubmit')).status).toBe(200);
    expect((await decide(r.ObjectID, 'reject', { reason: '非本公司款项' })).status).toBe(200);
    expect((await getReceipt(r.ObjectID)).ConfirmStatus).toBe('141');
    expect((await orderRow(a.ObjectID)).status).toBe('101');
    const again = await register({ PaymentAmount: a.OrderAmount });
    expect((await allocate(again, [[a.OrderNo, a.OrderAmount]])).status).toBe(200);
  });

  it('shows confirmed receipts on the multi-line payment report, summed by order line', async () => {
    const a = await order(desk.rspName);
    const r = await register({ PaymentAmount: yuan(fen(a.OrderAmount) + 100_00) });
    await allocate(r, [[a.OrderNo, a.OrderAmount]]);
    const before = await post('/paymentFlow/search', {
      PageID: 'ordersSetup.multiLinePaymentReport',
      keyword: r.PaymentNo,
    });
    expect(before.body.results).toEqual([]);
    await decide(r.ObjectID, 'agree');
    const after = await post('/paymentFlow/search', {
      PageID: 'ordersSetup.multiLinePaymentReport',
      keyword: r.PaymentNo,
    });
    expect(after.body.results).toHaveLength(1);
    expect(after.body.results[0]).toMatchObject({
      OrderChannel: '101',
      OrderNo: a.OrderNo,
      AllocatedAmount: a.OrderAmount,
      UnallocatedAmount: '100.00',
    });
  });
});

describe('money stays whole', () => {
  it('never lets allocations exceed receipts or orders, and every order’s status agrees with its sums', async () => {
    const orders = [await order(desk.rspName, 1), await order(desk.rspName, 2), await order(desk.rspName, 1)];
    const dues = orders.map((o) => fen(o.OrderAmount));
    const share = (due: number, percent: number) => Math.max(1, Math.floor((due * percent) / 100));
    await fc.assert(
      fc.asyncProperty(
        // Allocations around the orders' own sizes and receipts around the allocations, so both limits are often hit.
        fc.array(fc.tuple(fc.integer({ min: 0, max: orders.length - 1 }), fc.integer({ min: 1, max: 150 })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.integer({ min: 50, max: 150 }),
        fc.constantFrom('agree', 'reject', 'none'),
        async (lines, receiptPercent, decision) => {
          const unique = [...new Map(lines.map(([i, percent]) => [i, share(dues[i], percent)])).entries()];
          const asked = unique.reduce((sum, [, f]) => sum + f, 0);
          const r = await register({ PaymentAmount: yuan(share(asked, receiptPercent)) });
          await allocate(
            r,
            unique.map(([i, f]) => [orders[i].OrderNo, yuan(f)]),
          );
          if (decision !== 'none')
            await decide(r.ObjectID, decision, decision === 'reject' ? { reason: '测试' } : {});
          const receipts = await sql<{ amount: string; allocated: string; sum: string }>`select
              r.payment_amount::text as amount, r.allocated_amount::text as allocated,
              coalesce((select sum(a.amount) from payment_allocation a where a.receipt_id = r.object_id), 0)::text as sum
            from payment_receipt r`.execute(desk.t.database.db);
          for (const row of receipts.rows) {
            expect(fen(row.allocated)).toBe(fen(row.sum));
            expect(fen(row.allocated)).toBeLessThanOrEqual(fen(row.amount));
          }
          for (const o of orders) {
            const held = await one(sql<{ held: string }>`select coalesce(sum(a.amount), 0)::text as held
              from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
              where a.order_id = ${o.ObjectID} and r.data->>'ConfirmStatus' <> '141'`);
            expect(fen(held.held)).toBeLessThanOrEqual(fen(o.OrderAmount));
            const paid = await confirmedPaymentOf(desk.t.database.db, o.ObjectID);
            expect((await orderRow(o.ObjectID)).status).toBe(paymentStatusOf(paid, fen(o.OrderAmount)));
          }
        },
      ),
      { numRuns: 20, seed: 20261124 },
    );
  });
});
