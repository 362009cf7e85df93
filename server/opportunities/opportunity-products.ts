import { sql } from 'kysely';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';
import { fenOf } from '../orders/pricing';
import { productLineOf } from '../rebates/product-line';
import { likePattern } from '../resources/expressions';

/**
 * The products an opportunity may name (docs/opportunities.md "Products of an opportunity"): enabled
 * catalogue products with a standard price, and CPQ configurations. A product belongs to the product
 * line of its category; a service (no line) goes with any deal; a configuration belongs to the line
 * of its type (servers or storage).
 */
export interface OpportunityProduct {
  pn: string;
  Name: string;
  ProductModel: string;
  /** ProductLineInfo code, or null for a product of no line (services). */
  ProductLine: string | null;
  StandardPrice: string;
  Configuration: boolean;
  platform: string;
  brand: string;
}

const LINE_OF_CPQ_TYPE: Record<string, string> = {
  SRV: ProductLineInfo.rackServers,
  STO: ProductLineInfo.storage,
};

/** Whether a product fits an opportunity's product line: its own line, or a product of no line. */
export const fitsLine = (product: Pick<OpportunityProduct, 'ProductLine'>, line: unknown) =>
  product.ProductLine === null || product.ProductLine === String(line ?? '');

interface ProductRow {
  pn: string;
  name: string;
  model: string | null;
  category: string | null;
  price: string;
  brand: string | null;
  configuration: boolean;
  platform: string | null;
}

const toProduct = (row: ProductRow): OpportunityProduct => ({
  pn: row.pn,
  Name: row.name,
  ProductModel: row.model ?? '',
  ProductLine: row.configuration
    ? (LINE_OF_CPQ_TYPE[row.category ?? ''] ?? null)
    : productLineOf(row.category),
  StandardPrice: row.price,
  Configuration: row.configuration,
  platform: row.platform ?? '',
  brand: row.brand ?? '',
});

// Both kinds of product as one list: catalogue products (enabled, priced) and CPQ configurations.
const PRODUCTS = sql`(select product_code as pn, name, data->>'ProductModel' as model, category,
      standard_price::text as price, data->>'brand' as brand, false as configuration, null::text as platform
    from product where standard_price > 0 and coalesce(data->>'Enabled', 'true') <> 'false'
  union all
  select config_code, name, model, type, (standard_price_fen / 100.0)::numeric(18, 2)::text, brand, true, platform
    from cpq_configuration) p`;

/** The products of some codes that an opportunity may name; unknown or disabled codes are left out. */
export async function opportunityProducts(db: Db, codes: string[]) {
  if (!codes.length) return new Map<string, OpportunityProduct>();
  const rows = await sql<ProductRow>`select * from ${PRODUCTS} where pn in (${sql.join(codes)})`.execute(db);
  return new Map(rows.rows.map((row) => [row.pn, toProduct(row)]));
}

/** The rows of one product line: its categories, the products of no line, its configurations' types. */
function inLine(line: string) {
  const lined = Object.values(ProductCategory).filter((c) => productLineOf(c) !== null);
  const categories = lined.filter((c) => productLineOf(c) === line);
  const types = Object.keys(LINE_OF_CPQ_TYPE).filter((type) => LINE_OF_CPQ_TYPE[type] === line);
  const among = (codes: string[]) => (codes.length ? sql`category in (${sql.join(codes)})` : sql`false`);
  return sql`((not configuration and (category is null or not ${among(lined)} or ${among(categories)}))
    or (configuration and ${among(types)}))`;
}

export interface ProductQuery {
  keyword?: string;
  ProductLine?: string;
  currentPage: number;
  pageSize: number;
}

/**
 * The product search of the pickers (opportunity products, special-price lines): by part number,
 * name or model, optionally within one product line. It answers the standard channel price every
 * agent sees on its price list; never a cost or a margin.
 */
export async function searchOpportunityProducts(db: Db, query: ProductQuery) {
  const keyword = query.keyword?.trim() ?? '';
  const pattern = likePattern(keyword);
  const where = sql`where (${keyword} = '' or pn ilike ${pattern} or name ilike ${pattern} or model ilike ${pattern})
    ${query.ProductLine ? sql`and ${inLine(query.ProductLine)}` : sql``}`;
  const total = await sql<{ n: number }>`select count(*)::int as n from ${PRODUCTS} ${where}`.execute(db);
  const rows = await sql<ProductRow>`select * from ${PRODUCTS} ${where} order by configuration, pn
    limit ${query.pageSize} offset ${(query.currentPage - 1) * query.pageSize}`.execute(db);
  return { rows: rows.rows.map(toProduct), total: total.rows[0]?.n ?? 0 };
}

/** A price in yuan as sent (at most two decimals, above zero and below the money ceiling), else undefined. */
export const priceFenOf = (value: unknown) => {
  const fen = fenOf(value);
  return fen !== undefined && fen > 0n ? fen : undefined;
};

/**
 * A special-price line asks for a price on this deal: its product must be one of the opportunity's
 * products, or a product of its product line (or of no line). The first that is neither is refused,
 * naming the product code field.
 */
export async function refuseForeignProducts(
  db: Db,
  opportunity: { id: string; productLine: unknown },
  codes: string[],
  resource: string,
) {
  const items = await sql<{ pn: string }>`select distinct data->>'pn' as pn from record
    where resource = 'opportunityItem' and data->>'opportunityId' = ${opportunity.id}`.execute(db);
  const own = new Set(items.rows.map((r) => r.pn));
  const products = await opportunityProducts(
    db,
    codes.filter((c) => !own.has(c)),
  );
  for (const code of codes) {
    if (own.has(code)) continue;
    const product = products.get(code);
    // An unknown product is refused by the pricing, with its own words.
    if (product && !fitsLine(product, opportunity.productLine))
      throw fieldError(resource, 'ProductCode', {
        key: 'server.opportunity.specialPriceLine',
        params: { code },
      });
  }
}
