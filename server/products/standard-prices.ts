import { sql } from 'kysely';
import { readManyThrough } from '../cache/portal-caches';
import type { Db } from '../db/database';

/** A product as the order, loan and special-price lines price it. */
export interface PricedProduct {
  product_code: string;
  name: string;
  category: string | null;
  model: string | null;
  /** Yuan, as the column holds it; null where the product has no standard channel price. */
  standard_price: string | null;
  cost_price: string | null;
  enabled: boolean;
}

/**
 * The products of some codes with their standard and cost prices, through the standard-price cache
 * (docs/cache.md): a code the catalogue does not have is left out of the answer, and remembered as
 * unknown until a product is written.
 */
export async function pricedProducts(db: Db, codes: readonly string[]): Promise<Map<string, PricedProduct>> {
  if (!codes.length) return new Map();
  const found = await readManyThrough<PricedProduct | null>(
    db,
    'standardPrice',
    codes,
    async (missing) => {
      const rows = await sql<PricedProduct>`select product_code, name, category,
          data->>'ProductModel' as model, standard_price::text as standard_price, cost_price::text as cost_price,
          coalesce(data->>'Enabled', 'true') <> 'false' as enabled
        from product where product_code in (${sql.join(missing)})`.execute(db);
      return new Map(rows.rows.map((row) => [row.product_code, row]));
    },
    null,
  );
  const products = new Map<string, PricedProduct>();
  for (const [code, product] of found) if (product) products.set(code, product);
  return products;
}
