import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';
import { rebuildOrderYearCounts } from '../../server/orders/order-year-counts';
import { checkAfterCorruption } from './books-kit';
import { startTestApp, type TestApp } from './harness';

/**
 * The books of the orders area (docs/books.md): an order let go — deleted, cancelled, rejected —
 * gives back what it drew from its execution order, as the agent sees on the execution order; and
 * every invariant of the area names the record a corrupted row breaks.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let agentName: string;

const db = () => t.database.db;
async function one<T>(query: RawBuilder<T>) {
  return (await query.execute(db())).rows[0] as T;
}

/** The execution order as its detail page shows it to the agent. */
async function executionOrder(id: string) {
  const { status, body } = await t.post('/executionOrder/getOne', { ObjectID: id }, tokens.rsp);
  expect(status, body.message).toBe(200);
  return body.results[0] as Record<string, string>;
}

/** What an execution order has left per line, as order entry draws it. */
async function leftOf(executionOrderId: string) {
  const rows = await sql<{ code: string; left: number }>`select product_code as code,
      approved_quantity - drawn_quantity as left from execution_order_line
    where execution_order_id = ${executionOrderId} order by line_no`.execute(db());
  return rows.rows;
}

const specialOrder = (no: string, lines: { code: string; quantity: number }[]) =>
  t.post(
    '/order/create',
    {
      PageID: 'ordersSetup.specialAdd',
      ExecutionOrderNo: no,
      AgentName: agentName,
      EndUserName: 'End user',
      ContractNo: 'HT2026112801',
      OrderDate: '2026-11-20',
      PaymentMethod: '101',
      DeliveryMethod: '101',
      ReceiverName: 'Receiver',
      ReceiverPhone: '13800000000',
      ReceiverAddress: 'Xuanwu District No. 1',
      Lines: lines.map((l) => ({ ProductCode: l.code, Quantity: l.quantity })),
    },
    tokens.rsp,
  );

const decide = (id: string, who: string, command: string, payload = {}) =>
  t.post('/workflow/decide', { workflow: 'orderApproval', ObjectID: id, command, payload }, tokens[who]);

const executionBooks = (trx: Db = db()) =>
  checkBooks(trx, (k) => k === 'orders.drawnIsSumOfLiveOrders' || k === 'orders.figuresFollowLines');

beforeAll(async () => {
  t = await startTestApp('demo');
  for (const user of ['ops', 'finance', 'rsp']) tokens[user] = await t.login(user, 'Demo@123456');
  agentName = (
    await one(sql<{
      name: string;
    }>`select c.name from employee e join customer c on c.object_id = e.company_id
      where e.username = 'rsp'`)
  ).name;
  // A prepay agent submits freely (docs/order-approval.md), whatever the demo left open on its account.
  await sql`update customer set data = data || ${JSON.stringify({ ExtPaymentTerms_SDK: '101' })}::jsonb
    where name = ${agentName}`.execute(db());
});
afterAll(() => t?.close());

describe('an order let go gives back what it drew', () => {
  it('deleting the draft that drew an execution order in full puts its units back on offer', async () => {
    // The demo agent's execution order that its draft special-price order drew to the last unit.
    const drawn = await one(sql<{ id: string; no: string; order_id: string }>`select distinct
        r.object_id::text as id, r.data->>'ExecutionOrderNo' as no, i.order_id::text as order_id
      from record r join execution_order_line l on l.execution_order_id = r.object_id
      join order_item i on i.execution_order_line_id = l.object_id
      join sales_order o on o.object_id = i.order_id
      where r.resource = 'executionOrder' and r.data->>'AgentName' = ${agentName}
        and r.data->>'Status' = '121' and o.approval_status = '101'`);
    const before = await executionOrder(drawn.id);
    expect(before.Status).toBe('121');
    expect(before.RemainingAmount).toBe('0.00');

    const deleted = await t.post('/order/delete', { ObjectIDs: [drawn.order_id] }, tokens.rsp);
    expect(deleted.status, deleted.body.message).toBe(200);

    const after = await executionOrder(drawn.id);
    expect(after.Status).toBe('101');
    expect(after.ExecutedAmount).toBe('0.00');
    expect(after.RemainingAmount).toBe(after.ExecutionAmount);
    // The units are the agent's to order again, all of them.
    const lines = await leftOf(drawn.id);
    const again = await specialOrder(
      drawn.no,
      lines.map((l) => ({ code: l.code, quantity: l.left })),
    );
    expect(again.status, again.body.message).toBe(200);
    expect((await executionOrder(drawn.id)).Status).toBe('121');
    expect((await executionBooks()).violations).toBe(0);
  });

  it('a rejected order and a cancelled one give their units back once, even when deleted after', async () => {
    const open = await one(sql<{ id: string; no: string }>`select r.object_id::text as id,
        r.data->>'ExecutionOrderNo' as no from record r
      where r.resource = 'executionOrder' and r.data->>'AgentName' = ${agentName}
        and r.data->>'Status' = '111' and r.data->>'ValidUntil' >= '2026-11-20'
      order by r.data->>'ExecutionOrderNo' limit 1`);
    const [line] = await leftOf(open.id);
    const remaining = (await executionOrder(open.id)).RemainingAmount;

    const rejected = await specialOrder(open.no, [{ code: line.code, quantity: line.left }]);
    expect(rejected.status, rejected.body.message).toBe(200);
    expect((await leftOf(open.id))[0].left).toBe(0);
    const submitted = await t.post(
      '/orderApproval/submit',
      { ObjectID: rejected.body.results.ObjectID },
      tokens.rsp,
    );
    expect(submitted.status, submitted.body.message).toBe(200);
    const no = await decide(rejected.body.results.ObjectID, 'ops', 'reject', { reason: 'Price not agreed' });
    expect(no.body.results?.State, no.body.message).toBe('rejected');
    expect((await leftOf(open.id))[0].left).toBe(line.left);
    expect((await executionOrder(open.id)).RemainingAmount).toBe(remaining);

    const cancelled = await specialOrder(open.no, [{ code: line.code, quantity: line.left }]);
    const id = cancelled.body.results.ObjectID;
    await t.post('/orderApproval/submit', { ObjectID: id }, tokens.rsp);
    expect((await decide(id, 'rsp', 'withdraw')).body.results?.State).toBe('withdrawn');
    const gone = await decide(id, 'rsp', 'cancel', { reason: 'Customer bought elsewhere' });
    expect(gone.body.results?.State, gone.body.message).toBe('cancelled');
    expect((await leftOf(open.id))[0].left).toBe(line.left);

    // Deleting what was already let go gives nothing back a second time.
    const deleted = await t.post(
      '/order/delete',
      { ObjectIDs: [rejected.body.results.ObjectID, id] },
      tokens.rsp,
    );
    expect(deleted.status, deleted.body.message).toBe(200);
    expect((await leftOf(open.id))[0].left).toBe(line.left);
    expect((await executionOrder(open.id)).RemainingAmount).toBe(remaining);
    expect((await executionBooks()).violations).toBe(0);
  });

  it('refuses to delete an order a payment is allocated to, and deletes it once the payment lets go', async () => {
    const product = await one(sql<{ code: string }>`select product_code as code from product
      where standard_price > 100 and coalesce(category, '') <> '181' order by product_code limit 1`);
    const entered = await t.post(
      '/order/create',
      {
        PageID: 'ordersSetup.selfBuiltOrder',
        OrderType: '101',
        AgentName: agentName,
        EndUserName: 'End user',
        OrderDate: '2026-11-20',
        PaymentMethod: '101',
        DeliveryMethod: '101',
        ReceiverName: 'Receiver',
        ReceiverPhone: '13800000000',
        ReceiverAddress: 'Xuanwu District No. 1',
        Lines: [{ ProductCode: product.code, Quantity: 1 }],
      },
      tokens.rsp,
    );
    expect(entered.status, entered.body.message).toBe(200);
    const order = entered.body.results;
    const receipt = await t.post(
      '/payment/create',
      {
        PageID: 'ordersSetup.paymentEdit',
        AgentName: agentName,
        PayerName: agentName,
        PaymentMethod: '101',
        PaymentAmount: '100.00',
        PaymentDate: '2026-11-21',
        BankSerialNo: 'BANK-BOOKS-1',
      },
      tokens.finance,
    );
    expect(receipt.status, receipt.body.message).toBe(200);
    let allocated: { Version: number } | undefined;
    const allocation = (amount: string | null) =>
      t.post(
        '/payment/allocate',
        {
          ObjectID: receipt.body.results.ObjectID,
          Version: allocated?.Version ?? receipt.body.results.Version,
          Allocations: amount ? [{ OrderNo: order.OrderNo, AllocatedAmount: amount }] : [],
        },
        tokens.finance,
      );
    const first = await allocation('60.00');
    expect(first.status, first.body.message).toBe(200);
    allocated = first.body.results;

    const refused = await t.post('/order/delete', { ObjectIDs: [order.ObjectID] }, tokens.rsp);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该记录已被其他单据引用，不能删除');
    expect((await t.post('/order/getOne', { ObjectID: order.ObjectID }, tokens.rsp)).status).toBe(200);

    expect((await allocation(null)).status).toBe(200);
    const deleted = await t.post('/order/delete', { ObjectIDs: [order.ObjectID] }, tokens.rsp);
    expect(deleted.status, deleted.body.message).toBe(200);
  });
});

/** The labels an invariant of the area names once `corruption` is written, the write undone after. */
const namedAfter = async (corruption: RawBuilder<unknown>, key: string) =>
  (await checkAfterCorruption(db(), `orders.${key}`, (trx) => corruption.execute(trx))).rows.map(
    (r) => r.label,
  );

/**
 * A corruption of the demo world: the record it picks (its id, and the label the invariant must name),
 * the write that breaks it, and the invariant of the area that must name it.
 */
interface Drift {
  pick: RawBuilder<{ id: string; no: string }>;
  corrupt: (id: string) => RawBuilder<unknown>;
  invariant: string;
}

const drifts: Record<string, Drift> = {
  'an execution order line drawn past its live orders': {
    pick: sql`select l.object_id::text as id, r.data->>'ExecutionOrderNo' as no
      from execution_order_line l join record r on r.object_id = l.execution_order_id
      where l.drawn_quantity < l.approved_quantity order by r.data->>'ExecutionOrderNo' limit 1`,
    corrupt: (id) =>
      sql`update execution_order_line set drawn_quantity = drawn_quantity + 1 where object_id = ${id}`,
    invariant: 'drawnIsSumOfLiveOrders',
  },
  "an execution order whose remaining amount is not its lines'": {
    pick: sql`select object_id::text as id, data->>'ExecutionOrderNo' as no from record
      where resource = 'executionOrder' order by data->>'ExecutionOrderNo' limit 1`,
    corrupt: (id) =>
      sql`update record set data = data || '{"RemainingAmount": "1.00"}'::jsonb where object_id = ${id}`,
    invariant: 'figuresFollowLines',
  },
  'a shipment of more than its line ordered': {
    pick: sql`select s.object_id::text as id, o.order_no as no
      from shipment s join sales_order o on o.object_id = s.order_id order by s.shipment_no limit 1`,
    corrupt: (id) => sql`update shipment s set quantity = i.quantity + 1 from order_item i
      where s.object_id = ${id} and i.object_id = s.order_item_id`,
    invariant: 'shippedWithinOrdered',
  },
  'an order whose delivery status says less than its shipments': {
    pick: sql`select o.object_id::text as id, o.order_no as no
      from sales_order o where exists (select 1 from shipment s where s.order_id = o.object_id)
      order by o.order_no limit 1`,
    corrupt: (id) => sql`update sales_order set delivery_status = '101' where object_id = ${id}`,
    invariant: 'deliveryFollowsShipments',
  },
  'an order whose shipped units are not its shipments': {
    pick: sql`select o.object_id::text as id, o.order_no as no
      from sales_order o where exists (select 1 from shipment s where s.order_id = o.object_id)
      order by o.order_no desc limit 1`,
    corrupt: (id) => sql`update sales_order set data = data || jsonb_build_object('ShippedQuantity',
        coalesce(nullif(data->>'ShippedQuantity', '')::int, 0) + 1)
      where object_id = ${id}`,
    invariant: 'deliveryFollowsShipments',
  },
  'an order with no shipment that says it is shipped': {
    pick: sql`select o.object_id::text as id, o.order_no as no
      from sales_order o where o.approval_status = '121'
        and not exists (select 1 from shipment s where s.order_id = o.object_id)
      order by o.order_no limit 1`,
    corrupt: (id) => sql`update sales_order set delivery_status = '121' where object_id = ${id}`,
    invariant: 'deliveryFollowsShipments',
  },
  'a received order one of whose shipments is still on its way': {
    pick: sql`select s.object_id::text as id, o.order_no as no
      from shipment s join sales_order o on o.object_id = s.order_id
      where o.delivery_status = '131' order by o.order_no, s.shipment_no limit 1`,
    corrupt: (id) => sql`update shipment set shipment_status = '131' where object_id = ${id}`,
    invariant: 'deliveryFollowsShipments',
  },
  'a fully shipped order one of whose lines now orders more': {
    pick: sql`select i.object_id::text as id, o.order_no as no
      from order_item i join sales_order o on o.object_id = i.order_id
      where o.delivery_status in ('121', '131') order by o.order_no, i.line_no limit 1`,
    corrupt: (id) => sql`update order_item set quantity = quantity + 1 where object_id = ${id}`,
    invariant: 'deliveryFollowsShipments',
  },
  'allocations beyond their receipt': {
    pick: sql`select a.object_id::text as id, a.payment_no as no
      from payment_allocation a order by a.payment_no limit 1`,
    corrupt: (id) => sql`update payment_allocation a set amount = r.payment_amount + 1 from payment_receipt r
      where a.object_id = ${id} and r.object_id = a.receipt_id`,
    invariant: 'allocationsWithinReceipt',
  },
  "a receipt whose allocated amount is not its allocations' sum": {
    pick: sql`select object_id::text as id, payment_no as no
      from payment_receipt where allocated_amount > 0 order by payment_no limit 1`,
    corrupt: (id) =>
      sql`update payment_receipt set allocated_amount = allocated_amount - 0.01 where object_id = ${id}`,
    invariant: 'receiptFollowsAllocations',
  },
  'an order whose paid amount is not its confirmed allocations': {
    pick: sql`select object_id::text as id, order_no as no from sales_order
      where approval_status = '121' and payment_status = '101' order by order_no limit 1`,
    corrupt: (id) => sql`update sales_order set payment_status = '121' where object_id = ${id}`,
    invariant: 'paidFollowsConfirmedAllocations',
  },
  'an order invoiced beyond what finance confirmed paid': {
    pick: sql`select l.object_id::text as id, o.order_no as no
      from invoice_line l join sales_order o on o.object_id = l.order_id order by o.order_no limit 1`,
    corrupt: (id) => sql`update invoice_line set amount = amount + 1000000 where object_id = ${id}`,
    invariant: 'invoicedWithinPaid',
  },
  "an order whose invoiced amount is not its invoiced applications'": {
    pick: sql`select o.object_id::text as id, o.order_no as no
      from sales_order o where coalesce(nullif(o.data->>'InvoicedAmount', '')::numeric, 0) > 0
      order by o.order_no limit 1`,
    corrupt: (id) =>
      sql`update sales_order set data = data || '{"InvoicedAmount": "0.00"}'::jsonb where object_id = ${id}`,
    invariant: 'invoicingFollowsApplications',
  },
  'an order with no invoice that says it is invoiced': {
    pick: sql`select o.object_id::text as id, o.order_no as no
      from sales_order o where o.approval_status = '121'
        and not exists (select 1 from invoice_line l where l.order_id = o.object_id)
      order by o.order_no limit 1`,
    corrupt: (id) => sql`update sales_order set invoicing_status = '121' where object_id = ${id}`,
    invariant: 'invoicingFollowsApplications',
  },
  'an invoiced order whose application is back in review': {
    pick: sql`select a.object_id::text as id, o.order_no as no
      from invoice_line l join invoice_application a on a.object_id = l.application_id
      join sales_order o on o.object_id = l.order_id
      where a.data->>'ApplicationStatus' = '131'
        and (select count(*) from invoice_line x where x.application_id = a.object_id) = 1
      order by o.order_no limit 1`,
    corrupt: (id) => sql`update invoice_application set data = data || '{"ApplicationStatus": "121"}'::jsonb
      where object_id = ${id}`,
    invariant: 'invoicingFollowsApplications',
  },
  'a number year counted with one order more than it has': {
    pick: sql`select concat_ws(':', k.order_channel, k.order_no, k.company_id, k.province_code, k.city_code) as id,
        concat_ws(' ', k.order_no, coalesce(c.name, r.name_zh, k.province_code), d.content_zh) as no
      from sales_order_year_count k
      left join customer c on c.object_id = k.company_id
      left join region r on r.code = k.province_code
      left join dictionary_entry d on d.code = 'OrderChannel' and d.keyword = k.order_channel
      where k.order_count > 0 order by id limit 1`,
    corrupt: (id) => sql`update sales_order_year_count k set order_count = order_count + 1
      where concat_ws(':', k.order_channel, k.order_no, k.company_id, k.province_code, k.city_code) = ${id}`,
    invariant: 'yearCountsFollowOrders',
  },
  'a loan whose returned units are not its returns': {
    pick: sql`select object_id::text as id, loan_no as no from loan_order order by loan_no limit 1`,
    corrupt: (id) =>
      sql`update loan_order set returned_quantity = returned_quantity + 1 where object_id = ${id}`,
    invariant: 'outstandingFollowsRows',
  },
};

describe('the counts the order lists keep per number year', () => {
  const undone = new Error('undone');
  /** What the counts say of the test's numbers, and whether they agree with the orders, after `steps`. */
  async function countsAfter(steps: (trx: Db) => Promise<unknown>) {
    let seen: { kept: { order_no: string; n: number }[]; findings: number } | undefined;
    await db()
      .transaction()
      .execute(async (trx) => {
        await steps(trx);
        const kept = await sql<{ order_no: string; n: number }>`select order_no, sum(order_count)::int as n
          from sales_order_year_count where order_no like 'DD209%' group by order_no having sum(order_count) > 0
          order by order_no`.execute(trx);
        const [check] = (await checkBooks(trx, (k) => k === 'orders.yearCountsFollowOrders')).checks;
        seen = { kept: kept.rows, findings: check.total };
        throw undone;
      })
      .catch((error: unknown) => {
        if (error !== undone) throw error;
      });
    return seen;
  }
  /** Two orders of the agent, numbered in 2099, in one statement as a bulk load writes them. */
  const enter = (trx: Db) =>
    sql`insert into sales_order (order_no, order_channel, agent_name, company_id,
      province_code, city_code, data)
    select 'DD2099010100' || g, '101', c.name, c.object_id, c.province_code, c.city_code, '{}'::jsonb
    from customer c, generate_series(1, 2) g where c.name = ${agentName}`.execute(trx);

  it('follow orders entered, renumbered, moved to another agent and deleted, in the same statement', async () => {
    expect(await countsAfter(enter)).toEqual({ kept: [{ order_no: 'DD2099', n: 2 }], findings: 0 });
    const renumbered = async (trx: Db) => {
      await enter(trx);
      await sql`update sales_order set order_no = 'dd2098010100' where order_no = 'DD20990101001'`.execute(
        trx,
      );
    };
    expect(await countsAfter(renumbered)).toEqual({
      kept: [
        { order_no: 'DD2098', n: 1 },
        { order_no: 'DD2099', n: 1 },
      ],
      findings: 0,
    });
    const moved = async (trx: Db) => {
      await enter(trx);
      await sql`update sales_order o set company_id = c.object_id, agent_name = c.name
        from customer c where c.name <> ${agentName} and o.order_no = 'DD20990101001'
          and c.object_id = (select object_id from customer where name <> ${agentName} order by name limit 1)`.execute(
        trx,
      );
    };
    expect(await countsAfter(moved)).toEqual({ kept: [{ order_no: 'DD2099', n: 2 }], findings: 0 });
    const deleted = async (trx: Db) => {
      await enter(trx);
      await sql`delete from sales_order where order_no = 'DD20990101002'`.execute(trx);
    };
    expect(await countsAfter(deleted)).toEqual({ kept: [{ order_no: 'DD2099', n: 1 }], findings: 0 });
  });

  it('are counted again from the orders by a rebuild', async () => {
    const rebuilt = async (trx: Db) => {
      await enter(trx);
      await sql`update sales_order_year_count set order_count = order_count + 5`.execute(trx);
      await rebuildOrderYearCounts(trx);
    };
    expect(await countsAfter(rebuilt)).toEqual({ kept: [{ order_no: 'DD2099', n: 2 }], findings: 0 });
  });

  it('are emptied with the orders', async () => {
    const emptied = async (trx: Db) => {
      await enter(trx);
      await sql`truncate sales_order cascade`.execute(trx);
    };
    expect(await countsAfter(emptied)).toEqual({ kept: [], findings: 0 });
  });
});

describe('the orders area names the record a corrupted row breaks', () => {
  it('finds the demo world balanced', async () => {
    const report = await checkBooks(db(), (k) => k.startsWith('orders.'));
    expect(report.checks.length).toBeGreaterThanOrEqual(11);
    expect(report.checks.filter((c) => c.total > 0)).toEqual([]);
  });

  it.each(Object.entries(drifts))('%s', async (_, { pick, corrupt, invariant }) => {
    const picked = await one(pick);
    expect(await namedAfter(corrupt(picked.id), invariant)).toEqual([picked.no]);
  });

  /**
   * A record naming in turn its agent's own deal, another agent's and a number no deal has, and what
   * the invariant names after each: nothing, then the record twice.
   */
  async function namedForDeals(
    record: { id: string; no: string; agent: string },
    naming: (id: string, no: string) => RawBuilder<unknown>,
    invariant: string,
  ) {
    const deal = (whose: RawBuilder<boolean>) =>
      one(sql<{ no: string }>`select data->>'ExtOpportunityNOText_SDK' as no from record
        where resource = 'opportunity' and ${whose} order by object_id limit 1`);
    const own = await deal(sql<boolean>`company_id = ${record.agent}`);
    const other = await deal(sql<boolean>`company_id <> ${record.agent}`);
    const namedWith = (no: string) => namedAfter(naming(record.id, no), invariant);
    expect(await namedWith(own.no)).toEqual([]);
    expect(await namedWith(other.no)).toEqual([record.no]);
    expect(await namedWith('BB209901010001')).toEqual([record.no]);
  }

  it('names an order whose opportunity is another agent’s deal or no deal, not one naming its agent’s own', async () => {
    const order = await one(sql<{ id: string; no: string; agent: string }>`select object_id::text as id,
        order_no as no, company_id::text as agent from sales_order
      where agent_name = ${agentName} and data->>'OpportunityNo' is null order by order_no limit 1`);
    await namedForDeals(
      order,
      (id, no) => sql`update sales_order set data = data || jsonb_build_object('OpportunityNo', ${no}::text)
        where object_id = ${id}`,
      'orderOpportunityOfItsAgent',
    );
  });

  it('names an execution order whose deal is another agent’s or no deal, not one naming its agent’s own', async () => {
    // One naming no deal, of an agent that has one.
    const zx = await one(sql<{ id: string; no: string; agent: string }>`select r.object_id::text as id,
        r.data->>'ExecutionOrderNo' as no, r.company_id::text as agent from record r
      where r.resource = 'executionOrder' and r.data->>'OpportunityNo' is null and exists (select 1
        from record d where d.resource = 'opportunity' and d.company_id = r.company_id)
      order by r.data->>'ExecutionOrderNo' limit 1`);
    await namedForDeals(
      zx,
      (id, no) => sql`update record set data = data || jsonb_build_object('OpportunityNo', ${no}::text)
        where object_id = ${id}`,
      'executionOrderOpportunityOfItsAgent',
    );
  });
});
