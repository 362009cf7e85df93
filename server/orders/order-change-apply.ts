import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { ItemPaymentStatus } from '../../domain/codes/payments.codes';
import type { Db } from '../db/database';
import { refreshOrderDelivery } from '../deliveries/delivery-status';
import { refreshOrderInvoicing } from '../invoices/invoice-amounts';
import { refreshOrderPayment } from '../payments/payment-status';
import type { Clock } from '../workflows/clock';
import { checkChangeable, figuresOf, HEADER_FIELDS, lockedOrder, SUPERSEDED } from './order-change.service';
import { changeFigures, type PlannedLine, planLines } from './order-change-lines';
import { yuanOf } from './pricing';
import {
  drawDown,
  executionOrdersOfOrder,
  refreshExecutionOrders,
  releaseDrawDown,
} from './pricing-execution-orders';

/** The next revision's number: the base number with -1, then -2… (notes §4.6, OCA revisions). */
export function nextRevisionNo(orderNo: string, data: Record<string, unknown>) {
  const base = typeof data.BaseOrderNo === 'string' ? data.BaseOrderNo : orderNo;
  const revision = Number(data.Revision ?? 0) + 1;
  return { base, revision, no: `${base}-${revision}` };
}

/**
 * Keeps the revision being replaced as a read-only copy: the order row and its lines as they stand,
 * under their number, approval status "superseded" and naming the revision that replaced them.
 * Nothing points at the copy: payments, invoices, shipments and the approval stay with the order.
 */
async function archiveRevision(trx: Db, orderId: string, revisionNo: string, changeNo: string, clock: Clock) {
  const order = await sql<{ row: Record<string, unknown> }>`select to_jsonb(o) as row from sales_order o
    where o.object_id = ${orderId}`.execute(trx);
  const lines = await sql<{ row: Record<string, unknown> }>`select to_jsonb(i) as row from order_item i
    where i.order_id = ${orderId} order by i.line_no`.execute(trx);
  const copyId = clock.uuid();
  const old = order.rows[0].row;
  const copy = {
    ...old,
    object_id: copyId,
    version: 1,
    approval_status: SUPERSEDED,
    data: {
      ...(old.data as Record<string, unknown>),
      SupersededBy: revisionNo,
      SupersededOn: clock.at.toISOString(),
      SupersededByChange: changeNo,
      CurrentOrderID: orderId,
    },
  };
  return {
    copy,
    lines: lines.rows.map((l) => ({ ...l.row, object_id: clock.uuid(), order_id: copyId })),
  };
}

/** Writes the kept copy once the order has its new number (order numbers are unique). */
async function insertCopy(trx: Db, archived: Awaited<ReturnType<typeof archiveRevision>>) {
  await sql`insert into sales_order select * from jsonb_populate_record(null::sales_order,
    ${JSON.stringify(archived.copy)}::jsonb)`.execute(trx);
  for (const line of archived.lines)
    await sql`insert into order_item select * from jsonb_populate_record(null::order_item,
      ${JSON.stringify(line)}::jsonb)`.execute(trx);
}

/** The order's lines become the change's: kept lines updated in place (shipments point at them), others added or removed. */
async function writeLines(
  trx: Db,
  order: { id: string; no: string; agentName: string },
  planned: PlannedLine[],
  removed: { id: string }[],
  by: string,
  clock: Clock,
) {
  for (const line of removed) await sql`delete from order_item where object_id = ${line.id}`.execute(trx);
  for (const line of planned) {
    const amount = yuanOf(line.amountFen);
    if (line.existing) {
      await sql`update order_item set quantity = ${line.quantity}, unit_price = ${yuanOf(line.unitFen)},
          standard_price = ${yuanOf(line.standardFen)}, line_amount = ${amount},
          execution_order_line_id = ${line.executionLineId ?? null}, order_no = ${order.no},
          data = data || ${JSON.stringify({ LineAmount: amount })}::jsonb, version = version + 1,
          updated_at = ${clock.at}, updated_by_name = ${by}
        where object_id = ${line.existing.id}`.execute(trx);
      continue;
    }
    await sql`insert into order_item (object_id, order_id, order_no, line_no, product_code, quantity,
        standard_price, unit_price, line_amount, execution_order_line_id, company_id, province_code, city_code,
        created_by_name, updated_by_name, created_at, updated_at, data)
      select ${clock.uuid()}, o.object_id, ${order.no}, ${line.finalLineNo}, ${line.productCode}, ${line.quantity},
        ${yuanOf(line.standardFen)}, ${yuanOf(line.unitFen)}, ${amount}, ${line.executionLineId ?? null},
        o.company_id, o.province_code, o.city_code, ${by}, ${by}, ${clock.at}, ${clock.at},
        ${JSON.stringify({
          OrderChannel: OrderChannel.ownLine,
          AgentName: order.agentName,
          ProductName: line.productName,
          LineAmount: amount,
          ShippedQuantity: 0,
          ItemPaymentStatus: ItemPaymentStatus.unpaid,
        })}::jsonb
      from sales_order o where o.object_id = ${order.id}`.execute(trx);
  }
}

/**
 * Applies a confirmed (and, where needed, approved) change in the transaction of the decision that
 * finishes it: the rules are checked again on the order as it stands now (shipped quantities,
 * invoiced amount), the old revision is kept as a read-only copy, and the order itself — the same
 * record, so its payments, invoices, shipments and approval stay attached — takes the next revision
 * number, the new lines and amounts, with its payment, invoicing and delivery statuses recomputed.
 */
export async function applyChange(trx: Db, changeId: string, by: string, clockIn?: Clock) {
  const clock: Clock = clockIn ?? { at: new Date(), uuid: randomUUID };
  const change = (
    await sql<{ order_id: string; change_no: string; lines: unknown[]; data: Record<string, unknown> }>`
      select order_id::text as order_id, change_no, lines, data from order_change
      where object_id = ${changeId} for update`.execute(trx)
  ).rows[0];
  const order = await lockedOrder(trx, change.order_id);
  checkChangeable(order);
  const { planned, removed } = await planLines(trx, order.id, change.lines);
  const figures = await changeFigures(trx, figuresOf(order), planned);
  const revision = nextRevisionNo(order.order_no, order.data);
  const archived = await archiveRevision(trx, order.id, revision.no, change.change_no, clock);
  const drawnBefore = await executionOrdersOfOrder(trx, order.id);
  await releaseDrawDown(trx, order.id);
  const header = Object.fromEntries(
    HEADER_FIELDS.filter((f) => change.data[f] !== undefined && change.data[f] !== null).map((f) => [
      f,
      change.data[f],
    ]),
  );
  const data = {
    ...header,
    CashDiscountAmount: yuanOf(figures.cashFen),
    PayableAmount: yuanOf(figures.payableFen),
    BaseOrderNo: revision.base,
    Revision: revision.revision,
    PreviousOrderNo: order.order_no,
    LastChangeNo: change.change_no,
  };
  await sql`update sales_order set order_no = ${revision.no}, order_amount = ${yuanOf(figures.afterFen)},
      data = data || ${JSON.stringify(data)}::jsonb, version = version + 1, updated_at = ${clock.at},
      updated_by_name = ${by}
    where object_id = ${order.id}`.execute(trx);
  await insertCopy(trx, archived);
  await writeLines(
    trx,
    { id: order.id, no: revision.no, agentName: order.agent_name },
    planned,
    removed,
    by,
    clock,
  );
  await drawDown(trx, planned);
  const drawnAfter = await executionOrdersOfOrder(trx, order.id);
  await refreshExecutionOrders(trx, [...new Set([...drawnBefore, ...drawnAfter])], clock.at);
  await refreshOrderPayment(trx, order.id, by, clock.at);
  await refreshOrderInvoicing(trx, order.id, by, clock.at);
  await refreshOrderDelivery(trx, order.id, by, clock.at);
  await sql`update order_change set revision_no = ${revision.no},
      data = data || ${JSON.stringify({ AppliedOn: clock.at.toISOString() })}::jsonb
    where object_id = ${changeId}`.execute(trx);
  return revision.no;
}
