import { sql } from 'kysely';
import { marginBp, weightedDepthBp } from '../../machines/workflows/special-price.rules';
import type { Db } from '../db/database';
import { fieldError, fieldMissing } from '../http/validate';
import { fenOf, yuanOf } from '../orders/pricing';
import { pricedProducts } from '../products/standard-prices';
import { type ConfigurationSnapshot, componentCodes, configurationPrices } from './configuration-lines';

const RESOURCE = 'specialApproval';
export const MAX_LINES = 50;
const MAX_QUANTITY = 1_000_000;

/** One requested line as the server priced it: the standard price and cost are the server's own. */
export interface PricedRequestLine {
  lineNo: number;
  productCode: string;
  productName: string;
  quantity: number;
  standardFen: bigint;
  requestedFen: bigint;
  costFen: bigint;
  /** A CPQ configuration: priced as a whole, with its sub-BOM lines as they were priced. */
  configuration?: ConfigurationSnapshot | null;
}

/** The vendor's figures of a request: totals in fen, depth and margin in basis points. */
export interface RequestFigures {
  standardFen: bigint;
  requestedFen: bigint;
  costFen: bigint;
  depthBp: number;
  marginBp: number;
}

export interface SpecialPriceSettings {
  validityDays: number;
  bidResultWorkingDays: number;
  defaultCostBp: number;
}

export async function specialPriceSettings(db: Db): Promise<SpecialPriceSettings> {
  const rows = await sql<{ v: number; w: number; c: number }>`select validity_days as v,
      bid_result_working_days as w, default_cost_bp as c from special_price_setting where id = 1`.execute(db);
  const row = rows.rows[0];
  return { validityDays: row?.v ?? 90, bidResultWorkingDays: row?.w ?? 10, defaultCostBp: row?.c ?? 7800 };
}

/** The standard channel price of enabled products (and the cost the vendor reckons with). */
export async function productPrices(db: Db, codes: string[], defaultCostBp: number) {
  const prices = new Map<string, { name: string; standardFen: bigint; costFen: bigint }>();
  for (const r of (await pricedProducts(db, codes)).values()) {
    const standardFen = fenOf(r.standard_price ?? '');
    if (!r.enabled || standardFen === undefined || standardFen <= 0n) continue;
    const costFen = fenOf(r.cost_price ?? '') ?? (standardFen * BigInt(defaultCostBp)) / 10_000n;
    prices.set(r.product_code, { name: r.name, standardFen, costFen });
  }
  return prices;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The request's lines as sent (`Lines`: ProductCode, Quantity, RequestedPrice), priced against the
 * standard price: every product known and enabled — or a CPQ configuration, priced at the
 * configuration level from its price info (a part of a configuration is asked for through its
 * configuration) — a positive whole quantity, a requested price in yuan with at most two decimals,
 * one line per product, and at least one line below its standard price (otherwise no special price is
 * needed).
 */
export async function priceRequestLines(
  db: Db,
  body: Record<string, unknown>,
  settings: SpecialPriceSettings,
): Promise<PricedRequestLine[]> {
  const sent = body.Lines;
  if (!Array.isArray(sent) || !sent.length) throw fieldMissing(RESOURCE, 'Lines');
  if (sent.length > MAX_LINES)
    throw fieldError(RESOURCE, 'Lines', {
      key: 'specialPrices.problems.tooManyLines',
      params: { max: MAX_LINES },
    });
  const raw = sent.map((line, index) => {
    const row = (line && typeof line === 'object' ? line : {}) as Record<string, unknown>;
    const code = text(row.ProductCode ?? row.pn);
    if (!code || code.length > 60) throw fieldMissing(RESOURCE, 'ProductCode');
    const quantity = typeof row.Quantity === 'string' ? Number(row.Quantity) : row.Quantity;
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < 1 ||
      quantity > MAX_QUANTITY
    )
      throw fieldError(RESOURCE, 'Quantity', {
        key: 'server.input.problems.integerRange',
        params: { min: 1, max: MAX_QUANTITY },
      });
    const requestedFen = fenOf(row.RequestedPrice ?? row.ApplyPrice);
    if (requestedFen === undefined || requestedFen <= 0n)
      throw fieldError(RESOURCE, 'ApplyPrice', 'specialPrices.problems.price');
    return { lineNo: index + 1, code, quantity, requestedFen };
  });
  const codes = raw.map((r) => r.code);
  if (new Set(codes).size !== codes.length)
    throw fieldError(RESOURCE, 'ProductCode', 'specialPrices.problems.duplicateProduct');
  const products = await productPrices(db, codes, settings.defaultCostBp);
  const rest = codes.filter((c) => !products.has(c));
  const configurations = await configurationPrices(db, rest, settings.defaultCostBp);
  const parts = await componentCodes(
    db,
    rest.filter((c) => !configurations.has(c)),
  );
  const lines = raw.map((r): PricedRequestLine => {
    const configured = configurations.get(r.code);
    const price = products.get(r.code) ?? configured;
    if (!price)
      throw fieldError(RESOURCE, 'ProductCode', {
        key: parts.has(r.code)
          ? 'specialPrices.problems.configurationPart'
          : 'specialPrices.problems.unknownProduct',
        params: { code: r.code },
      });
    return {
      lineNo: r.lineNo,
      productCode: r.code,
      productName: price.name,
      quantity: r.quantity,
      standardFen: price.standardFen,
      requestedFen: r.requestedFen,
      costFen: price.costFen,
      configuration: products.has(r.code) ? null : (configured?.configuration ?? null),
    };
  });
  if (!lines.some((l) => l.requestedFen < l.standardFen))
    throw fieldError(RESOURCE, 'ApplyPrice', 'specialPrices.problems.notBelowStandard');
  return lines;
}

export function figuresOf(lines: PricedRequestLine[]): RequestFigures {
  const sum = (pick: (l: PricedRequestLine) => bigint) =>
    lines.reduce((t, l) => t + pick(l) * BigInt(l.quantity), 0n);
  return {
    standardFen: sum((l) => l.standardFen),
    requestedFen: sum((l) => l.requestedFen),
    costFen: sum((l) => l.costFen),
    depthBp: weightedDepthBp(lines),
    marginBp: marginBp(lines),
  };
}

/** Basis points as the percent text the screens show: 9250 → '92.50'. */
export const percentText = (bp: number) => `${bp < 0 ? '-' : ''}${yuanOf(BigInt(Math.abs(bp)))}`;

/** Replaces the lines of a request that nothing was executed from yet. */
export async function writeRequestLines(
  trx: Db,
  specialPriceId: string,
  lines: PricedRequestLine[],
  uuid?: () => string,
) {
  await sql`delete from special_price_line where special_price_id = ${specialPriceId}`.execute(trx);
  for (const l of lines)
    await sql`insert into special_price_line (object_id, special_price_id, line_no, product_code, product_name,
        quantity, standard_price, requested_price, cost_price, configuration)
      values (coalesce(${uuid?.() ?? null}::uuid, gen_random_uuid()), ${specialPriceId}, ${l.lineNo},
        ${l.productCode}, ${l.productName}, ${l.quantity}, ${yuanOf(l.standardFen)}, ${yuanOf(l.requestedFen)},
        ${yuanOf(l.costFen)}, ${l.configuration ? JSON.stringify(l.configuration) : null}::jsonb)`.execute(
      trx,
    );
}

/** The stored lines of a request, priced again from what was stored (not from today's price list). */
export async function storedLines(db: Db, specialPriceId: string) {
  const rows = await sql<{
    id: string;
    line_no: number;
    product_code: string;
    product_name: string;
    quantity: number;
    standard_price: string;
    requested_price: string;
    approved_price: string | null;
    cost_price: string;
    executed_quantity: number;
    configuration: ConfigurationSnapshot | null;
  }>`select object_id::text as id, line_no, product_code, product_name, quantity, standard_price::text,
      requested_price::text, approved_price::text, cost_price::text, executed_quantity, configuration
    from special_price_line where special_price_id = ${specialPriceId} order by line_no`.execute(db);
  return rows.rows;
}

export type StoredLine = Awaited<ReturnType<typeof storedLines>>[number];

export const pricedOf = (l: StoredLine): PricedRequestLine => ({
  lineNo: l.line_no,
  productCode: l.product_code,
  productName: l.product_name,
  quantity: l.quantity,
  standardFen: fenOf(l.standard_price)!,
  requestedFen: fenOf(l.requested_price)!,
  costFen: fenOf(l.cost_price)!,
  configuration: l.configuration,
});
