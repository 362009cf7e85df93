import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { fenToYuanString } from '../../domain/money';
import { checkBooks } from '../../server/books/check-books';
import { inTransaction } from '../../server/db/database';
import { rebuildOrderFigures } from '../../server/reports/order-month-figures';
import { openCredit } from './rebate-fixtures';
import { fen, type Receipt, useReceiptDesk } from './receipt-desk';

/**
 * What the provincial task report shows completed is read from kept month figures (migration 104,
 * docs/sales-tasks.md): whatever happens to the orders and receipts, each target's completed amount is
 * still what its RSP lines' documents sum to — effective orders of the line by order date for sell-in,
 * confirmed receipts allocated to the line's orders by payment date for collections.
 */
const { desk, post, order: enteredOrder, register } = useReceiptDesk();
type Order = Awaited<ReturnType<typeof enteredOrder>>;

const YEAR = 2026;
const SELL_IN = '101';
const COLLECTIONS = '121';
const db = () => desk.t.database.db;

async function ok(path: string, body: unknown, who: string) {
  const answer = await post(path, body, who);
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.results;
}
const decide = (workflow: string, id: string, command: string, who: string, payload = {}) =>
  ok('/workflow/decide', { workflow, ObjectID: id, command, payload }, who);

/** The completed amount the report shows for the own line's target of an indicator. */
async function shown(indicator: string) {
  const rows = (await ok(
    '/provincialTaskReport/search',
    { PageID: 'salesTask.provincialTaskReport', Year: String(YEAR), pageSize: 100 },
    'province',
  )) as { Brand: string; IndicatorType: string; ProvinceName: string; CompletedAmount: string }[];
  const row = rows.find(
    (r) => r.Brand === '101' && r.IndicatorType === indicator && r.ProvinceName === '江苏省',
  );
  expect(row).toBeDefined();
  return row?.CompletedAmount;
}

/** The same figure summed here from the documents, over every RSP line of the target. */
async function summed(indicator: string) {
  const measure =
    indicator === COLLECTIONS
      ? sql`(select coalesce(sum(a.amount), 0) from payment_receipt r
          join payment_allocation a on a.receipt_id = r.object_id
          join sales_order o on o.object_id = a.order_id and o.order_channel = l.data->>'Brand'
          where r.agent_id = l.company_id and r.data->>'ConfirmStatus' = '121'
            and extract(year from r.payment_date) = ${YEAR})`
      : sql`(select coalesce(sum(o.order_amount), 0) from sales_order o
          where o.company_id = l.company_id and o.order_channel = l.data->>'Brand'
            and o.approval_status in ('121', '151') and extract(year from o.order_date) = ${YEAR})`;
  const found = await sql<{ yuan: string }>`select coalesce(sum(${measure}), 0)::numeric(18, 2)::text as yuan
    from record l where l.resource = 'rspTaskAllocation' and l.data->>'Year' = ${String(YEAR)}
      and l.data->>'ProvinceName' = '江苏省' and l.data->>'Brand' = '101'
      and l.data->>'IndicatorType' = ${indicator}`.execute(db());
  return found.rows[0].yuan;
}

/** Both targets' completed amounts, each beside what its documents sum to. */
async function both() {
  const figures = {
    sellIn: await shown(SELL_IN),
    collections: await shown(COLLECTIONS),
  };
  expect(figures).toEqual({ sellIn: await summed(SELL_IN), collections: await summed(COLLECTIONS) });
  return figures;
}
const moved = (before: { sellIn?: string; collections?: string }, after: typeof before) => ({
  sellIn: fenToYuanString(fen(after.sellIn) - fen(before.sellIn)),
  collections: fenToYuanString(fen(after.collections) - fen(before.collections)),
});

/** An own-line order of the RSP entered by sales operations, who agree it (the small band). */
async function effectiveOrder(quantity: number): Promise<Order> {
  const order = await enteredOrder(desk.rspName, quantity);
  await ok('/orderApproval/submit', { ObjectID: order.ObjectID }, 'ops');
  expect((await decide('orderApproval', order.ObjectID, 'agree', 'ops')).State).toBe('approved');
  return order;
}

/** A receipt finance registers for the RSP, allocated to orders, not yet confirmed. */
async function allocatedReceipt(lines: [Order, string][]): Promise<Receipt> {
  const total = lines.reduce((sum, [, amount]) => sum + fen(amount), 0);
  const receipt = await register({ PaymentAmount: fenToYuanString(total), PaymentDate: `${YEAR}-11-21` });
  return ok(
    '/payment/allocate',
    {
      ObjectID: receipt.ObjectID,
      Version: receipt.Version,
      Allocations: lines.map(([o, amount]) => ({ OrderNo: o.OrderNo, AllocatedAmount: amount })),
    },
    'finance',
  );
}

beforeAll(async () => {
  for (const user of ['rsp', 'vp']) desk.tokens[user] = await desk.t.login(user, 'Demo@123456');
  desk.tokens.admin = await desk.t.login('admin', 'Admin@123456');
  await openCredit(desk.t, desk.rspId);
  // This year's own-line sell-in and collections targets of the province, the RSP carrying both.
  for (const indicator of [SELL_IN, COLLECTIONS]) {
    const key = { Year: YEAR, ProvinceName: '江苏省', Brand: '101', IndicatorType: indicator };
    // The year has begun: set late, with a reason HQ allows.
    const target = await ok(
      '/provinceTask/create',
      { ...key, AnnualTask: '2500000.00', LateReason: 'Set late' },
      'province',
    );
    await decide('salesTask', target.ObjectID, 'allowLate', 'vp');
    await ok(
      '/rspTaskAllocation/create',
      { ...key, AgentName: desk.rspName, LoadBearingAmount: '2750000.00' },
      'province',
    );
  }
});

describe('the provincial task report counts what the documents sum to', () => {
  let order: Order;
  let start: Awaited<ReturnType<typeof both>>;

  it('starts from the demo orders and receipts, collections among them', async () => {
    start = await both();
    expect(fen(start.sellIn)).toBeGreaterThan(0);
    expect(fen(start.collections)).toBeGreaterThan(0);
  });

  it('counts an order once it takes effect, its payment only once finance confirms it', async () => {
    order = await effectiveOrder(4);
    const effective = await both();
    expect(moved(start, effective)).toEqual({ sellIn: order.OrderAmount, collections: '0.00' });

    const half = fenToYuanString(Math.floor(fen(order.OrderAmount) / 2));
    const receipt = await allocatedReceipt([[order, half]]);
    expect(await both()).toEqual(effective);
    await decide('paymentApproval', receipt.ObjectID, 'agree', 'finance');
    expect(moved(effective, await both())).toEqual({ sellIn: '0.00', collections: half });
  });

  it('counts nothing of an allocation taken off before confirmation, nor of a rejected receipt', async () => {
    const before = await both();
    const other = await effectiveOrder(2);
    const withOther = await both();
    expect(moved(before, withOther)).toEqual({ sellIn: other.OrderAmount, collections: '0.00' });

    // Allocated to both orders, the second allocation taken off, then confirmed: only the first counts.
    const receipt = await allocatedReceipt([
      [order, '100.00'],
      [other, '200.00'],
    ]);
    const lines = (await ok('/paymentAllocation/search', { PaymentNo: receipt.PaymentNo }, 'finance')) as {
      ObjectID: string;
      OrderNo: string;
    }[];
    const taken = lines.find((l) => l.OrderNo === other.OrderNo);
    await ok('/paymentAllocation/delete', { ObjectID: taken?.ObjectID }, 'finance');
    await decide('paymentApproval', receipt.ObjectID, 'agree', 'finance');
    expect(moved(withOther, await both())).toEqual({ sellIn: '0.00', collections: '100.00' });

    const confirmed = await both();
    const rejected = await allocatedReceipt([[other, '300.00']]);
    await decide('paymentApproval', rejected.ObjectID, 'reject', 'finance', { reason: 'Not ours' });
    expect(await both()).toEqual(confirmed);
  });

  it('takes a cancelled order off, and nothing more when it is deleted', async () => {
    const before = await both();
    const dropped = await effectiveOrder(3);
    expect(moved(before, await both())).toEqual({ sellIn: dropped.OrderAmount, collections: '0.00' });
    await decide('orderApproval', dropped.ObjectID, 'cancel', 'ops', { reason: 'Entered twice' });
    expect(await both()).toEqual(before);
    await ok('/order/delete', { ObjectIDs: [dropped.ObjectID] }, 'rsp');
    expect(await both()).toEqual(before);
  });

  it('leaves the books of the kept figures balanced', async () => {
    const report = await checkBooks(db(), (k) => k.startsWith('reports.'));
    expect(report.checks.filter((c) => c.total > 0)).toEqual([]);
  });
});

type Rule = { Key: string; Total: number; Findings: { Label: string; Text: string }[] };

describe('the books check of the kept collections', () => {
  const rule = async (lang: string) => {
    const answer = await desk.t.post('/booksCheck/run', {}, desk.tokens.admin, {
      'accept-language': lang,
    });
    expect(answer.status, answer.body.message).toBe(200);
    return (answer.body.results.LastRun.Rules as Rule[]).find(
      (r) => r.Key === 'reports.ownLineCollections',
    ) as Rule;
  };

  it('names a corrupted month by its month and agent, and a rebuild restores it', async () => {
    const truth = await both();
    await sql`update collection_month_figure set paid_amount = paid_amount + 1
      where agent_id = ${desk.rspId} and order_channel = '101' and period = ${`${YEAR}-11-01`}::date`.execute(
      db(),
    );
    expect(await shown(COLLECTIONS)).toBe(fenToYuanString(fen(truth.collections) + 100));

    const found = await rule('zh');
    expect(found.Total).toBe(1);
    expect(found.Findings[0].Label).toBe(`${YEAR}-11 ${desk.rspName}`);
    expect(found.Findings[0].Text).toContain(`${YEAR}-11 ${desk.rspName}（自有品牌）：汇总`);
    expect((await rule('en')).Findings[0].Text).toContain(`${YEAR}-11 ${desk.rspName} (own line): kept`);

    await inTransaction(db(), rebuildOrderFigures);
    expect((await rule('zh')).Total).toBe(0);
    expect(await both()).toEqual(truth);
  });
});
