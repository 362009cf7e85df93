import type { ChangeEvent, OrderLineNow, ProposedLine } from '../../services/order-change.service';
import type { OrderProduct } from '../../services/order-entry.service';

export type { ChangeEvent, OrderLineNow, OrderProduct, ProposedLine };

/** A row of the change form: an order line (with what it was and what is shipped) or a new line. */
export interface ChangeRow {
  key: number;
  lineNo?: number;
  productCode: string;
  productName: string;
  before?: number;
  shipped: number;
  oldPrice?: string;
  quantity: string;
  unitPrice: string;
  removed: boolean;
  /** A line the change adds: the standard price it is priced at unless another is typed. */
  standardPrice?: string;
}

/** The order's lines as the rows a new change starts from: nothing changed yet. */
export const rowsOfOrder = (lines: OrderLineNow[]): ChangeRow[] =>
  lines.map((l, index) => ({
    key: index + 1,
    lineNo: l.LineNo,
    productCode: l.ProductCode,
    productName: l.ProductName,
    before: l.Quantity,
    shipped: l.ShippedQuantity,
    oldPrice: l.UnitPrice,
    quantity: String(l.Quantity),
    unitPrice: l.UnitPrice,
    removed: false,
  }));

/**
 * A saved change's rows: each order line with what the change proposes for it (removed when the
 * change leaves it out), then the lines the change adds.
 */
export function rowsOfChange(order: OrderLineNow[], proposed: ProposedLine[]): ChangeRow[] {
  const byNo = new Map(proposed.filter((p) => p.LineNo !== undefined).map((p) => [p.LineNo, p]));
  const rows = rowsOfOrder(order).map((row) => {
    const p = byNo.get(row.lineNo);
    return p
      ? { ...row, quantity: String(p.Quantity), unitPrice: p.UnitPrice ?? row.unitPrice }
      : { ...row, removed: true };
  });
  const added = proposed
    .filter((p) => p.LineNo === undefined)
    .map((p, index) => ({
      key: rows.length + index + 1,
      productCode: p.ProductCode,
      productName: p.ProductName ?? '',
      shipped: 0,
      quantity: String(p.Quantity),
      unitPrice: p.UnitPrice ?? '',
      removed: false,
    }));
  return [...rows, ...added];
}

/** What the create or update request carries: every row kept, with the order line it changes. */
export const changeLinesBody = (rows: ChangeRow[]): ProposedLine[] =>
  rows
    .filter((r) => !r.removed)
    .map((r) => ({
      ...(r.lineNo !== undefined ? { LineNo: r.lineNo } : {}),
      ProductCode: r.productCode,
      Quantity: r.quantity.trim(),
      ...(r.unitPrice.trim() ? { UnitPrice: r.unitPrice.trim() } : {}),
    }));

/**
 * A line the change adds, from the product chosen: one unit at the standard price (as order entry
 * prices it; the server checks a typed price against the order's execution order).
 */
export const addedRow = (rows: ChangeRow[], product: OrderProduct): ChangeRow[] => [
  ...rows,
  {
    key: Math.max(0, ...rows.map((r) => r.key)) + 1,
    productCode: product.ProductCode,
    productName: product.ProductName,
    shipped: 0,
    quantity: '1',
    unitPrice: '',
    removed: false,
    standardPrice: product.StandardPrice,
  },
];

/** Leaves a line out: an order line is marked removed (it can be restored), an added one is dropped. */
export const withoutRow = (rows: ChangeRow[], key: number): ChangeRow[] =>
  rows.flatMap((row) => {
    if (row.key !== key) return [row];
    return row.lineNo === undefined ? [] : [{ ...row, removed: true }];
  });
