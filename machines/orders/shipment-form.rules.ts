import type { LineToShip } from '../../domain/shipments';
import type { ShipmentRequest } from '../../services/shipment.service';

/** A line of the ship form: the order line, how many units go now and their serial numbers as typed. */
export interface ShipRow {
  line: LineToShip;
  quantity: string;
  serials: string;
}

/** A locale key and its values: why a row cannot ship as typed. */
export interface RowProblem {
  key: string;
  params?: Record<string, unknown>;
}

/** The serial numbers as typed: one per line, or separated by commas, semicolons or spaces. */
export const serialsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The form's rows for an order: only the lines with something still to ship, nothing chosen yet. */
export const rowsOf = (lines: LineToShip[]): ShipRow[] =>
  lines.filter((l) => l.OpenQuantity > 0).map((line) => ({ line, quantity: '', serials: '' }));

const quantityOf = (row: ShipRow) => (row.quantity.trim() ? Number(row.quantity.trim()) : 0);

/**
 * What is wrong with a row, the server's rules read the same way for comfort (the server checks them
 * again): a whole quantity no larger than what is open, and one distinct serial per unit of a product.
 */
export function rowProblem(row: ShipRow): RowProblem | undefined {
  const quantity = quantityOf(row);
  if (!Number.isInteger(quantity) || quantity < 0) return { key: 'deliveries.problems.notPositive' };
  if (quantity > row.line.OpenQuantity)
    return {
      key: 'deliveries.problems.overShip',
      params: { line: row.line.LineNo, open: row.line.OpenQuantity },
    };
  const serials = serialsOf(row.serials);
  if (row.line.Serialised && quantity > 0 && serials.length !== quantity)
    return {
      key: 'deliveries.problems.serialCount',
      params: { line: row.line.LineNo, quantity, count: serials.length },
    };
  const repeated = serials.find((s, i) => serials.indexOf(s) !== i);
  if (repeated) return { key: 'deliveries.problems.duplicateSerial', params: { serial: repeated } };
  return undefined;
}

/** Whether the form can be sent: something ships, and no row is wrong. */
export const isShippable = (rows: ShipRow[]) =>
  rows.some((r) => quantityOf(r) > 0) && rows.every((r) => !rowProblem(r));

/** The shipment request of the rows that ship something now. */
export function shipmentBody(
  order: { ObjectID: string; Version: number },
  rows: ShipRow[],
  logistics: { company: string; trackingNo: string },
): ShipmentRequest {
  return {
    ObjectID: order.ObjectID,
    Version: order.Version,
    ...(logistics.company.trim() ? { LogisticsCompany: logistics.company.trim() } : {}),
    ...(logistics.trackingNo.trim() ? { TrackingNo: logistics.trackingNo.trim() } : {}),
    Lines: rows
      .filter((r) => quantityOf(r) > 0)
      .map((r) => ({
        LineNo: r.line.LineNo,
        Quantity: quantityOf(r),
        SerialNumbers: r.line.Serialised ? serialsOf(r.serials).join('\n') : '',
      })),
  };
}

/** Every row set to ship all that is open of it (serials are still typed per unit). */
export const everythingOpen = (rows: ShipRow[]): ShipRow[] =>
  rows.map((r) => ({ ...r, quantity: String(r.line.OpenQuantity) }));
