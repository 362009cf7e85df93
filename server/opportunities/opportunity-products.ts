import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';
import { fenOf } from '../orders/pricing';
import { productLineOf } from '../rebates/product-line';
import { likePattern } from '../resources/expressions';

/**
 * The products an opportunity may name (docs/opportunities.md "Products of an opportunity"): enabled
 * catalogue products with a standard price that 销售产品配置 has not withdrawn, CPQ configurations, and
 * the special configurations of 特殊配置管理 in force. A product belongs to the product line of its
 * category; a service (no line) goes with any deal; a configuration belongs to the line of its type
 * (servers or storage); a special configuration to the line it names, at its special price.
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

/** The product line of a CPQ configuration's type, or null. */
export const cpqLineOf = (type: string | null) => LINE_OF_CPQ_TYPE[type ?? ''] ?? null;

/** A configuration row that is in force today: enabled, started, not ended (business dates). */
export const inForce = (alias: string, today: string) => {
  const data = sql.ref(`${alias}.data`);
  return sql`(${data}->>'Enabled' = 'true' and coalesce(${data}->>'StartDate', '') <= ${today}
    and coalesce(nullif(${data}->>'EndDate', ''), '9999-12-31') >= ${today})`;
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
  /** The line a special configuration names; null for the others, whose line follows their category. */
  line: string | null;
}

const toProduct = (row: ProductRow): OpportunityProduct => ({
  pn: row.pn,
  Name: row.name,
  ProductModel: row.model ?? '',
  ProductLine: row.line ?? (row.configuration ? cpqLineOf(row.category) : productLineOf(row.category)),
  StandardPrice: row.price,
  Configuration: row.configuration,
  platform: row.platform ?? '',
  brand: row.brand ?? '',
});

// The three kinds of product as one list: catalogue products (enabled, priced, not withdrawn by a sales
// product configuration — a product with rows there is on sale only while one of them is in force),
// CPQ configurations, and special configurations in force at their special price.
const products = (today = businessDay()) => sql`(select product_code as pn, name,
      data->>'ProductModel' as model, category, standard_price::text as price, data->>'brand' as brand,
      false as configuration, null::text as platform, null::text as line
    from product where standard_price > 0 and coalesce(data->>'Enabled', 'true') <> 'false'
      and (not exists (select 1 from record c where c.resource = 'salesProductConfig'
          and c.data->>'ProductCode' = product.product_code)
        or exists (select 1 from record c where c.resource = 'salesProductConfig'
          and c.data->>'ProductCode' = product.product_code and ${inForce('c', today)}))
  union all
  select config_code, name, model, type, (standard_price_fen / 100.0)::numeric(18, 2)::text, brand, true,
      platform, null
    from cpq_configuration
  union all
  select s.data->>'ConfigCode', s.data->>'ConfigName', s.data->>'ProductModel', null,
      (s.data->>'SpecialPrice')::numeric(18, 2)::text, null, false, null, s.data->>'ProductLine'
    from record s where s.resource = 'specialConfig' and ${inForce('s', today)}
      and case when s.data->>'SpecialPrice' ~ '^[0-9]+(\\.[0-9]{1,2})?$'
        then (s.data->>'SpecialPrice')::numeric else 0 end > 0) p`;

/** The products of some codes that an opportunity may name; unknown or disabled codes are left out. */
export async function opportunityProducts(db: Db, codes: string[]) {
  if (!codes.length) return new Map<string, OpportunityProduct>();
  const rows = await sql<ProductRow>`select * from ${products()} where pn in (${sql.join(codes)})`.execute(
    db,
  );
  return new Map(rows.rows.map((row) => [row.pn, toProduct(row)]));
}

/** The rows of one product line: its categories, the products of no line, its configurations' types. */
function inLine(line: string) {
  const lined = Object.values(ProductCategory).filter((c) => productLineOf(c) !== null);
  const categories = lined.filter((c) => productLineOf(c) === line);
  const types = Object.keys(LINE_OF_CPQ_TYPE).filter((type) => LINE_OF_CPQ_TYPE[type] === line);
  const among = (codes: string[]) => (codes.length ? sql`category in (${sql.join(codes)})` : sql`false`);
  return sql`((line is null and not configuration and (category is null or not ${among(lined)} or ${among(categories)}))
    or (configuration and ${among(types)}) or line = ${line})`;
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
  const list = products();
  const total = await sql<{ n: number }>`select count(*)::int as n from ${list} ${where}`.execute(db);
  const rows = await sql<ProductRow>`select * from ${list} ${where} order by configuration, pn
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
 * products, or a product of its product line (or of no line), and not closed to special prices by
 * 销售产品配置. The first that fails is refused, naming the product code field.
 */
export async function refuseForeignProducts(
  db: Db,
  opportunity: { id: string; productLine: unknown },
  codes: string[],
  resource: string,
) {
  if (!codes.length) return;
  const items = await sql<{ pn: string }>`select distinct data->>'pn' as pn from record
    where resource = 'opportunityItem' and data->>'opportunityId' = ${opportunity.id}`.execute(db);
  const own = new Set(items.rows.map((r) => r.pn));
  // 销售产品配置 closes a product to special prices while its row in force says so.
  const closed = await sql<{ pn: string }>`select c.data->>'ProductCode' as pn from record c
    where c.resource = 'salesProductConfig' and c.data->>'ProductCode' in (${sql.join(codes)})
      and c.data->>'SpecialPriceAllowed' = 'false' and ${inForce('c', businessDay())} limit 1`.execute(db);
  if (closed.rows[0])
    throw fieldError(resource, 'ProductCode', {
      key: 'server.opportunity.specialPriceClosed',
      params: { code: closed.rows[0].pn },
    });
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
