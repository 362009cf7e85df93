import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks, findingText } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';
import { correct } from '../../server/rebates/ledger.service';
import { FLOW } from '../../server/rebates/ledger.types';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';
import { changeApplied, effectiveOrder, openCredit, orderableProduct } from './rebate-fixtures';

/**
 * The rebate books (docs/rebates.md, docs/books.md): every balance is the sum of its flows,
 * 客户返利汇总 reads across to its balance, frozen rebate belongs to an order in approval, and a
 * settlement posts its calculation plus its adjustment. Each invariant names a record broken by hand;
 * the drifts are walked as the demo's people meet them.
 */
let t: TestApp;
let db: Db;
const tokens: Record<string, string> = {};
const rsp = { id: '', name: '' };
let product: { code: string; fen: bigint };

const fen = (yuan: string | number) =>
  BigInt(
    String(yuan)
      .replace(/^(-?\d+)$/, '$1.00')
      .replace('.', ''),
  );
const yuan = (value: bigint) => {
  const digits = String(value < 0n ? -value : value).padStart(3, '0');
  return `${value < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};
const decide = (who: string, workflow: string, id: string, command: string, payload = {}) =>
  t.post('/workflow/decide', { workflow, ObjectID: id, command, payload }, tokens[who]);

/** What one invariant finds after `corrupt` broke the books, in a transaction undone afterwards. */
const findingsAfter = (key: string, corrupt: (trx: Db) => Promise<unknown>) =>
  checkAfterCorruption(db, key, corrupt);

/** Lets a transaction rewrite a flow, which the ledger otherwise refuses: only a broken database does. */
const unguardFlows = (trx: Db) =>
  sql`alter table rebate_flow disable trigger rebate_flow_no_update, disable trigger rebate_flow_running`.execute(
    trx,
  );

/** Rewrites the last flow of the RSP's own-brand account (`set`: its assignments), as only a broken database does. */
const rewriteOwnLastFlow = (trx: Db, set: RawBuilder<unknown>) =>
  sql`update rebate_flow f set ${set}
    from rebate_account a where a.object_id = f.account_id and a.company_id = ${rsp.id}
      and a.account_type = '101' and a.brand = '101'
      and f.seq = (select max(seq) from rebate_flow l where l.account_id = a.object_id)`.execute(trx);

/** The RSP's own-brand rebate account as finance reads it on 客户返利汇总. */
async function ownSummary() {
  const found = await t.post('/rebateSummary/search', { keyword: rsp.name, pageSize: 50 }, tokens.finance);
  expect(found.status, found.body.message).toBe(200);
  const row = found.body.results.find(
    (r: Record<string, string>) => r.AgentName === rsp.name && r.AccountType === '101' && r.Brand === '101',
  );
  expect(row).toBeDefined();
  return row as Record<string, string>;
}

/** Reads the row across: what came in less what went out, and the balance's two parts. */
function readAcross(row: Record<string, string>) {
  const f = (name: string) => fen(row[name]);
  return {
    columns:
      f('PostedAmount') +
      f('StiAmount') -
      f('UsedAmount') +
      f('ReversedAmount') +
      f('AdjustedAmount') -
      f('ExpiredAmount') -
      f('PaidOutAmount'),
    parts: f('AvailableBalance') + f('FrozenAmount'),
    balance: f('Balance'),
  };
}

/** A draft RSP hardware order of the test product deducting `rebateFen`, entered by the RSP. */
async function draftWithRebate(rebateFen: bigint) {
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
      Lines: [{ ProductCode: product.code, Quantity: 2 }],
    },
    tokens.rsp,
  );
  expect(created.status, created.body.message).toBe(200);
  return created.body.results as { ObjectID: string; OrderNo: string; OrderAmount: string };
}

/** What the RSP may deduct on an order of `amount`, at most 100 yuan so it always fits. */
async function deductionFor(amount: string) {
  const usable = await t.post(
    '/rebateSummary/usable',
    { AgentID: rsp.id, Brand: '101', EligibleAmount: amount },
    tokens.rsp,
  );
  expect(usable.status, usable.body.message).toBe(200);
  const most = BigInt(usable.body.results.usableFen);
  expect(most).toBeGreaterThan(0n);
  return most < 100_00n ? most : 100_00n;
}

/** Agrees an order along its chain until it takes effect. */
async function approve(orderId: string) {
  const deciders: Record<string, string> = { JS013: 'ops', JS014: 'finance', JS017: 'vp' };
  for (let step = 0; step < 4; step++) {
    const options = await t.post(
      '/workflow/options',
      { workflow: 'orderApproval', ObjectID: orderId },
      tokens.ops,
    );
    if (options.body.results.State === 'approved') return;
    const agreed = await decide(
      deciders[options.body.results.Decider.Role as string],
      'orderApproval',
      orderId,
      'agree',
    );
    expect(agreed.status, agreed.body.message).toBe(200);
  }
  throw new Error('the order did not take effect');
}

/** A finding's entry number is what finance looks up on 客户返利流水: the RSP's own-brand rebate account. */
async function expectOwnAccountEntry(flowNo: string) {
  const found = await t.post('/rebateFlow/search', { keyword: flowNo }, tokens.finance);
  expect(found.body.results).toEqual([
    expect.objectContaining({ FlowNo: flowNo, AgentName: rsp.name, AccountType: '101', Brand: '101' }),
  ]);
}

const rebateBooks = () => checkBooks(db, (key) => key.startsWith('rebates.'));

beforeAll(async () => {
  t = await startTestApp('demo');
  db = t.database.db;
  for (const user of ['ops', 'finance', 'rsp', 'vp']) tokens[user] = await t.login(user, 'Demo@123456');
  tokens.admin = await t.login('admin', 'Admin@123456');
  const row = await sql<{ id: string; name: string }>`select c.object_id::text as id, c.name from employee e
    join customer c on c.object_id = e.company_id where e.username = 'rsp'`.execute(db);
  Object.assign(rsp, row.rows[0]);
  product = await orderableProduct(t);
  await openCredit(t, rsp.id);
});
afterAll(() => t?.close());

describe('the rebate books', () => {
  it('balance in the demo world', async () => {
    const report = await rebateBooks();
    expect(report.checks.map((c) => c.key).sort()).toEqual([
      'rebates.balanceIsSumOfFlows',
      'rebates.flowsNumberedInTurn',
      'rebates.frozenBelongsToOrderInApproval',
      'rebates.rebateUsedFollowsLedger',
      'rebates.settlementPostsItsLines',
      'rebates.sheetLinesAreTheirFlows',
      'rebates.summaryAddsUpToBalance',
    ]);
    expect(report.checks.filter((c) => c.total > 0)).toEqual([]);
  });

  it('name an account whose balance is not the sum of its flows', async () => {
    const check = await findingsAfter('rebates.balanceIsSumOfFlows', async (trx) => {
      await unguardFlows(trx);
      await rewriteOwnLastFlow(
        trx,
        sql`available_after = available_after + 1, balance_after = balance_after + 1`,
      );
    });
    expect(check.total).toBe(1);
    const [finding] = check.rows;
    expect(finding).toMatchObject({ agent: rsp.name });
    expect(fen(String(finding.available)) - fen(String(finding.available_flows))).toBe(100n);
    expect(findingText('zh', 'rebates.balanceIsSumOfFlows', finding)).toMatch(
      new RegExp(`^${rsp.name} 的账户（最近流水 ${finding.label}）：可用 [\\d,]+\\.\\d{2}`),
    );
    expect(findingText('en', 'rebates.balanceIsSumOfFlows', finding)).toContain(
      `${rsp.name}'s account (last entry ${finding.label})`,
    );
    await expectOwnAccountEntry(String(finding.label));
  });

  it('name an account whose flows skip a number, which 客户返利流水 would miscount', async () => {
    const check = await findingsAfter('rebates.flowsNumberedInTurn', async (trx) => {
      await unguardFlows(trx);
      await sql`alter table rebate_flow disable trigger rebate_flow_seq_follows`.execute(trx);
      await rewriteOwnLastFlow(trx, sql`seq = seq + 1`);
    });
    expect(check.total).toBe(1);
    const [finding] = check.rows;
    expect(finding).toMatchObject({ agent: rsp.name });
    expect(Number(finding.last_seq) - Number(finding.flows)).toBe(1);
    const [flows, last] = [finding.flows, finding.last_seq].map((n) => Number(n).toLocaleString('en'));
    expect(findingText('zh', 'rebates.flowsNumberedInTurn', finding)).toBe(
      `${rsp.name} 的账户（最近流水 ${finding.label}）：共 ${flows} 笔流水，序号编到 ${last}`,
    );
    expect(findingText('en', 'rebates.flowsNumberedInTurn', finding)).toBe(
      `${rsp.name}'s account (last entry ${finding.label}): ${flows} entries, numbered up to ${last}`,
    );
    await expectOwnAccountEntry(String(finding.label));
  });

  it('name an account whose summary columns do not add up to its balance', async () => {
    const check = await findingsAfter('rebates.summaryAddsUpToBalance', async (trx) => {
      await unguardFlows(trx);
      await rewriteOwnLastFlow(trx, sql`adjusted_to_date = adjusted_to_date + 5`);
    });
    expect(check.total).toBe(1);
    expect(check.rows[0].agent).toBe(rsp.name);
    expect(fen(String(check.rows[0].columns)) - fen(String(check.rows[0].balance))).toBe(500n);
    await expectOwnAccountEntry(String(check.rows[0].label));
  });

  it('name a posted settlement whose posting is not its calculation plus its adjustment', async () => {
    const posted = await sql<{
      id: string;
      no: string;
    }>`select object_id::text as id, data->>'RebateTaskNo' as no
      from record where resource = 'rebateTask' and data->>'SettlementStatus' = '151' limit 1`.execute(db);
    const [task] = posted.rows;
    expect(task).toBeDefined();
    const check = await findingsAfter('rebates.settlementPostsItsLines', (trx) =>
      sql`update record set data = data || jsonb_build_object('PayableRebate',
          ((data->>'PayableRebate')::numeric + 10)::text) where object_id = ${task.id}`.execute(trx),
    );
    expect(check.total).toBe(1);
    expect(check.rows[0]).toMatchObject({ object_id: task.id, label: task.no });
  });
});

describe('rebate on an order, in the books', () => {
  it('is frozen for the order while it is in approval, not deleted under it, and released when withdrawn', async () => {
    const probe = await draftWithRebate(1n);
    const rebateFen = await deductionFor(probe.OrderAmount);
    const order = await draftWithRebate(rebateFen);
    const before = fen((await ownSummary()).FrozenAmount);
    const submitted = await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(submitted.status, submitted.body.message).toBe(200);
    expect(fen((await ownSummary()).FrozenAmount) - before).toBe(rebateFen);
    expect((await rebateBooks()).violations).toBe(0);

    // The frozen money is named by its order the moment the order is no longer in approval.
    const check = await findingsAfter('rebates.frozenBelongsToOrderInApproval', (trx) =>
      sql`update sales_order set approval_status = '141' where object_id = ${order.ObjectID}`.execute(trx),
    );
    expect(check.rows).toEqual([
      expect.objectContaining({ object_id: order.ObjectID, label: order.OrderNo, frozen: yuan(rebateFen) }),
    ]);

    const deleted = await t.post('/order/delete', { ObjectID: order.ObjectID }, tokens.rsp);
    expect(deleted.status).toBe(409);
    expect(fen((await ownSummary()).FrozenAmount) - before).toBe(rebateFen);

    expect(
      (await decide('rsp', 'orderApproval', order.ObjectID, 'withdraw', { reason: 'Wrong quantity' })).status,
    ).toBe(200);
    expect(fen((await ownSummary()).FrozenAmount)).toBe(before);
    expect((await rebateBooks()).violations).toBe(0);
  });

  it('leaves 客户返利汇总 reading across to its balance after an order’s reversal and an adjustment', async () => {
    const probe = await draftWithRebate(1n);
    const rebateFen = await deductionFor(probe.OrderAmount);
    const order = await draftWithRebate(rebateFen);
    const start = await ownSummary();
    expect((await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp)).status).toBe(
      200,
    );
    await approve(order.ObjectID);
    // Sales operations cancels the effective order: what it used comes back as a reversal.
    const cancelled = await decide('ops', 'orderApproval', order.ObjectID, 'cancel', {
      reason: 'Customer withdrew',
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    // Finance takes 50 yuan back with a reason.
    const adjusted = await t.post(
      '/rebateFlow/adjust',
      {
        AgentID: rsp.id,
        AccountType: '101',
        Brand: '101',
        Amount: '-50',
        Remark: 'Penalty for a late report',
      },
      tokens.finance,
    );
    expect(adjusted.status, adjusted.body.message).toBe(200);

    const end = await ownSummary();
    const moved = (name: string) => fen(end[name]) - fen(start[name]);
    expect(moved('UsedAmount')).toBe(rebateFen);
    expect(moved('ReversedAmount')).toBe(rebateFen);
    expect(moved('AdjustedAmount')).toBe(-50_00n);
    expect(moved('Balance')).toBe(-50_00n);
    const across = readAcross(end);
    expect(across.columns).toBe(across.balance);
    expect(across.parts).toBe(across.balance);
    expect((await rebateBooks()).violations).toBe(0);
  });
});

describe('an order’s rebate used, in the books', () => {
  const key = 'rebates.rebateUsedFollowsLedger';

  it('follows its flows across a change: named when the order holds rebate its flows gave back, or not', async () => {
    const probe = await draftWithRebate(1n);
    const rebateFen = await deductionFor(probe.OrderAmount);
    const order = await draftWithRebate(rebateFen);
    expect((await t.post('/orderApproval/submit', { ObjectID: order.ObjectID }, tokens.rsp)).status).toBe(
      200,
    );
    await approve(order.ObjectID);
    // A later delivery day: applied at once, the order is now revision -1, its flows under its first number.
    await changeApplied({ t, tokens }, order.OrderNo, {
      ChangeType: '121',
      RequiredDeliveryDate: '2026-12-20',
    });
    const revision = `${order.OrderNo}-1`;
    expect((await rebateBooks()).violations).toBe(0);

    // Cancelled without its reversal: the ledger still says the order used what it may no longer hold.
    const unreturned = await findingsAfter(key, (trx) =>
      sql`update sales_order set approval_status = '141', data = data || '{"RebateStatus": "reversed"}'::jsonb
        where object_id = ${order.ObjectID}`.execute(trx),
    );
    const used = yuan(rebateFen);
    expect(unreturned.rows).toEqual([
      expect.objectContaining({
        object_id: order.ObjectID,
        label: revision,
        agent: rsp.name,
        expected: '0.00',
        held: '0.00',
        used,
        reversed: '0.00',
      }),
    ]);
    expect(findingText('zh', key, unreturned.rows[0])).toBe(
      `订单 ${revision}（${rsp.name}）：应占用返利 0.00，订单显示已用 0.00，流水使用 ${used}、冲回 0.00`,
    );
    expect(findingText('en', key, unreturned.rows[0])).toBe(
      `Order ${revision} (${rsp.name}): should hold 0.00 of rebate, the order shows 0.00 used, its entries use ${used} and give back 0.00`,
    );

    // A reversal written for the order while it is still in force.
    const actor = { employeeId: null, name: 'Broken ledger' };
    const own = { companyId: rsp.id, type: 'rebate' as const, brand: '101' };
    const returned = await findingsAfter(key, (trx) =>
      correct(trx, actor, own, FLOW.reverse, Number(rebateFen), { type: 'return', no: order.OrderNo }),
    );
    expect(returned.rows).toEqual([
      expect.objectContaining({
        object_id: order.ObjectID,
        expected: used,
        held: used,
        used,
        reversed: used,
      }),
    ]);

    // Still in force, but shown as given back.
    const shownBack = await findingsAfter(key, (trx) =>
      sql`update sales_order set data = data || '{"RebateStatus": "reversed"}'::jsonb
        where object_id = ${order.ObjectID}`.execute(trx),
    );
    expect(shownBack.rows).toEqual([
      expect.objectContaining({ object_id: order.ObjectID, expected: used, held: '0.00' }),
    ]);

    // Cancelled by sales operations, the order gives its rebate back and the books balance.
    const cancelled = await decide('ops', 'orderApproval', order.ObjectID, 'cancel', {
      reason: 'Customer withdrew',
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect((await rebateBooks()).violations).toBe(0);
  });
});

describe('a rebate task’s achievement', () => {
  /**
   * A quarterly policy for RSPs of a brand and basis, entered by sales operations and published; valid
   * from 2025 on, so tasks of both years' quarters lie within it.
   */
  async function publishedPolicy(brand: string, calcBasis: string, title: string) {
    const created = await t.post(
      '/rebateAnnouncement/create',
      {
        Title: title,
        Brand: brand,
        ChannelTier: '111',
        PeriodType: '111',
        StartDate: '2025-01-01',
        EndDate: '2026-12-31',
        CalcBasis: calcBasis,
        PayoutMethod: '101',
        Content: 'Rebate on the quarter by attainment of the target',
        Tiers: '80:1, 100:2',
      },
      tokens.ops,
    );
    expect(created.status, created.body.message).toBe(200);
    const id = created.body.results.ObjectID as string;
    expect((await decide('ops', 'rebatePolicy', id, 'submit')).status).toBe(200);
    expect((await decide('vp', 'rebatePolicy', id, 'agree')).status).toBe(200);
    expect((await decide('ops', 'rebatePolicy', id, 'publish')).body.results.State).toBe('published');
    return id;
  }

  /** The desk sets the RSP a task of `period` on the policy; finance reads what it achieved. */
  async function achieved(policyId: string, period: string) {
    const set = await t.post(
      '/rebateTask/assign',
      { PolicyID: policyId, AgentID: rsp.id, Period: period, TaskAmount: '1000000' },
      tokens.ops,
    );
    expect(set.status, set.body.message).toBe(200);
    const id = (set.body.results[0] ?? set.body.results).ObjectID;
    const read = await t.post('/rebateTask/getOne', { ObjectID: id }, tokens.finance);
    expect(read.status, read.body.message).toBe(200);
    return fen(read.body.results[0].AchievedAmount);
  }

  /** What the RSP's effective orders of a line in 2026-Q2 add up to, as its order lists show them. */
  async function effectiveInQ2(channel: string) {
    const found = await sql<{ total: string }>`select coalesce(sum(order_amount), 0)::text as total
      from sales_order where company_id = ${rsp.id} and order_channel = ${channel} and approval_status = '121'
        and order_date between '2026-04-01' and '2026-06-30'`.execute(db);
    return fen(found.rows[0].total);
  }

  it('counts only the orders of its policy’s brand line, as finance reads the tasks', async () => {
    await effectiveOrder({ t, tokens }, { name: rsp.name, staff: 'rsp' }, product, '2026-05-12', 80_000);
    const ownFen = await effectiveInQ2('101');
    const partnerFen = await effectiveInQ2('111');
    expect(ownFen).toBeGreaterThan(0n);
    expect(partnerFen).toBeGreaterThan(0n);
    const partner = await publishedPolicy('111', '101', 'Partner-brand sell-in rebate for RSPs');
    expect(await achieved(partner, '2026-Q2')).toBe(partnerFen);
    const own = await publishedPolicy('101', '101', 'Own-brand sell-in rebate for RSPs');
    expect(await achieved(own, '2026-Q2')).toBe(ownFen);
  });

  it('counts only the collections finance confirmed on orders of its brand line', async () => {
    // 回款流水 shows each receipt by order line: what was allocated to partner-line orders, confirmed.
    const flows = await t.post('/paymentFlow/search', { keyword: rsp.name, pageSize: 100 }, tokens.finance);
    expect(flows.status, flows.body.message).toBe(200);
    const confirmedOn = (channel: string) =>
      (flows.body.results as Record<string, string>[])
        .filter(
          (r) =>
            r.AgentName === rsp.name &&
            r.OrderChannel === channel &&
            r.ConfirmStatus === '121' &&
            r.PaymentDate >= '2025-04-01' &&
            r.PaymentDate <= '2025-06-30',
        )
        .reduce((sum, r) => sum + fen(r.AllocatedAmount), 0n);
    const partnerFen = confirmedOn('111');
    expect(partnerFen).toBeGreaterThan(0n);
    const partner = await publishedPolicy('111', '121', 'Partner-brand collections rebate for RSPs');
    expect(await achieved(partner, '2025-Q2')).toBe(partnerFen);
    // The own brand's policy counts the own-line collections of the quarter, and not the partner's.
    const ownFen = confirmedOn('101');
    expect(ownFen).not.toBe(partnerFen);
    const own = await publishedPolicy('101', '121', 'Own-brand collections rebate for RSPs');
    expect(await achieved(own, '2025-Q2')).toBe(ownFen);
  });
});
