import { sql } from 'kysely';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { pricedProducts } from '../products/standard-prices';
import { fenOf, lineAmountFen, yuanOf } from './pricing';

/** A line as a form or a command sends it: product code, quantity, and a unit price when not the standard one. */
export interface LineInput {
  ProductCode: string;
  Quantity: number | string;
  /** Yuan, tax-inclusive; left out, the line takes the standard price (or the execution order's approved price). */
  UnitPrice?: number | string | null;
}

export interface CheckedLine {
  lineNo: number;
  productCode: string;
  quantity: number;
  /** Fen as the person typed it, or undefined for "the price the line is entitled to". */
  askedFen?: bigint;
}

export interface PricedLine extends CheckedLine {
  productName: string;
  category: string | null;
  standardFen: bigint;
  unitFen: bigint;
  amountFen: bigint;
  executionLineId?: string;
}

export const MAX_LINES = 200;
/** Far above any order of the business, far below where a total could leave numeric(18, 2). */
export const MAX_QUANTITY = 1_000_000;

/** A refusal of one line's field, named by the line's number and the field's label. */
export const lineError = (line: number, field: string, key: string, params: Record<string, unknown> = {}) =>
  new PortalError(400, key, { ...params, line, field, resource: 'orderItem' });

/** The lines of a request, checked for shape: 1–200 lines, a product code, a whole quantity, a money price. */
export function checkLines(raw: unknown): CheckedLine[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new PortalError(400, 'ordersEntry.noLines');
  if (raw.length > MAX_LINES) throw new PortalError(400, 'ordersEntry.tooManyLines', { max: MAX_LINES });
  return raw.map((item, index) => {
    const lineNo = index + 1;
    if (!item || typeof item !== 'object' || Array.isArray(item))
      throw lineError(lineNo, 'ProductCode', 'ordersEntry.line.required');
    const { ProductCode, Quantity, UnitPrice } = item as Record<string, unknown>;
    if (typeof ProductCode !== 'string' || !ProductCode.trim())
      throw lineError(lineNo, 'ProductCode', 'ordersEntry.line.required');
    if (ProductCode.length > 64 || ProductCode.includes('\u0000'))
      throw lineError(lineNo, 'ProductCode', 'ordersEntry.line.unknownProduct', { code: '…' });
    const quantity =
      typeof Quantity === 'string' && /^\d{1,9}$/.test(Quantity.trim()) ? Number(Quantity) : Quantity;
    if (quantity === undefined || quantity === null || quantity === '')
      throw lineError(lineNo, 'Quantity', 'ordersEntry.line.required');
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_QUANTITY
    )
      throw lineError(lineNo, 'Quantity', 'ordersEntry.line.quantity', { max: MAX_QUANTITY });
    let askedFen: bigint | undefined;
    if (UnitPrice !== undefined && UnitPrice !== null && UnitPrice !== '') {
      askedFen = fenOf(UnitPrice);
      if (askedFen === undefined) throw lineError(lineNo, 'UnitPrice', 'ordersEntry.line.price');
    }
    return { lineNo, productCode: ProductCode.trim(), quantity, askedFen };
  });
}

interface ProductRow {
  product_code: string;
  name: string;
  category: string | null;
  standard_price: string | null;
}

/**
 * The products of the lines with their standard prices; a code the catalogue does not have is refused.
 * A configured product (CPQ configuration) is a product too, at its configuration-level standard price:
 * a special price on a configuration is ordered through its execution order like any other line.
 */
export async function productsOf(db: Db, lines: CheckedLine[]) {
  const codes = [...new Set(lines.map((l) => l.productCode))];
  // Products through the standard-price cache (docs/cache.md); configurations only for the other codes.
  const byCode: Map<string, ProductRow> = await pricedProducts(db, codes);
  const rest = codes.filter((code) => !byCode.has(code));
  if (rest.length) {
    const configurations = await sql<ProductRow>`select config_code as product_code, name, null as category,
        (standard_price_fen / 100.0)::numeric(18, 2)::text as standard_price
      from cpq_configuration where config_code in (${sql.join(rest)})`.execute(db);
    for (const row of configurations.rows) byCode.set(row.product_code, row);
  }
  for (const line of lines) {
    const product = byCode.get(line.productCode);
    if (!product)
      throw lineError(line.lineNo, 'ProductCode', 'ordersEntry.line.unknownProduct', {
        code: line.productCode,
      });
    if (product.standard_price === null)
      throw lineError(line.lineNo, 'ProductCode', 'ordersEntry.line.noStandardPrice', {
        code: line.productCode,
      });
  }
  return byCode;
}

/** An approved execution-order line with what is left to draw. */
export interface ExecutionLine {
  id: string;
  productCode: string;
  approvedFen: bigint;
  remaining: number;
}

/**
 * Prices the lines: the standard price unless the person typed another; below standard only on an
 * execution order's line for the product, never below its approved price nor past its remaining
 * quantity (notes §2.6 rule 7).
 */
export function priceLines(
  lines: CheckedLine[],
  products: Map<string, ProductRow>,
  executionLines: ExecutionLine[] | undefined,
): PricedLine[] {
  const left = new Map((executionLines ?? []).map((l) => [l.productCode, { ...l }]));
  return lines.map((line) => {
    const product = products.get(line.productCode)!;
    const standardFen = fenOf(product.standard_price)!;
    const execution = left.get(line.productCode);
    const floorFen = execution ? execution.approvedFen : standardFen;
    const unitFen = line.askedFen ?? floorFen;
    if (unitFen < floorFen) {
      if (execution)
        throw lineError(line.lineNo, 'UnitPrice', 'ordersEntry.line.belowApproved', {
          price: yuanOf(execution.approvedFen),
        });
      throw lineError(line.lineNo, 'UnitPrice', 'ordersEntry.line.belowStandard', {
        price: yuanOf(standardFen),
      });
    }
    if (execution) {
      if (line.quantity > execution.remaining)
        throw lineError(line.lineNo, 'Quantity', 'ordersEntry.line.overDraw', {
          remaining: execution.remaining,
        });
      execution.remaining -= line.quantity;
    }
    return {
      ...line,
      productName: product.name,
      category: product.category,
      standardFen,
      unitFen,
      amountFen: lineAmountFen(unitFen, line.quantity),
      executionLineId: execution?.id,
    };
  });
}

/** The order's lines in their order, as the detail page shows them. */
export async function linesOfOrder(db: Db, orderId: string) {
  const rows = await sql<
    Record<string, unknown>
  >`select i.object_id::text as "ObjectID", i.line_no as "LineNo",
      i.product_code as "ProductCode", coalesce(p.name, c.name) as "ProductName", i.data->>'ProductModel' as "ProductModel",
      i.quantity as "Quantity", i.standard_price::text as "StandardPrice", i.unit_price::text as "UnitPrice",
      i.line_amount::text as "LineAmount", e.data->>'ExecutionOrderNo' as "ExecutionOrderNo"
    from order_item i
    left join product p on p.product_code = i.product_code
    left join cpq_configuration c on c.config_code = i.product_code
    left join execution_order_line l on l.object_id = i.execution_order_line_id
    left join record e on e.object_id = l.execution_order_id
    where i.order_id = ${orderId}
    order by i.line_no, i.created_at`.execute(db);
  return rows.rows;
}
