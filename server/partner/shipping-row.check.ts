import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import type { Db } from '../db/database';
import { MAX_LINES, MAX_QUANTITY } from '../orders/order-lines';
import { ERROR_TYPE, type Refusal } from './partner-order.check';

/**
 * What the shipping instruction and shipment feeds share: reading a row, finding the synced partner
 * order it names, and checking each line it names against that order (the line, its product, a whole
 * positive quantity). Reasons are message keys of partner.shipping.reasons.
 */

export const refuse = (type: string, key: string, params: Record<string, unknown> = {}): Refusal => ({
  type,
  key,
  params,
});

export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
export const isDay = (value: string | null): value is string =>
  !!value && DAY.test(value) && !Number.isNaN(Date.parse(value));

/** A row parsed as an object, or why it is not one. */
export function parseRow(raw: string): Record<string, unknown> | Refusal {
  let row: unknown;
  try {
    row = JSON.parse(raw);
  } catch (error) {
    return refuse(ERROR_TYPE.malformed, 'malformed', { problem: (error as Error).message });
  }
  if (!row || typeof row !== 'object' || Array.isArray(row)) return refuse(ERROR_TYPE.malformed, 'notObject');
  return row as Record<string, unknown>;
}

/** The numbers a raw row names, if it can be read at all (the error log keeps them). */
export function numbersOf(raw: string): {
  instructionNo: string | null;
  orderNo: string | null;
  shipmentNo: string | null;
  receiverName: string | null;
} {
  try {
    const row = JSON.parse(raw) as Record<string, unknown>;
    return {
      instructionNo: text(row?.instructionNo),
      orderNo: text(row?.orderNo),
      shipmentNo: text(row?.shipmentNo),
      receiverName: text(row?.receiverName),
    };
  } catch {
    return { instructionNo: null, orderNo: null, shipmentNo: null, receiverName: null };
  }
}

/** A line of a synced partner order, with what is shipped of it so far. */
export interface PartnerOrderLine {
  id: string;
  lineNo: number;
  productCode: string | null;
  productName: string | null;
  quantity: number;
  shipped: number;
}

/** A synced partner order as the shipping feeds need it: its scope, its receiver, its lines. */
export interface PartnerOrderRef {
  id: string;
  orderNo: string;
  partnerOrderNo: string;
  channel: string;
  agentName: string | null;
  companyId: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  lines: PartnerOrderLine[];
}

/** The synced order of a partner order number, locked for the row's writes, or why there is none. */
export async function partnerOrderOf(trx: Db, partnerOrderNo: string): Promise<PartnerOrderRef | Refusal> {
  const found = await sql<Omit<PartnerOrderRef, 'lines' | 'partnerOrderNo'>>`select object_id::text as id,
      order_no as "orderNo", order_channel as channel, agent_name as "agentName", company_id::text as "companyId",
      province_code as "provinceCode", city_code as "cityCode"
    from sales_order where order_channel = ${OrderChannel.partnerLine}
      and data->>'PartnerOrderNo' = ${partnerOrderNo}
    for update`.execute(trx);
  const order = found.rows[0];
  if (!order) return refuse(ERROR_TYPE.other, 'unknownOrder', { orderNo: partnerOrderNo });
  const lines = await sql<PartnerOrderLine>`select i.object_id::text as id, i.line_no as "lineNo",
      i.product_code as "productCode", p.name as "productName", i.quantity,
      (select coalesce(sum(s.quantity), 0)::int from shipment s where s.order_item_id = i.object_id) as shipped
    from order_item i left join product p on p.product_code = i.product_code
    where i.order_id = ${order.id} order by i.line_no`.execute(trx);
  return { ...order, partnerOrderNo, lines: lines.rows };
}

/** A line a row names, checked against its order: the order line and the whole quantity it asks for. */
export interface NamedLine {
  line: PartnerOrderLine;
  quantity: number;
  entry: Record<string, unknown>;
}

/**
 * Checks the lines a row names against its order: a list of at most MAX_LINES, each naming a line of
 * the order once, the product the portal knows and that line holds, a whole positive quantity.
 */
export async function checkNamedLines(
  trx: Db,
  order: PartnerOrderRef,
  value: unknown,
): Promise<NamedLine[] | Refusal> {
  if (!Array.isArray(value) || value.length === 0) return refuse(ERROR_TYPE.malformed, 'noLines');
  if (value.length > MAX_LINES) return refuse(ERROR_TYPE.malformed, 'tooManyLines', { max: MAX_LINES });
  const byNo = new Map(order.lines.map((l) => [l.lineNo, l]));
  const codes = value.map((entry) => text((entry as Record<string, unknown>)?.productCode));
  const known = await sql<{ code: string }>`select product_code as code from product
    where product_code in (${sql.join([...new Set(codes.filter((c) => c !== null)), ''])})`.execute(trx);
  const knownCodes = new Set(known.rows.map((r) => r.code));
  const named: NamedLine[] = [];
  for (const [index, raw] of value.entries()) {
    const entry = (raw ?? {}) as Record<string, unknown>;
    const lineNo = entry.lineNo;
    const line = typeof lineNo === 'number' ? byNo.get(lineNo) : undefined;
    const shown = String(lineNo ?? index + 1);
    if (!line)
      return refuse(ERROR_TYPE.malformed, 'unknownLine', { line: shown, orderNo: order.partnerOrderNo });
    if (named.some((n) => n.line === line)) return refuse(ERROR_TYPE.duplicate, 'lineTwice', { line: shown });
    const code = codes[index];
    if (!code) return refuse(ERROR_TYPE.malformed, 'missingProduct', { line: shown });
    if (!knownCodes.has(code)) return refuse(ERROR_TYPE.product, 'unknownProduct', { line: shown, code });
    if (code !== line.productCode)
      return refuse(ERROR_TYPE.product, 'productNotOnLine', {
        line: shown,
        code,
        orderNo: order.partnerOrderNo,
        expected: line.productCode ?? '',
      });
    const quantity = entry.quantity;
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity <= 0 ||
      quantity > MAX_QUANTITY
    )
      return refuse(ERROR_TYPE.malformed, 'badQuantity', { line: shown, value: String(quantity) });
    named.push({ line, quantity, entry });
  }
  return named;
}
