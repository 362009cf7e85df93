import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { runJobOnce } from '../../server/jobs/job-handlers';
import {
  correct,
  freezeForOrder,
  payout,
  post,
  releaseForOrder,
  useForOrder as spendFrozen,
} from '../../server/rebates/ledger.service';
import { type AccountKey, FLOW } from '../../server/rebates/ledger.types';
import { allocateToLines } from '../../server/rebates/line-allocation';
import { rebateExpiry } from '../../server/rebates/rebate-expiry.job';
import { endsWithBooksBalanced } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { changeApplied } from './rebate-fixtures';

/**
 * Rebate on orders (notes §5.3): frozen when an order is submitted, used when it takes effect,
 * released when it is returned, rejected or cancelled, never above min(available, eligible amount ×
 * maximum ratio); spread over the lines to the fen; lapsed batches expire by the nightly job.
 */
let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
const rsp = { id: '', name: '' };
let product: { code: string; fen: bigint };
const own = (companyId: string): AccountKey => ({ companyId, type: 'rebate', brand: '101' });
const yuan = (fen: bigint | number) => {
  const digits = String(fen).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const fenOf = (text: string) => BigInt(text.replace('.', ''));

const flowsOfOrder = async (orderNo: string) =>
  (
    await sql<{ type: string; amount: string }>`select flow_type as type, amount::text as amount
      from rebate_flow where source_doc_no = ${orderNo} order by seq`.execute(db)
  ).rows;
const decide = (who: string, id: string, command: string, payload = {}) =>
  t.post('/workflow/decide', { workflow: 'orderApproval', ObjectID: id, command, payload }, tokens[who]);
const usable = async (eligibleFen: bigint) =>
  (
    await t.post(
      '/rebateSummary/usable',
      { AgentID: rsp.id, Brand: '101', EligibleAmount: yuan(eligibleFen) },
      tokens.rsp,
    )
  ).body.results as { availableFen: number; usableFen: number };

/** Agrees an order along its chain until it takes effect. */
async function takeEffect(orderId: string) {
  for (let step = 0; step < 3; step++) {
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: orderId },
      tokens.ops,
    );
    if (options.body.results.State === 'approved') return;
    const who = { JS013: 'ops', JS014: 'finance' }[options.body.results.Decider.Role as string] ?? 'ops';
    expect((await decide(who, orderId, 'agree')).status).toBe(200);
  }
  throw new Error('the order did not take effect');
}

/** A draft RSP hardware order of `quantities` of the test product, deducting `rebateFen`. */
async function draft(quantities: number[], rebateFen: bigint) {
  const created = await t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.rspHardwareOrderNew',
      AgentName: rsp.name,
      EndUserName: 'End user',
      ProductLine: 'Servers',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      RebateDeduction: yuan(rebateFen),
      Lines: quantities.map((q) => ({ ProductCode: product.code, Quantity: q })),
    },
    tokens.rsp,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.results as { ObjectID: string; OrderNo: string; OrderAmount: string };
}

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  for (const user of ['ops', 'finance', 'rsp', 'ccp']) tokens[user] = await t.login(user, 'Demo@123456');
  const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db);
  Object.assign(rsp, row.rows[0]);
  const found = await sql<{
    code: string;
    price: string;
  }>`select product_code as code, standard_price::text as price
    from product where standard_price between 1000 and 20000 and coalesce(category, '') <> '181'
    order by standard_price desc, product_code limit 1`.execute(db);
  product = { code: found.rows[0].code, fen: fenOf(found.rows[0].price) };
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '111', ExtCreditLimit_SDK: '100000000.00' })}::jsonb
    where object_id = ${rsp.id}`.execute(db);
  // Enough posted rebate that the ratio, not the balance, limits a large order.
  await post(db, { employeeId: null, name: 'test' }, own(rsp.id), 5_000_000_00, '2099-12-31', {
    type: 'settlement',
    no: 'FL-TEST-USE',
  });
});
afterAll(() => t?.close());

describe('rebate on an order', () => {
  it('refuses at submission a deduction above what is usable, freezing nothing', async () => {
    const order = await draft([3, 1], 1n);
    const limit = await usable(fenOf(order.OrderAmount));
    expect(limit.usableFen).toBeGreaterThan(0);
    expect(limit.usableFen).toBeLessThan(limit.availableFen);
    const over = await draft([3, 1], BigInt(limit.usableFen) + 1n);
    const refused = await t.post('/orderApproval/submit', { ObjectID: over.ObjectID }, tokens.rsp);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(yuan(limit.usableFen));
    expect(await flowsOfOrder(over.OrderNo)).toEqual([]);
    // Nothing of the submission stays: the order is still a draft.
    const status = await sql<{ s: string }>`select approval_status as s from sales_order
      where object_id = ${over.ObjectID}`.execute(db);
    expect(status.rows[0].s).toBe('101');
  });

  it('freezes on submit, spreads it over the lines to the fen, and uses it when the order takes effect', async () => {
    const probe = await draft([3, 2, 2], 1n);
    const limit = await usable(fenOf(probe.OrderAmount));
    // An amount that does not split evenly, so the remainder has to land somewhere.
    const rebateFen = BigInt(limit.usableFen) - 7n;
    const order = await draft([3, 2, 2], rebateFen);
    const submitted = await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(await flowsOfOrder(order.OrderNo)).toEqual([{ type: FLOW.freeze, amount: yuan(rebateFen) }]);
    const lines = await sql<{ share: string; amount: string }>`select data->>'RebateAllocated' as share,
      line_amount::text as amount from order_item where order_id = ${order.ObjectID} order by line_no`.execute(
      db,
    );
    const shares = lines.rows.map((l) => fenOf(l.share));
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(rebateFen);
    expect(shares[0]).toBeGreaterThan(shares[1]);
    await takeEffect(order.ObjectID);
    expect((await flowsOfOrder(order.OrderNo)).map((f) => f.type)).toEqual([FLOW.freeze, FLOW.use]);
    const shown = (await t.post('/order/getOne', { ObjectID: order.ObjectID }, tokens.rsp)).body.results[0];
    expect(shown).toMatchObject({
      RebateDeduction: yuan(rebateFen),
      RebateUsed: yuan(rebateFen),
      RebateStatus: 'used',
    });
  });

  it('releases what a returned or rejected order froze, and freezes again on resubmission', async () => {
    const order = await draft([1], 1_000_00n);
    await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    await decide('ops', order.ObjectID, 'return', { reason: 'Wrong address' });
    await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    await decide('ops', order.ObjectID, 'reject', { reason: 'Duplicate order' });
    expect((await flowsOfOrder(order.OrderNo)).map((f) => f.type)).toEqual([
      FLOW.freeze,
      FLOW.release,
      FLOW.freeze,
      FLOW.release,
    ]);
  });

  it('gives back what an order used when it is cancelled after a change: the balance is whole again', async () => {
    const order = await draft([10], 1_000_00n);
    const before = (await usable(1n)).availableFen;
    expect((await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp)).status).toBe(
      200,
    );
    await takeEffect(order.ObjectID);
    expect((await usable(1n)).availableFen).toBe(before - 1_000_00);
    // Ten per cent more units: applied on confirmation, the order now revision -1.
    await changeApplied({ t, tokens }, order.OrderNo, {
      ChangeType: '101',
      Lines: [{ LineNo: 1, Quantity: 11 }],
    });
    const changed = (await t.post('/order/getOne', { ObjectID: order.ObjectID }, tokens.rsp)).body.results[0];
    expect(changed).toMatchObject({ OrderNo: `${order.OrderNo}-1`, RebateStatus: 'used' });

    const cancelled = await decide('ops', order.ObjectID, 'cancel', { reason: 'Customer withdrew' });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect((await usable(1n)).availableFen).toBe(before);
    const shown = (await t.post('/order/getOne', { ObjectID: order.ObjectID }, tokens.rsp)).body.results[0];
    expect(shown).toMatchObject({ OrderNo: `${order.OrderNo}-1`, RebateStatus: 'reversed' });
    // The ledger names the order by the number it froze and used under, the reversal too.
    expect(await flowsOfOrder(order.OrderNo)).toEqual([
      { type: FLOW.freeze, amount: '1000.00' },
      { type: FLOW.use, amount: '1000.00' },
      { type: FLOW.reverse, amount: '1000.00' },
    ]);
  });

  it('shows an agent only its own ledger: another agent’s flow is not found, and absent from its lists', async () => {
    const theirs = await sql<{ id: string }>`select f.object_id::text as id from rebate_flow f
      join rebate_account a on a.object_id = f.account_id where a.company_id = ${rsp.id} limit 1`.execute(db);
    expect((await t.post('/rebateFlow/getOne', { ObjectID: theirs.rows[0].id }, tokens.ccp)).status).toBe(
      404,
    );
    const listed = await t.post('/rebateFlow/search', { pageSize: 100 }, tokens.ccp);
    expect(listed.body.results.map((r: { AgentName: string }) => r.AgentName)).not.toContain(rsp.name);
    expect(
      (
        await t.post(
          '/rebateSummary/usable',
          { AgentID: rsp.id, Brand: '101', EligibleAmount: '100' },
          tokens.ccp,
        )
      ).status,
    ).toBe(404);
    for (const resource of ['rebateFlow', 'rebateSummary'])
      expect((await t.post(`/${resource}/create`, {}, tokens.rsp)).status).toBe(403);
  });

  it('expires lapsed batches in the nightly job, leaving usable money alone', async () => {
    const [agent] = (
      await sql<{ id: string }>`select object_id::text as id from customer c
        where not exists (select 1 from rebate_account a where a.company_id = c.object_id) limit 1`.execute(
        db,
      )
    ).rows;
    const actor = { employeeId: null, name: 'test', at: new Date('2026-01-05T02:00:00Z') };
    await post(db, actor, own(agent.id), 300_00, '2026-03-31', { type: 'settlement', no: 'FL-TEST-OLD' });
    await post(db, actor, own(agent.id), 500_00, '2099-03-31', { type: 'settlement', no: 'FL-TEST-NEW' });
    const run = await runJobOnce(db, rebateExpiry, new Date('2026-04-02T02:00:00Z'));
    expect(run).toMatchObject({ params: { count: 1 } });
    const left = await sql<{
      type: string;
      amount: string;
    }>`select f.flow_type as type, f.amount::text as amount
      from rebate_flow f join rebate_account a on a.object_id = f.account_id
      where a.company_id = ${agent.id} order by f.seq`.execute(db);
    expect(left.rows.at(-1)).toEqual({ type: FLOW.expire, amount: '300.00' });
    const again = await runJobOnce(db, rebateExpiry, new Date('2026-04-03T02:00:00Z'));
    expect(again).toMatchObject({ params: { count: 0 } });
  });
});

describe('properties', () => {
  it('spreads any amount over any lines exactly, no line below zero, the rest on the largest', () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, share) => {
          const total = lines.reduce((a, b) => a + b, 0n);
          const amount = BigInt(Math.floor(Number(total) * share));
          const shares = allocateToLines(amount, lines);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(amount);
          shares.forEach((s, i) => {
            expect(s >= 0n && s <= lines[i]).toBe(true);
            // Never more than a fen away from its weighted share, but for the line taking the remainder.
            const exact = (amount * lines[i]) / total;
            expect(s - exact >= 0n).toBe(true);
          });
        },
      ),
      { numRuns: 300, seed: 2026 },
    );
  });

  it('keeps the balance equal to the sum of the flows after any sequence of commands', async () => {
    const agents = (
      await sql<{ id: string }>`select object_id::text as id from customer c
        where not exists (select 1 from rebate_account a where a.company_id = c.object_id) offset 1 limit 10`.execute(
        db,
      )
    ).rows;
    const command = fc.oneof(
      fc.record({ kind: fc.constant('post' as const), fen: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({
        kind: fc.constant('freeze' as const),
        fen: fc.integer({ min: 1, max: 60_000 }),
        order: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ kind: fc.constant('use' as const), order: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('release' as const), order: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('payout' as const), fen: fc.integer({ min: 1, max: 30_000 }) }),
      fc.record({
        kind: fc.constant('adjust' as const),
        fen: fc.integer({ min: -20_000, max: 20_000 }).filter((n) => n !== 0),
      }),
    );
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 12 }), async (commands) => {
        const key = own(agents[run++].id);
        const actor = { employeeId: null, name: 'test' };
        for (const c of commands) {
          const no = `DD-P${run}-${'order' in c ? c.order : 0}`;
          // A refused command (over the balance) changes nothing; the next one goes on.
          await (async () => {
            if (c.kind === 'post')
              return post(db, actor, key, c.fen, '2099-01-01', { type: 'settlement', no: 'FL-P' });
            if (c.kind === 'freeze') return freezeForOrder(db, actor, key, no, c.fen);
            if (c.kind === 'use') return spendFrozen(db, actor, key, no);
            if (c.kind === 'release') return releaseForOrder(db, actor, key, no);
            if (c.kind === 'payout') return payout(db, actor, key, c.fen, { type: 'payout', no: 'PO-P' });
            return correct(db, actor, key, FLOW.adjust, c.fen, { type: 'adjustment', no: 'TZ-P' });
          })().catch((e) => expect(e.status).toBe(409));
        }
        const sums = await sql<{
          available: string;
          frozen: string;
          after: string | null;
          frozenAfter: string | null;
        }>`
          select coalesce(sum(f.available_change), 0)::text as available, coalesce(sum(f.frozen_change), 0)::text as frozen,
            (select available_after::text from rebate_flow l where l.account_id = a.object_id order by seq desc limit 1) as after,
            (select frozen_after::text from rebate_flow l where l.account_id = a.object_id order by seq desc limit 1) as "frozenAfter"
          from rebate_account a left join rebate_flow f on f.account_id = a.object_id
          where a.company_id = ${key.companyId} group by a.object_id`.execute(db);
        for (const row of sums.rows) {
          expect(Number(row.available)).toBe(Number(row.after ?? 0));
          expect(Number(row.frozen)).toBe(Number(row.frozenAfter ?? 0));
          expect(Number(row.available)).toBeGreaterThanOrEqual(0);
        }
        // The run's orders are only numbers: what they still hold frozen goes back, as a cancelled
        // order's would, so no rebate stays frozen for an order that is not in approval.
        for (const order of [1, 2, 3])
          await releaseForOrder(db, actor, key, `DD-P${run}-${order}`).catch((e) =>
            expect(e.status).toBe(409),
          );
      }),
      { numRuns: 6, seed: 31 },
    );
  });
});

endsWithBooksBalanced(() => t, ['salesTasks', 'rebates']);
