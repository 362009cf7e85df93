import { sql } from 'kysely';
import { OrderType } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { heldByApplications } from '../invoices/invoice-amounts';
import { rspCashDiscountFen } from './order-entry.rules';
import {
  type CheckedLine,
  checkLines,
  type ExecutionLine,
  lineError,
  type PricedLine,
  priceLines,
  productsOf,
} from './order-lines';
import { fenOf, MAX_AMOUNT_FEN, orderAmountFen, yuanOf } from './pricing';

/** A line of the order as it stands, with what is shipped of it. */
export interface CurrentLine {
  id: string;
  lineNo: number;
  productCode: string;
  quantity: number;
  unitFen: bigint;
  shipped: number;
}

/** A priced line of the change: the order line it changes (none for a new line) and its final number. */
export interface PlannedLine extends PricedLine {
  existing?: CurrentLine;
  finalLineNo: number;
}

/** The order's lines with the quantities its shipments took of each. */
export async function currentLines(db: Db, orderId: string): Promise<CurrentLine[]> {
  const rows = await sql<{
    id: string;
    line_no: number;
    product_code: string;
    quantity: number;
    unit_price: string;
    shipped: number;
  }>`select i.object_id::text as id, i.line_no, i.product_code, i.quantity, i.unit_price::text as unit_price,
      (select coalesce(sum(s.quantity), 0)::int from shipment s where s.order_item_id = i.object_id) as shipped
    from order_item i where i.order_id = ${orderId} order by i.line_no, i.created_at`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    lineNo: r.line_no,
    productCode: r.product_code,
    quantity: r.quantity,
    unitFen: fenOf(r.unit_price) ?? 0n,
    shipped: r.shipped,
  }));
}

/**
 * The execution-order lines a special-price order prices on: what is left to draw plus what this very
 * order drew, since the change replaces its own draws (no other order's units are taken).
 */
async function executionLinesOf(db: Db, orderId: string): Promise<ExecutionLine[]> {
  const rows = await sql<{ id: string; product_code: string; approved_price: string; remaining: number }>`
    select l.object_id::text as id, l.product_code, l.approved_price::text as approved_price,
      (l.approved_quantity - l.drawn_quantity + coalesce((select sum(i.quantity) from order_item i
        where i.order_id = ${orderId} and i.execution_order_line_id = l.object_id), 0))::int as remaining
    from execution_order_line l
    where l.execution_order_id in (select x.execution_order_id from order_item i
      join execution_order_line x on x.object_id = i.execution_order_line_id where i.order_id = ${orderId})
    order by l.line_no`.execute(db);
  return rows.rows.map((r) => ({
    id: r.id,
    productCode: r.product_code,
    approvedFen: fenOf(r.approved_price)!,
    remaining: r.remaining,
  }));
}

/** The order line a proposed line names by `LineNo`, once each; none for a new line. */
function namedLines(raw: unknown[], byNo: Map<number, CurrentLine>) {
  const seen = new Set<number>();
  return raw.map((item, index) => {
    const named = (item as { LineNo?: unknown } | null)?.LineNo;
    if (named === undefined || named === null || named === '') return undefined;
    const lineNo = Number(named);
    const line = byNo.get(lineNo);
    if (!line || seen.has(lineNo))
      throw lineError(index + 1, 'LineNo', 'orderChanges.refusals.unknownLine', { line: index + 1 });
    seen.add(lineNo);
    return line;
  });
}

/**
 * The lines a change proposes, checked and priced by the code of order entry: a line that names an
 * order line (`LineNo`) keeps its product, keeps its unit price unless another is typed, and never
 * falls below what is shipped of it; an order line left out is removed, only if nothing of it was
 * shipped; new lines take the standard price, or the execution order's approved price (never below).
 */
export async function planLines(db: Db, orderId: string, raw: unknown) {
  const current = await currentLines(db, orderId);
  const list = raw === undefined ? current.map((l) => ({ LineNo: l.lineNo })) : raw;
  if (!Array.isArray(list)) throw new PortalError(400, 'ordersEntry.noLines');
  const byNo = new Map(current.map((l) => [l.lineNo, l]));
  const existing = namedLines(list, byNo);
  const withDefaults = list.map((item, index) => {
    const line = existing[index];
    const row = { ...((item ?? {}) as Record<string, unknown>) };
    if (!line) return row;
    return {
      ProductCode: row.ProductCode ?? line.productCode,
      Quantity: row.Quantity ?? line.quantity,
      UnitPrice: row.UnitPrice === undefined || row.UnitPrice === '' ? yuanOf(line.unitFen) : row.UnitPrice,
    };
  });
  const checked: CheckedLine[] = checkLines(withDefaults);
  checked.forEach((line, index) => {
    const before = existing[index];
    if (!before) return;
    if (line.productCode !== before.productCode)
      throw lineError(line.lineNo, 'ProductCode', 'orderChanges.refusals.otherProduct');
    if (line.quantity < before.shipped)
      throw lineError(line.lineNo, 'Quantity', 'orderChanges.refusals.belowShipped', {
        shipped: before.shipped,
      });
  });
  const kept = new Set(existing.filter(Boolean).map((l) => l!.lineNo));
  const removed = current.filter((l) => !kept.has(l.lineNo));
  for (const line of removed)
    if (line.shipped > 0)
      throw lineError(line.lineNo, 'Quantity', 'orderChanges.refusals.removedShipped', {
        shipped: line.shipped,
      });
  const executionLines = await executionLinesOf(db, orderId);
  const priced = priceLines(
    checked,
    await productsOf(db, checked),
    executionLines.length ? executionLines : undefined,
  );
  let next = current.reduce((max, l) => Math.max(max, l.lineNo), 0);
  const planned: PlannedLine[] = priced.map((line, index) => {
    const before = existing[index];
    return { ...line, existing: before, finalLineNo: before ? before.lineNo : ++next };
  });
  await keepLoanToSaleLines(db, orderId, planned, removed);
  return { planned, removed, current };
}

/**
 * A loan-to-sale order's lines are the units its loan converted, which the loan counts as sold
 * (docs/loans.md): a change may set its header, never add, remove or cut a line or change its price.
 * Selling fewer is cancelling the order — its units go back to the loan — and converting again.
 */
async function keepLoanToSaleLines(db: Db, orderId: string, planned: PlannedLine[], removed: CurrentLine[]) {
  const found = await sql<{ order_type: string | null }>`select order_type from sales_order
    where object_id = ${orderId}`.execute(db);
  if (found.rows[0]?.order_type !== OrderType.loanToSale) return;
  const refuse = (line: number) => lineError(line, 'Quantity', 'orderChanges.refusals.loanToSaleLines');
  if (removed.length) throw refuse(removed[0].lineNo);
  const changed = planned.find(
    (l) => !l.existing || l.quantity !== l.existing.quantity || l.unitFen !== l.existing.unitFen,
  );
  if (changed) throw refuse(changed.existing?.lineNo ?? changed.lineNo);
}

/** What the order asks for before the change: its amount and the deductions it carries. */
export interface OrderFigures {
  id: string;
  orderNo: string;
  orderType: string;
  entryPage: string | null;
  agentName: string;
  orderDate: string;
  amountFen: bigint;
  cashFen: bigint;
  rebateFen: bigint;
}

/**
 * The amounts after the change and whether it needs approval (notes §4.6): the amount rising by more
 * than 10 % or any unit price falling. Refused when the payable amount would fall below what invoice
 * applications hold of the order (reverse the invoice first), or below its deductions.
 */
export async function changeFigures(db: Db, order: OrderFigures, planned: PlannedLine[]) {
  const afterFen = orderAmountFen(planned);
  if (afterFen >= MAX_AMOUNT_FEN) throw new PortalError(400, 'ordersEntry.amountTooLarge');
  const cashFen =
    order.entryPage === 'ordersSetup.rspHardwareOrderNew'
      ? await rspCashDiscountFen(db, order.agentName, order.orderDate, afterFen)
      : order.cashFen;
  const deductedFen = cashFen + order.rebateFen;
  if (afterFen < deductedFen)
    throw fieldError('orderChange', 'AmountAfter', {
      key: 'orderChanges.refusals.rebateOverAmount',
      params: { amount: yuanOf(afterFen), deducted: yuanOf(deductedFen) },
    });
  const payableFen = afterFen - deductedFen;
  const invoicedFen = BigInt((await heldByApplications(db, order.id)).amountFen);
  if (payableFen < invoicedFen)
    throw fieldError('orderChange', 'AmountAfter', {
      key: 'orderChanges.refusals.belowInvoiced',
      params: { amount: yuanOf(payableFen), invoiced: yuanOf(invoicedFen) },
    });
  const priceFalls = planned.some((l) => l.existing && l.unitFen < l.existing.unitFen);
  const risesOverTenth = afterFen * 10n > order.amountFen * 11n;
  return {
    beforeFen: order.amountFen,
    afterFen,
    cashFen,
    payableFen,
    needsApproval: priceFalls || risesOverTenth,
  };
}

/** The proposed lines as the change keeps them: the order line each names, product, quantity, price. */
export const storedLines = (planned: PlannedLine[]) =>
  planned.map((l) => ({
    ...(l.existing ? { LineNo: l.existing.lineNo } : {}),
    ProductCode: l.productCode,
    // The name as priced, so a line the change adds shows what it is before the change applies.
    ProductName: l.productName,
    Quantity: l.quantity,
    UnitPrice: yuanOf(l.unitFen),
  }));
