import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleOrders } from '../../bench/scale/scale';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { Db } from '../../server/db/database';
import { deliveryStatusOf } from '../../server/deliveries/delivery-status';
import { invoicingStatusOf } from '../../server/invoices/invoice-amounts';
import { paymentStatusOf } from '../../server/payments/payment-status';
import { rebuildProjections, verifyEvents } from '../../server/workflows/engine';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let db: Db;
const ORDERS = 600;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await scaleOrders(db, ORDERS, { batchSize: 250 });
}, 120_000);
afterAll(() => t.close());

const SCALE = sql`object_id::text like '5ca1e%'`;

/** Everything a workflow projects for the scale's records, to compare before and after a rebuild. */
async function projections() {
  const streams = await sql`select stream_id, state, status, pending_role, pending_person, version, updated_at
    from workflow_stream where subject_id::text like '5ca1e%' order by stream_id`.execute(db);
  const orders = await sql`select object_id, approval_status, data->'ApprovalState' as state,
      data->'ApprovalNode' as node, data->'ApproverRole' as role, data->'ApprovalReason' as reason
    from sales_order where ${SCALE} order by object_id`.execute(db);
  const documents =
    await sql`select object_id, data->'ConfirmStatus' as status from payment_receipt where ${SCALE}
    union all select object_id, data->'ApplicationStatus' from invoice_application where ${SCALE}
    order by 1`.execute(db);
  return { streams: streams.rows, orders: orders.rows, documents: documents.rows };
}

describe('scale orders come with the documents the services would have made of them', () => {
  // Replaying and rebuilding every stream of 600 orders takes 17 s on a quiet machine, twice that and more
  // beside the other suite on two busy cores.
  it('every approval, receipt and invoice history replays to the state stored for it', async () => {
    const before = await projections();
    expect(before.streams.length).toBeGreaterThan(ORDERS / 2);
    const verified = await verifyEvents(db);
    expect(verified.failures).toEqual([]);
    // The projections written by the generator are exactly what the engine writes from the events.
    await rebuildProjections(db);
    expect(await projections()).toEqual(before);
  }, 120_000);

  it("an order's paid, invoiced and shipped figures and statuses are its documents'", async () => {
    const orders = await sql<{
      order_no: string;
      approval: string;
      payment: string;
      invoicing: string;
      delivery: string;
      due: string;
      paid_shown: string;
      invoiced_shown: string;
      shipped_shown: number;
      paid: string;
      pending: string;
      invoiced: string;
      ordered: number;
      shipped: number;
      open_shipments: number;
    }>`select o.order_no, o.approval_status as approval, o.payment_status as payment,
        o.invoicing_status as invoicing, o.delivery_status as delivery, o.data->>'PayableAmount' as due,
        o.data->>'PaidAmount' as paid_shown, o.data->>'InvoicedAmount' as invoiced_shown,
        (o.data->>'ShippedQuantity')::int as shipped_shown,
        (select coalesce(sum(a.amount), 0) from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
          where a.order_id = o.object_id and r.data->>'ConfirmStatus' = '121')::text as paid,
        (select coalesce(sum(a.amount), 0) from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
          where a.order_id = o.object_id and r.data->>'ConfirmStatus' = '111')::text as pending,
        (select coalesce(sum(l.amount), 0) from invoice_line l join invoice_application a on a.object_id = l.application_id
          where l.order_id = o.object_id and a.data->>'ApplicationStatus' = '131')::text as invoiced,
        (select sum(quantity)::int from order_item i where i.order_id = o.object_id) as ordered,
        (select coalesce(sum(quantity), 0)::int from shipment s where s.order_id = o.object_id) as shipped,
        (select count(*)::int from shipment s where s.order_id = o.object_id and s.shipment_status <> '141')
          as open_shipments
      from sales_order o where ${SCALE}`.execute(db);
    expect(orders.rows).toHaveLength(ORDERS);
    const wrong = orders.rows.filter((o) => {
      const due = yuanToFen(o.due);
      const paid = yuanToFen(o.paid);
      const invoiced = yuanToFen(o.invoiced);
      const documents = [
        fenToYuanString(paid) === o.paid_shown,
        paymentStatusOf(paid, due) === o.payment,
        fenToYuanString(invoiced) === o.invoiced_shown,
        invoicingStatusOf(invoiced, due) === o.invoicing,
        // Pay before invoice: nothing is invoiced beyond what finance confirmed.
        invoiced <= paid,
        o.shipped === o.shipped_shown,
        deliveryStatusOf(o.ordered, o.shipped, o.open_shipments === 0) === o.delivery,
      ];
      // Only effective orders are paid, shipped or have a receipt waiting for finance.
      const effectiveOnly = o.approval === '121' || (paid === 0 && o.shipped === 0 && o.pending === '0');
      return !documents.every(Boolean) || !effectiveOnly;
    });
    expect(wrong.map((o) => o.order_no)).toEqual([]);
    const kinds = new Set(orders.rows.map((o) => `${o.payment}/${o.invoicing}/${o.delivery}`));
    expect(kinds.size).toBeGreaterThan(8);
  });

  it("finance's approval query lists the orders waiting for finance, generated ones among them", async () => {
    const token = await t.login('finance', 'Demo@123456');
    const waiting = await sql<{ n: number; scale: number }>`select count(*)::int as n,
        count(*) filter (where o.object_id::text like '5ca1e%')::int as scale
      from sales_order o join workflow_stream s on s.subject_id = o.object_id
      where s.workflow = 'orderApproval' and s.pending_role = 'JS014' and o.order_channel = '101'`.execute(
      db,
    );
    expect(waiting.rows[0].scale).toBeGreaterThan(0);
    const listed = await t.post(
      '/order/search',
      { PageID: 'ordersSetup.approvalQuery', AwaitingMe: 1, pageSize: 100 },
      token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.totalSize).toBe(waiting.rows[0].n);
    for (const row of listed.body.results) expect(row.ApproverRole).toBe('JS014');
  });

  it("finance's payment approval lists the receipts waiting for finance, generated ones among them", async () => {
    const token = await t.login('finance', 'Demo@123456');
    const waiting = await sql<{ n: number }>`select count(*)::int as n from workflow_stream s
      where s.workflow = 'paymentApproval' and s.pending_role = 'JS014' and s.pending_person is null`.execute(
      db,
    );
    expect(waiting.rows[0].n).toBeGreaterThan(0);
    const listed = await t.post(
      '/payment/search',
      { PageID: 'ordersSetup.paymentApproval', AwaitingMe: 1, pageSize: 100 },
      token,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.totalSize).toBe(waiting.rows[0].n);
  });
});
