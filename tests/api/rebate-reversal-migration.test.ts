import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';
import { up as giveBackAfterChanges } from '../../server/db/migrations/123-rebate-back-after-changes.migration';
import { post } from '../../server/rebates/ledger.service';
import { FLOW } from '../../server/rebates/ledger.types';
import { expectBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { changeApplied, openCredit, orderableProduct, orderUsingRebate } from './rebate-fixtures';

/**
 * Migration 123 (docs/rebates.md "Rebate on orders"): an order cancelled after a change, before the
 * ledger found an order's flows by its base number, kept its rebate used — its cancellation looked
 * under the revision's number and gave nothing back. The migration writes, in its own SQL, the reversal
 * its cancellation writes now, and only that, once.
 */
let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
const rsp = { id: '', name: '', staff: 'rsp' };
let product: { code: string; fen: bigint };
const REBATE = 800_00n;
const KEY = 'rebates.rebateUsedFollowsLedger';

const migrate = () => giveBackAfterChanges(db as never);
const available = async () => {
  const answer = await t.post(
    '/rebateSummary/usable',
    { AgentID: rsp.id, Brand: '101', EligibleAmount: '1.00' },
    tokens.rsp,
  );
  expect(answer.status, answer.body.message).toBe(200);
  return BigInt(answer.body.results.availableFen);
};
const shown = async (id: string) =>
  (await t.post('/order/getOne', { ObjectID: id }, tokens.rsp)).body.results[0] as Record<string, string>;
const cancel = (id: string) =>
  t.post(
    '/workflow/decide',
    { workflow: 'orderApproval', ObjectID: id, command: 'cancel', payload: { reason: 'Customer withdrew' } },
    tokens.ops,
  );

/** An order that used `rebateFen`, then changed (a later delivery day): it is now revision -1. */
async function changedOrder(rebateFen = REBATE) {
  const order = await orderUsingRebate({ t, tokens }, rsp, product, 2, rebateFen);
  await changeApplied({ t, tokens }, order.OrderNo, {
    ChangeType: '121',
    RequiredDeliveryDate: '2026-12-20',
  });
  expect(await shown(order.ObjectID)).toMatchObject({ OrderNo: `${order.OrderNo}-1`, RebateStatus: 'used' });
  return order;
}

/**
 * Cancels the order as the portal did before: its rebate step named the order by its current number
 * (the revision's), found no flow under it and wrote nothing. Without its base number the step does
 * the same, so the cancellation leaves exactly the rows it left then; the base number, which the
 * change wrote, is put back.
 */
async function cancelAsBefore(id: string) {
  const base = await sql<{ no: string }>`select data->>'BaseOrderNo' as no from sales_order
    where object_id = ${id}`.execute(db);
  await sql`update sales_order set data = data - 'BaseOrderNo' where object_id = ${id}`.execute(db);
  const cancelled = await cancel(id);
  expect(cancelled.status, cancelled.body.message).toBe(200);
  await sql`update sales_order set data = data || ${JSON.stringify({ BaseOrderNo: base.rows[0].no })}::jsonb
    where object_id = ${id}`.execute(db);
}

/** The flows under an order's number, as written (no ids, numbers or running totals). */
const flowsUnder = async (no: string) =>
  (
    await sql<Record<string, string | null>>`select f.flow_type as type, f.source_doc_type as doc,
        f.amount::text as amount, f.available_change::text as available, f.frozen_change::text as frozen,
        f.pending_change::text as pending, (f.batch_id = f.object_id)::text as "ownBatch",
        to_char(f.expiry_date, 'YYYY-MM-DD') as expiry, f.reason, f.created_by::text as "by",
        f.created_by_name as "byName"
      from rebate_flow f where f.source_doc_no = ${no} order by f.seq`.execute(db)
  ).rows;

/** Everything the migration could change: every account's flows and last flow, every order's rebate. */
const ledgerAndOrders = async () =>
  (
    await sql<Record<string, string>>`select (select count(*) from rebate_flow)::text as flows,
        (select string_agg(concat_ws(':', account_id, seq, available_after, frozen_after, reversed_to_date),
          ',' order by account_id) from rebate_flow l
          where seq = (select max(seq) from rebate_flow m where m.account_id = l.account_id)) as lasts,
        (select string_agg(concat_ws(':', object_id, data->>'RebateStatus'), ',' order by object_id)
          from sales_order where data ? 'RebateStatus') as orders,
        (select string_agg(concat_ws(':', prefix, day, last), ',' order by prefix, day)
          from number_sequence) as numbers`.execute(db)
  ).rows[0];

const namedByInvariant = async () =>
  (await checkBooks(db, (key) => key === KEY)).checks[0].rows.map((r) => String(r.object_id)).sort();

/** 客户返利汇总 of the agent's own-brand account, as finance reads it. */
const summary = async () => {
  const found = await t.post(
    '/rebateSummary/search',
    { PageID: 'rebates.customerRebateSummary', AgentName: rsp.name, Brand: '101', pageSize: 10 },
    tokens.finance,
  );
  expect(found.status, found.body.message).toBe(200);
  return found.body.results.find((r: Record<string, string>) => r.AccountType === '101') as Record<
    string,
    string
  >;
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  for (const user of ['ops', 'finance', 'rsp', 'vp']) tokens[user] = await t.login(user, 'Demo@123456');
  const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db);
  Object.assign(rsp, row.rows[0]);
  product = await orderableProduct(t);
  await openCredit(t, rsp.id);
  // Enough usable rebate for the orders, expiring long after the test.
  await post(
    db,
    { employeeId: null, name: 'test' },
    { companyId: rsp.id, type: 'rebate', brand: '101' },
    100_000_00,
    '2099-12-31',
    { type: 'settlement', no: 'FL-TEST-MIGRATION-123' },
  );
});
afterAll(() => t?.close());

describe('migration 123: the rebate of orders cancelled after a change before the fix', () => {
  it('changes nothing in the demo world, where every cancelled order gave its rebate back', async () => {
    const before = await ledgerAndOrders();
    expect(await namedByInvariant()).toEqual([]);
    await migrate();
    expect(await ledgerAndOrders()).toEqual(before);
  });

  it('gives the agent back what each order used, as a cancellation does now, once', async () => {
    // An order cancelled after a change as the portal cancels one now: the reversal to match.
    const now = await changedOrder();
    expect((await cancel(now.ObjectID)).status).toBe(200);
    // A changed order still in force keeps its rebate used.
    const inForce = await changedOrder(50_00n);

    const whole = await available();
    const reversedBefore = Number((await summary()).ReversedAmount);
    const broken = await changedOrder();
    const second = await changedOrder(123_45n);
    expect(await available()).toBe(whole - REBATE - 123_45n);
    await cancelAsBefore(broken.ObjectID);
    await cancelAsBefore(second.ObjectID);
    // The state the old cancellation left: the orders cancelled, their rebate still used, the agent short.
    expect(await shown(broken.ObjectID)).toMatchObject({ ApprovalStatus: '141', RebateStatus: 'used' });
    expect(await available()).toBe(whole - REBATE - 123_45n);
    expect(await namedByInvariant()).toEqual([broken.ObjectID, second.ObjectID].sort());

    await migrate();

    expect(await available()).toBe(whole);
    expect(await namedByInvariant()).toEqual([]);
    for (const order of [broken, second])
      expect(await shown(order.ObjectID)).toMatchObject({
        OrderNo: `${order.OrderNo}-1`,
        ApprovalStatus: '141',
        RebateStatus: 'reversed',
      });
    expect(await shown(inForce.ObjectID)).toMatchObject({ ApprovalStatus: '121', RebateStatus: 'used' });
    expect((await flowsUnder(inForce.OrderNo)).map((f) => f.type)).toEqual([FLOW.freeze, FLOW.use]);
    // The same flows, under the order's first number, as the order cancelled today.
    const flows = await flowsUnder(broken.OrderNo);
    expect(flows.map((f) => [f.type, f.doc, f.amount])).toEqual([
      [FLOW.freeze, 'order', '800.00'],
      [FLOW.use, 'order', '800.00'],
      [FLOW.reverse, 'return', '800.00'],
    ]);
    expect(flows).toEqual(await flowsUnder(now.OrderNo));
    expect((await flowsUnder(second.OrderNo)).map((f) => [f.type, f.amount])).toEqual([
      [FLOW.freeze, '123.45'],
      [FLOW.use, '123.45'],
      [FLOW.reverse, '123.45'],
    ]);
    expect((await flowsUnder(now.OrderNo)).filter((f) => f.type === FLOW.reverse)).toHaveLength(1);

    // Signed by whoever cancelled it, at the moment they did, numbered on that business day.
    const reversals = await sql<{ same: boolean; day: boolean }>`select f.created_at = e.at as same,
        f.flow_no like 'LS' || to_char(e.at, 'YYYYMMDD') || '%' as day
      from rebate_flow f, workflow_event e
      where f.source_doc_no in (${broken.OrderNo}, ${second.OrderNo}) and f.flow_type = ${FLOW.reverse}
        and e.stream_id = 'orderApproval-' || (select object_id::text from sales_order o
          where o.data->>'BaseOrderNo' = f.source_doc_no and o.approval_status = '141')
        and e.type = 'order.cancel'`.execute(db);
    expect(reversals.rows).toEqual([
      { same: true, day: true },
      { same: true, day: true },
    ]);

    // 客户返利流水 shows the agent each reversal under the order's number; 客户返利汇总 counts it reversed.
    const listed = await t.post(
      '/rebateFlow/search',
      { PageID: 'rebates.customerRebateFlow', SourceDocNo: broken.OrderNo, pageSize: 10 },
      tokens.rsp,
    );
    expect(listed.status, listed.body.message).toBe(200);
    expect(
      listed.body.results.map((r: Record<string, string>) => [r.FlowType, Number(r.Amount)]).sort(),
    ).toEqual([
      [FLOW.freeze, 800],
      [FLOW.use, 800],
      [FLOW.reverse, 800],
    ]);
    const after = await summary();
    expect(Number(after.ReversedAmount) - reversedBefore).toBeCloseTo(800 + 123.45, 2);

    // The books balance: the orders' rebate, the balances, the flows numbered in turn, the summary.
    await expectBooksBalanced(db, ['rebates']);

    // Run again, it writes nothing.
    const settled = await ledgerAndOrders();
    await migrate();
    expect(await ledgerAndOrders()).toEqual(settled);
    expect(await available()).toBe(whole);
  });
});
