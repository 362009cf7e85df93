import { sql } from 'kysely';
import { ExecutionOrderStatus, OrderApprovalStatus } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import type { ExecutionLine, PricedLine } from './order-lines';
import { fenOf } from './pricing';

/** Execution orders still to draw from (notes §2.5: won → executing → executed). */
const DRAWABLE = new Set<string>([ExecutionOrderStatus.toExecute, ExecutionOrderStatus.executing]);

export interface ExecutionOrder {
  id: string;
  no: string;
  specialPriceNo: string | null;
  opportunityNo: string | null;
  lines: ExecutionLine[];
}

/**
 * The execution order a special-price order draws on, read through the caller's scope (another
 * company's is not found, like getOne) and locked with its lines until the order is saved, so two
 * orders cannot both draw the last units.
 */
export async function executionOrderFor(
  trx: Db,
  caller: Caller,
  no: string,
  agentName: string,
  orderDate: string,
): Promise<ExecutionOrder> {
  const def = resourceDef('executionOrder')!;
  const where = sql.join(
    [...baseConditions(def, caller), sql<boolean>`t.data->>'ExecutionOrderNo' = ${no}`],
    sql` and `,
  );
  const found = await sql<{ id: string; data: Record<string, string | null> }>`
    select t.object_id::text as id, t.data from record t where ${where} for update`.execute(trx);
  const row = found.rows[0];
  if (!row) throw new PortalError(404, 'server.recordNotFound');
  if (row.data.AgentName !== agentName)
    throw fieldError('order', 'ExecutionOrderNo', 'ordersEntry.execution.otherAgent');
  if (!DRAWABLE.has(row.data.Status ?? ''))
    throw fieldError('order', 'ExecutionOrderNo', 'ordersEntry.execution.closed');
  if (row.data.ValidUntil && String(row.data.ValidUntil).slice(0, 10) < orderDate)
    throw fieldError('order', 'ExecutionOrderNo', {
      key: 'ordersEntry.execution.expired',
      params: { day: String(row.data.ValidUntil).slice(0, 10) },
    });
  const lines = await sql<{ id: string; product_code: string; approved_price: string; remaining: number }>`
    select object_id::text as id, product_code, approved_price::text as approved_price,
      approved_quantity - drawn_quantity as remaining
    from execution_order_line where execution_order_id = ${row.id} order by line_no for update`.execute(trx);
  if (!lines.rows.length) throw fieldError('order', 'ExecutionOrderNo', 'ordersEntry.execution.noLines');
  return {
    id: row.id,
    no,
    specialPriceNo: row.data.SpecialPriceNo ?? null,
    opportunityNo: row.data.OpportunityNo ?? null,
    lines: lines.rows.map((l) => ({
      id: l.id,
      productCode: l.product_code,
      approvedFen: fenOf(l.approved_price)!,
      remaining: l.remaining,
    })),
  };
}

/**
 * Draws the lines' quantities from their execution-order lines. The condition in the update is the
 * last word: a draw past the approved quantity changes nothing and is refused.
 */
export async function drawDown(trx: Db, lines: PricedLine[]) {
  for (const line of lines) {
    if (!line.executionLineId) continue;
    const drawn = await sql`update execution_order_line set drawn_quantity = drawn_quantity + ${line.quantity}
      where object_id = ${line.executionLineId} and drawn_quantity + ${line.quantity} <= approved_quantity`.execute(
      trx,
    );
    if (Number(drawn.numAffectedRows ?? 0) !== 1)
      throw new PortalError(409, 'ordersEntry.line.overDraw', {
        line: line.lineNo,
        field: 'Quantity',
        resource: 'orderItem',
        remaining: 0,
      });
  }
}

/** Gives back what an order's lines drew (its draft lines are about to be replaced). */
export async function releaseDrawDown(trx: Db, orderId: string) {
  await sql`update execution_order_line l set drawn_quantity = l.drawn_quantity - i.drawn
    from (select execution_order_line_id as id, sum(quantity)::int as drawn from order_item
          where order_id = ${orderId} and execution_order_line_id is not null group by 1) i
    where l.object_id = i.id`.execute(trx);
}

/**
 * Orders whose lines no longer hold what they drew: cancelled and rejected orders (both final, never
 * entered again) gave it back then, and a revision an order change replaced is a copy whose draw
 * went over to the order itself.
 */
export const NOT_DRAWING = [
  OrderApprovalStatus.cancelled,
  OrderApprovalStatus.rejected,
  OrderApprovalStatus.superseded,
] as const;

/** Of the orders named, those whose lines still hold what they drew. */
export async function ordersHoldingDraws(trx: Db, orderIds: string[]): Promise<string[]> {
  if (!orderIds.length) return [];
  const holding = await sql<{ id: string }>`select object_id::text as id from sales_order
    where object_id in (${sql.join(orderIds)})
      and coalesce(approval_status, '') not in (${sql.join(NOT_DRAWING.map((s) => sql.lit(s)))})`.execute(
    trx,
  );
  return holding.rows.map((r) => r.id);
}

/**
 * Orders let go — cancelled, rejected or deleted — give back every unit their lines drew, and their
 * execution orders' figures and status follow, in the caller's transaction. The caller names only
 * orders that still hold their draw (ordersHoldingDraws), so nothing is given back twice.
 */
export async function giveBackDraws(trx: Db, orderIds: string[], at?: Date) {
  const executionOrders = new Set<string>();
  for (const id of orderIds) {
    for (const executionOrder of await executionOrdersOfOrder(trx, id)) executionOrders.add(executionOrder);
    await releaseDrawDown(trx, id);
  }
  await refreshExecutionOrders(trx, [...executionOrders], at);
}

/** The execution orders an order's lines draw on (before and after a change of its lines). */
export async function executionOrdersOfOrder(trx: Db, orderId: string): Promise<string[]> {
  const rows = await sql<{ id: string }>`select distinct l.execution_order_id::text as id
    from order_item i join execution_order_line l on l.object_id = i.execution_order_line_id
    where i.order_id = ${orderId}`.execute(trx);
  return rows.rows.map((r) => r.id);
}

/**
 * Per execution order, what its lines say (ids: those orders; none: all): the approved total, the
 * executed part, whether every approved unit is drawn and whether any is. Read by the refresh and
 * by the invariant that checks it.
 */
export const figuresOfLines = (ids?: string[]) => sql<{
  id: string;
  total: string;
  executed: string;
  done: boolean;
  started: boolean;
}>`select execution_order_id as id, sum(approved_quantity * approved_price) as total,
    sum(drawn_quantity * approved_price) as executed,
    bool_and(drawn_quantity = approved_quantity) as done, bool_or(drawn_quantity > 0) as started
  from execution_order_line ${ids ? sql`where execution_order_id in (${sql.join(ids)})` : sql``} group by 1`;

/**
 * The status an execution order's lines give it (to execute → executing → executed once every
 * approved unit is drawn), from `figuresOfLines` as `x` and its record as `r`; a closed or expired one
 * stays so.
 */
export const statusOfLines = sql<string>`case when r.data->>'Status' in (${sql.lit(ExecutionOrderStatus.closed)}, ${sql.lit(ExecutionOrderStatus.expired)}) then r.data->>'Status'
    when x.done then ${sql.lit(ExecutionOrderStatus.executed)} when x.started then ${sql.lit(ExecutionOrderStatus.executing)}
    else ${sql.lit(ExecutionOrderStatus.toExecute)} end`;

/**
 * The execution order's figures follow its lines: amount approved, executed and remaining, and its
 * status (statusOfLines). A closed one keeps its status, its figures still its lines'.
 */
export async function refreshExecutionOrders(trx: Db, ids: string[], at?: Date) {
  if (!ids.length) return;
  await sql`update record r set data = r.data || jsonb_build_object(
      'ExecutionAmount', x.total::numeric(18, 2)::text,
      'ExecutedAmount', x.executed::numeric(18, 2)::text,
      'RemainingAmount', (x.total - x.executed)::numeric(18, 2)::text,
      'Status', ${statusOfLines}),
      version = r.version + 1, updated_at = coalesce(${at ?? null}::timestamptz, now())
    from (${figuresOfLines(ids)}) x
    where r.object_id = x.id`.execute(trx);
}

/**
 * The approved lines of an execution order (product, approved price, approved quantity), as the
 * special-price approval hands them over; the order's figures are refreshed from them.
 */
export async function setApprovedLines(
  trx: Db,
  executionOrderId: string,
  lines: { productCode: string; approvedPrice: string; quantity: number }[],
  clock: { at?: Date; uuid?: () => string } = {},
) {
  await sql`delete from execution_order_line where execution_order_id = ${executionOrderId} and drawn_quantity = 0`.execute(
    trx,
  );
  let lineNo = 0;
  for (const line of lines) {
    lineNo += 1;
    await sql`insert into execution_order_line (object_id, execution_order_id, line_no, product_code, approved_price,
        approved_quantity)
      values (coalesce(${clock.uuid?.() ?? null}::uuid, gen_random_uuid()), ${executionOrderId}, ${lineNo},
        ${line.productCode}, ${line.approvedPrice}, ${line.quantity})`.execute(trx);
  }
  await refreshExecutionOrders(trx, [executionOrderId], clock.at);
}
