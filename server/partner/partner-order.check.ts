import { sql } from 'kysely';
import { PartnerErrorType } from '../../domain/codes/base.codes';
import { CustomerType } from '../../domain/codes/customers.codes';
import { yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';
import { MAX_LINES, MAX_QUANTITY } from '../orders/order-lines';

/** The partner error types (dictionary PartnerErrorType). */
export const ERROR_TYPE = {
  agent: PartnerErrorType.customerNotMatched,
  product: PartnerErrorType.partNotMatched,
  malformed: PartnerErrorType.malformedData,
  duplicate: PartnerErrorType.duplicate,
  other: PartnerErrorType.other,
} as const;

/** Why a row was refused: its error type and a message key of partner.reasons with params. */
export interface Refusal {
  type: string;
  key: string;
  params: Record<string, unknown>;
}

export interface PartnerLine {
  lineNo: number;
  productCode: string;
  productName: string;
  productModel: string | null;
  quantity: number;
  standardPrice: string;
  unitFen: number;
}

/** A partner order the portal can take: its agent found by agent code, every line's product known. */
export interface PartnerOrder {
  partnerOrderNo: string;
  orderDate: string;
  contractNo: string | null;
  endUser: string | null;
  agent: {
    id: string;
    code: string;
    name: string;
    provinceCode: string | null;
    cityCode: string | null;
    /** The general distributor it buys through (总代): itself when it is one. */
    distributorName: string | null;
  };
  lines: PartnerLine[];
}

const refuse = (type: string, key: string, params: Record<string, unknown> = {}): Refusal => ({
  type,
  key,
  params,
});
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The partner order number a raw row names, if it can be read at all (the error log keeps it). */
export function partnerOrderNoOf(raw: string): string | null {
  try {
    return text((JSON.parse(raw) as { orderNo?: unknown })?.orderNo);
  } catch {
    return null;
  }
}

/**
 * Checks one raw row of the partner's feed: JSON, the header fields, the agent (by its account code,
 * an agent the portal has), each line's product, quantity (whole, positive) and unit price (money of
 * at most two decimals, never negative). Answers the order or the first reason it cannot be taken.
 */
export async function checkPartnerOrder(db: Db, raw: string): Promise<PartnerOrder | Refusal> {
  let row: Record<string, unknown>;
  try {
    row = JSON.parse(raw);
  } catch (error) {
    return refuse(ERROR_TYPE.malformed, 'malformed', { problem: (error as Error).message });
  }
  if (!row || typeof row !== 'object' || Array.isArray(row)) return refuse(ERROR_TYPE.malformed, 'notObject');
  const partnerOrderNo = text(row.orderNo);
  if (!partnerOrderNo) return refuse(ERROR_TYPE.malformed, 'missingField', { field: 'orderNo' });
  const orderDate = text(row.orderDate);
  if (!orderDate || !DAY.test(orderDate) || Number.isNaN(Date.parse(orderDate)))
    return refuse(ERROR_TYPE.malformed, 'badDate', { value: String(row.orderDate ?? '') });
  const agentCode = text(row.agentCode);
  if (!agentCode) return refuse(ERROR_TYPE.agent, 'missingAgent');
  const agents = await sql<{
    id: string;
    name: string;
    province: string | null;
    city: string | null;
    distributor: string | null;
  }>`
    select a.object_id::text as id, a.name, a.province_code as province, a.city_code as city,
      case when a.customer_type = ${CustomerType.generalDistributor} then a.name
        else coalesce(
          (select g.name from customer g where g.customer_type = ${CustomerType.generalDistributor}
             and g.data->>'ExtTotalAgent_SDK' = a.data->>'ExtTotalAgent_SDK' order by g.created_at limit 1),
          (select e.content_zh from dictionary_entry e where e.code = 'TotalAgent'
             and e.keyword = a.data->>'ExtTotalAgent_SDK'))
      end as distributor
    from customer a where a.account_id = ${agentCode}`.execute(db);
  const agent = agents.rows[0];
  if (!agent) return refuse(ERROR_TYPE.agent, 'unknownAgent', { code: agentCode });
  if (!Array.isArray(row.lines) || row.lines.length === 0) return refuse(ERROR_TYPE.malformed, 'noLines');
  if (row.lines.length > MAX_LINES) return refuse(ERROR_TYPE.malformed, 'tooManyLines', { max: MAX_LINES });
  const checked: Omit<PartnerLine, 'productName' | 'productModel' | 'standardPrice'>[] = [];
  for (const [index, entry] of (row.lines as Record<string, unknown>[]).entries()) {
    const lineNo = index + 1;
    const productCode = text(entry?.productCode);
    if (!productCode) return refuse(ERROR_TYPE.malformed, 'missingProduct', { line: lineNo });
    const quantity = entry.quantity;
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity <= 0 ||
      quantity > MAX_QUANTITY
    )
      return refuse(ERROR_TYPE.malformed, 'badQuantity', { line: lineNo, value: String(quantity) });
    let unitFen: number;
    try {
      if (typeof entry.unitPrice !== 'string') throw new TypeError('not text');
      unitFen = yuanToFen(entry.unitPrice);
    } catch {
      return refuse(ERROR_TYPE.malformed, 'badPrice', { line: lineNo, value: String(entry.unitPrice) });
    }
    if (unitFen < 0)
      return refuse(ERROR_TYPE.malformed, 'badPrice', { line: lineNo, value: String(entry.unitPrice) });
    checked.push({ lineNo, productCode, quantity, unitFen });
  }
  const products = await sql<{ code: string; name: string; model: string | null; price: string | null }>`
    select product_code as code, name, data->>'ProductModel' as model, standard_price::text as price
    from product where product_code in (${sql.join([...new Set(checked.map((l) => l.productCode))])})`.execute(
    db,
  );
  const byCode = new Map(products.rows.map((p) => [p.code, p]));
  const lines: PartnerLine[] = [];
  for (const line of checked) {
    const product = byCode.get(line.productCode);
    if (!product)
      return refuse(ERROR_TYPE.product, 'unknownProduct', { line: line.lineNo, code: line.productCode });
    lines.push({
      ...line,
      productName: product.name,
      productModel: product.model,
      standardPrice: product.price ?? '0.00',
    });
  }
  return {
    partnerOrderNo,
    orderDate,
    contractNo: text(row.contractNo),
    endUser: text(row.endUser),
    agent: {
      id: agent.id,
      code: agentCode,
      name: agent.name,
      provinceCode: agent.province,
      cityCode: agent.city,
      distributorName: agent.distributor,
    },
    lines,
  };
}

export const isRefusal = <T extends object>(value: T | Refusal): value is Refusal => 'key' in value;
