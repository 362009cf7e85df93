import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { OrderProduct, SavedOrderLine } from '../../services/order-entry.service';

export type { OrderProduct };

/** A line being typed on an entry form: a chosen product, a quantity, and a price if not the standard one. */
export interface DraftLine {
  key: number;
  product: OrderProduct;
  quantity: string;
  unitPrice: string;
}

const fenOrUndefined = (yuan: string) => {
  try {
    return yuanToFen(yuan);
  } catch {
    return undefined;
  }
};

/**
 * The amount a line will come to, as a preview in integer fen: the typed price or the standard one,
 * times a whole quantity. The server prices the line again (execution orders, floors) and its figure
 * is the one saved; an incomplete line previews nothing.
 */
export function previewFen(line: DraftLine): number | undefined {
  if (!/^\d{1,7}$/.test(line.quantity.trim())) return undefined;
  const unit = fenOrUndefined(line.unitPrice.trim() || line.product.StandardPrice);
  if (unit === undefined || unit < 0) return undefined;
  const fen = unit * Number(line.quantity.trim());
  return Number.isSafeInteger(fen) ? fen : undefined;
}

export const previewYuan = (line: DraftLine) => {
  const fen = previewFen(line);
  return fen === undefined ? undefined : fenToYuanString(fen);
};

/** The preview total of every complete line, in yuan; undefined while a line is incomplete. */
export function previewTotal(lines: DraftLine[]): string | undefined {
  let sum = 0;
  for (const line of lines) {
    const fen = previewFen(line);
    if (fen === undefined) return undefined;
    sum += fen;
    if (!Number.isSafeInteger(sum)) return undefined;
  }
  return fenToYuanString(sum);
}

/**
 * A saved line as a typed one, to edit a draft or returned order: its product at the standard price it
 * was priced with, its quantity, and its price only where it differs from the standard one (a line of
 * a special-price order keeps the execution order's price it got).
 */
export function draftOf(line: SavedOrderLine, key: number): DraftLine {
  const differs = fenOrUndefined(line.UnitPrice) !== fenOrUndefined(line.StandardPrice);
  return {
    key,
    product: {
      ProductCode: line.ProductCode,
      ProductName: line.ProductName ?? '',
      StandardPrice: line.StandardPrice,
    },
    quantity: String(line.Quantity),
    unitPrice: differs ? line.UnitPrice : '',
  };
}

/** What the create request carries: each line's product, quantity, and price only when one was typed. */
export const linesBody = (lines: DraftLine[]) =>
  lines.map((line) => ({
    ProductCode: line.product.ProductCode,
    Quantity: line.quantity.trim(),
    ...(line.unitPrice.trim() ? { UnitPrice: line.unitPrice.trim() } : {}),
  }));

/** The sum of saved line amounts (decimal texts from the server) in yuan, added in fen. */
export const savedTotal = (amounts: string[]) =>
  fenToYuanString(amounts.reduce((sum, amount) => sum + (fenOrUndefined(amount) ?? 0), 0));
