import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OrderApprovalStatus } from '../../domain/codes/orders.codes';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import { UUID_PATTERN } from '../../domain/uuid';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { SUPERSEDED } from '../orders/order-change.service';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { dueAmountOf, REJECTED } from './payment-status';
import {
  checkOpen,
  checkVersion,
  lockedReceipt,
  paymentDef,
  positiveFen,
  type ReceiptRow,
} from './receipt.service';

/** How many orders one receipt may be spread over in one request. */
export const MAX_ALLOCATIONS = 100;

export interface AllocationRequest {
  /** The order by its number (as people type it) or by its ObjectID. */
  order: string;
  amountFen: number;
}

interface OrderRow {
  object_id: string;
  order_no: string;
  company_id: string | null;
  approval_status: string | null;
  due: string;
}

/**
 * Orders no receipt may pay: rejected or cancelled, they owe nothing any more. A draft may be paid
 * ahead (a prepay agent pays before its order is released), an order in approval or in force as due.
 */
const CLOSED: (string | null)[] = [OrderApprovalStatus.rejected, OrderApprovalStatus.cancelled];

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('paymentAllocation', field, { key: `payments.problems.${key}`, params });

/** The order an allocation names, locked, read through the caller's scope: outside it is a 404. */
async function lockedOrder(db: Db, caller: Caller, order: string): Promise<OrderRow> {
  const byId = UUID_PATTERN.test(order);
  const rows = await sql<OrderRow>`select t.object_id::text as object_id, t.order_no,
      t.company_id::text as company_id, t.approval_status, ${dueAmountOf('t')}::text as due
    from sales_order t
    where ${byId ? sql`t.object_id = ${order}::uuid` : sql`t.order_no = ${order}`} and ${scopeCondition(caller)}
      -- A revision an order change replaced is a read-only copy: payments go to the order itself.
      and t.approval_status is distinct from ${SUPERSEDED}
    for update of t`.execute(db);
  if (!rows.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return rows.rows[0];
}

/** What other receipts (not rejected) already hold of an order, in fen. */
async function heldElsewhere(db: Db, orderId: string, receiptId: string): Promise<number> {
  const result = await sql<{ held: string }>`select coalesce(sum(a.amount), 0)::text as held
    from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
    where a.order_id = ${orderId} and a.receipt_id <> ${receiptId}
      and coalesce(r.data->>'ConfirmStatus', '') <> ${REJECTED}`.execute(db);
  return yuanToFen(result.rows[0]?.held ?? '0');
}

/**
 * Replaces the allocations of an open receipt (notes §4.3 rule 2): orders of the receipt's own agent
 * only, each at most what the order still has open (its amount less what other receipts hold of it),
 * and all together at most the receipt; the rest stays the agent's prepayment balance. One
 * transaction: the receipt and the orders are locked, so two allocations racing for the same
 * order cannot both take its last yuan.
 */
async function replaceAllocations(
  trx: Db,
  caller: Caller,
  receipt: ReceiptRow,
  requests: AllocationRequest[],
  clock?: Clock,
) {
  const at = clock?.at ?? new Date();
  checkOpen(receipt);
  if (requests.length > MAX_ALLOCATIONS) throw problem('OrderNo', 'tooMany', { max: MAX_ALLOCATIONS });
  const receiptFen = yuanToFen(receipt.payment_amount);
  const totalFen = requests.reduce((sum, r) => sum + r.amountFen, 0);
  if (totalFen > receiptFen)
    throw problem('AllocatedAmount', 'overReceipt', {
      total: fenToYuanString(totalFen),
      max: receipt.payment_amount,
    });
  const orders: OrderRow[] = [];
  for (const request of requests) {
    const order = await lockedOrder(trx, caller, request.order);
    if (orders.some((o) => o.object_id === order.object_id))
      throw problem('OrderNo', 'duplicateOrder', { no: order.order_no });
    if (order.company_id !== receipt.agent_id)
      throw problem('OrderNo', 'otherAgent', { no: order.order_no, agent: receipt.agent_name });
    if (CLOSED.includes(order.approval_status))
      throw problem('OrderNo', 'notPayable', { no: order.order_no });
    const openFen = yuanToFen(order.due) - (await heldElsewhere(trx, order.object_id, receipt.object_id));
    if (request.amountFen > openFen)
      throw problem('AllocatedAmount', 'overOutstanding', {
        no: order.order_no,
        max: fenToYuanString(Math.max(0, openFen)),
      });
    orders.push(order);
  }
  // An order that stays keeps its allocation row (and its id); its amount follows the request.
  const kept = orders.map((o) => o.object_id);
  await sql`delete from payment_allocation where receipt_id = ${receipt.object_id}
    ${kept.length ? sql`and order_id not in (${sql.join(kept)})` : sql``}`.execute(trx);
  for (const [i, order] of orders.entries())
    await sql`insert into payment_allocation (object_id, receipt_id, payment_no, order_id, order_no, agent_name,
        amount, company_id, province_code, city_code, created_by, created_by_name, updated_by_name,
        created_at, updated_at)
      select ${clock?.uuid() ?? randomUUID()}::uuid, r.object_id, r.payment_no, ${order.object_id}, ${order.order_no}, r.agent_name,
        ${fenToYuanString(requests[i].amountFen)}, r.company_id, r.province_code, r.city_code,
        ${caller.employeeId}, ${caller.lastName}, ${caller.lastName}, ${at}, ${at}
      from payment_receipt r where r.object_id = ${receipt.object_id}
      on conflict (receipt_id, order_id) do update set amount = excluded.amount,
        version = case when payment_allocation.amount = excluded.amount then payment_allocation.version
                       else payment_allocation.version + 1 end,
        updated_at = excluded.updated_at, updated_by_name = excluded.updated_by_name`.execute(trx);
  const related = orders.map((o) => o.order_no).join(', ');
  await sql`update payment_receipt set allocated_amount = ${fenToYuanString(totalFen)},
      data = data || ${JSON.stringify({ RelatedOrderNos: related })}::jsonb,
      version = version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
    where object_id = ${receipt.object_id}`.execute(trx);
}

/** The current allocations of a receipt as requests, to add one to them or take one away. */
async function currentRequests(db: Db, receiptId: string) {
  const rows = await sql<{ object_id: string; order_id: string; amount: string }>`select
      object_id::text as object_id, order_id::text as order_id, amount::text as amount
    from payment_allocation where receipt_id = ${receiptId} order by created_at, object_id`.execute(db);
  return rows.rows.map((r) => ({ id: r.object_id, order: r.order_id, amountFen: yuanToFen(r.amount) }));
}

/** The lines of `Allocations` as sent: [{ OrderNo | OrderID, AllocatedAmount }]. */
function requestsOf(value: unknown): AllocationRequest[] {
  if (!Array.isArray(value)) throw fieldMissing('paymentAllocation', 'OrderNo');
  if (value.length > MAX_ALLOCATIONS) throw problem('OrderNo', 'tooMany', { max: MAX_ALLOCATIONS });
  return value.map((line) => {
    const row = (line ?? {}) as Record<string, unknown>;
    const order = row.OrderID ?? row.OrderNo;
    if (typeof order !== 'string' || !order.trim() || order.length > 60)
      throw fieldMissing('paymentAllocation', 'OrderNo');
    return {
      order: order.trim(),
      amountFen: positiveFen('AllocatedAmount', row.AllocatedAmount, 'paymentAllocation'),
    };
  });
}

/** POST /payment/allocate: the whole allocation of a receipt at once, on the Version the person saw. */
export async function allocateReceipt(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  const requests = requestsOf(body.Allocations);
  return inTransaction(db, async (trx) => {
    const receipt = await lockedReceipt(trx, caller, String(body.ObjectID ?? ''));
    checkVersion(receipt, body.Version);
    await replaceAllocations(trx, caller, receipt, requests, clock);
    return getRecord(trx, paymentDef(), caller, receipt.object_id);
  });
}

/**
 * The orders a receipt may still pay, oldest first, for the "allocate to orders" page: the receipt
 * agent's orders in the caller's scope that the allocation rules accept (not closed, not a replaced
 * revision) and that still have something open after what other receipts hold of them. The amounts
 * already on this receipt are shown so the page can add to them.
 */
export async function openOrdersOfReceipt(db: Db, caller: Caller, body: Record<string, unknown>) {
  const receipt = await lockedReceipt(db, caller, String(body.ObjectID ?? ''));
  const rows = await sql<{
    object_id: string;
    order_no: string;
    order_date: string | null;
    due: string;
    elsewhere: string;
    here: string;
  }>`select t.object_id::text as object_id, t.order_no, to_char(t.order_date, 'YYYY-MM-DD') as order_date,
      ${dueAmountOf('t')}::text as due,
      coalesce((select sum(a.amount) from payment_allocation a join payment_receipt r on r.object_id = a.receipt_id
        where a.order_id = t.object_id and a.receipt_id <> ${receipt.object_id}
          and coalesce(r.data->>'ConfirmStatus', '') <> ${REJECTED}), 0)::text as elsewhere,
      coalesce((select sum(a.amount) from payment_allocation a
        where a.order_id = t.object_id and a.receipt_id = ${receipt.object_id}), 0)::text as here
    from sales_order t
    where t.company_id = ${receipt.agent_id} and ${scopeCondition(caller)}
      and t.approval_status is distinct from ${SUPERSEDED}
      and coalesce(t.approval_status, '') not in (${sql.join(CLOSED.map((c) => c ?? ''))})
    order by t.order_date nulls last, t.order_no
    limit ${MAX_ALLOCATIONS}`.execute(db);
  const orders = rows.rows
    .map((r) => {
      const openFen = yuanToFen(r.due) - yuanToFen(r.elsewhere);
      return {
        OrderID: r.object_id,
        OrderNo: r.order_no,
        OrderDate: r.order_date,
        OrderAmount: r.due,
        PaidAmount: r.elsewhere,
        OnThisReceipt: r.here,
        OutstandingAmount: fenToYuanString(Math.max(0, openFen - yuanToFen(r.here))),
        openFen: openFen - yuanToFen(r.here),
      };
    })
    // Fully paid orders (by other receipts or this one) have nothing left to take.
    .filter((o) => o.openFen > 0)
    .map(({ openFen: _open, ...o }) => o);
  return {
    ObjectID: receipt.object_id,
    Version: receipt.version,
    PaymentAmount: receipt.payment_amount,
    AllocatedAmount: receipt.allocated_amount,
    Orders: orders,
  };
}

/**
 * POST /payment/allocateOrders: adds amounts on several orders to a receipt in one step, on the
 * Version the person saw. A line on an order the receipt already pays adds to that allocation. All
 * lines go through the one rule set of `replaceAllocations`, in one transaction: any refused line
 * (naming its order) or a total over the receipt refuses the whole and writes nothing.
 */
export async function allocateToOrders(db: Db, caller: Caller, body: Record<string, unknown>) {
  const lines = requestsOf(body.Lines);
  return inTransaction(db, async (trx) => {
    const receipt = await lockedReceipt(trx, caller, String(body.ObjectID ?? ''));
    checkVersion(receipt, body.Version);
    checkOpen(receipt);
    const requests: AllocationRequest[] = (await currentRequests(trx, receipt.object_id)).map((c) => ({
      order: c.order,
      amountFen: c.amountFen,
    }));
    for (const line of lines) {
      const order = await lockedOrder(trx, caller, line.order);
      const current = requests.find((r) => r.order === order.object_id);
      if (current) current.amountFen += line.amountFen;
      else requests.push({ order: order.object_id, amountFen: line.amountFen });
    }
    await replaceAllocations(trx, caller, receipt, requests);
    return getRecord(trx, paymentDef(), caller, receipt.object_id);
  });
}

/** The receipt a payment number names, in the caller's scope. */
async function receiptNumbered(db: Db, caller: Caller, no: unknown) {
  if (typeof no !== 'string' || !no.trim()) throw fieldMissing('paymentAllocation', 'PaymentNo');
  const found = await sql<{ id: string }>`select t.object_id::text as id from payment_receipt t
    where t.payment_no = ${no.trim().toUpperCase()} and ${scopeCondition(caller)}`.execute(db);
  if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return lockedReceipt(db, caller, found.rows[0].id);
}

/** POST /paymentAllocation/create: one more order on a receipt (the 回款核销 form). */
export async function addAllocation(db: Db, caller: Caller, body: Record<string, unknown>) {
  const [request] = requestsOf([body]);
  return inTransaction(db, async (trx) => {
    const receipt = await receiptNumbered(trx, caller, body.PaymentNo);
    checkOpen(receipt);
    const order = await lockedOrder(trx, caller, request.order);
    const current = await currentRequests(trx, receipt.object_id);
    if (current.some((c) => c.order === order.object_id))
      throw problem('OrderNo', 'duplicateOrder', { no: order.order_no });
    await replaceAllocations(trx, caller, receipt, [...current, { ...request, order: order.object_id }]);
    const added = await sql<{ id: string }>`select object_id::text as id from payment_allocation
      where receipt_id = ${receipt.object_id} and order_id = ${order.object_id}`.execute(trx);
    return getRecord(trx, resourceDef('paymentAllocation')!, caller, added.rows[0].id);
  });
}

/**
 * POST /paymentAllocation/update: a new amount for one allocation (ObjectID, the Version seen,
 * AllocatedAmount), checked like the whole allocation of its receipt.
 */
export async function updateAllocation(db: Db, caller: Caller, body: Record<string, unknown>) {
  const def = resourceDef('paymentAllocation')!;
  for (const key of Object.keys(body))
    if (!['ObjectID', 'Version', 'PageID', 'AllocatedAmount'].includes(key))
      throw new PortalError(400, 'server.notWritable', { field: key.slice(0, 40), resource: def.name });
  return inTransaction(db, async (trx) => {
    const row = await getRecord(trx, def, caller, body.ObjectID);
    checkVersion({ version: Number(row.Version) }, body.Version);
    if (body.AllocatedAmount === undefined) return row;
    const amountFen = positiveFen('AllocatedAmount', body.AllocatedAmount, 'paymentAllocation');
    const receiptId = await sql<{ id: string }>`select receipt_id::text as id from payment_allocation
      where object_id = ${String(row.ObjectID)}`.execute(trx);
    const receipt = await lockedReceipt(trx, caller, receiptId.rows[0].id);
    const requests = (await currentRequests(trx, receipt.object_id)).map((c) =>
      c.id === row.ObjectID ? { ...c, amountFen } : c,
    );
    await replaceAllocations(trx, caller, receipt, requests);
    return getRecord(trx, def, caller, String(row.ObjectID));
  });
}

/** POST /paymentAllocation/delete: takes allocations off their (open) receipts, all or nothing. */
export async function removeAllocations(db: Db, caller: Caller, ids: string[]) {
  const def = resourceDef('paymentAllocation')!;
  return inTransaction(db, async (trx) => {
    const byReceipt = new Map<string, Set<string>>();
    for (const id of ids) {
      const row = await getRecord(trx, def, caller, id);
      const receipt = await sql<{ id: string }>`select receipt_id::text as id from payment_allocation
        where object_id = ${id}`.execute(trx);
      const key = receipt.rows[0].id;
      byReceipt.set(key, (byReceipt.get(key) ?? new Set()).add(String(row.ObjectID)));
    }
    for (const [receiptId, removed] of byReceipt) {
      const receipt = await lockedReceipt(trx, caller, receiptId);
      const kept = (await currentRequests(trx, receiptId)).filter((c) => !removed.has(c.id));
      await replaceAllocations(trx, caller, receipt, kept);
    }
    return ids.length;
  });
}
