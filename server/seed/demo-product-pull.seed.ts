import { sql } from 'kysely';
import { ProductCategory, ProductPattern } from '../../domain/codes/products.codes';
import { productLine } from '../../scripts/partner-server';
import type { Db } from '../db/database';
import { pullProducts } from '../partner/product-pull.service';
import { withPartnerServer } from './demo-partner-shipping.seed';
import { at } from './kit';
import { DEMO_TODAY } from './random';
import { codeNamed, storyTable } from './story-data';

type Product = Parameters<typeof productLine>[0];

/**
 * The product source as the demo's last pull met it: the catalogue with its first description changed, two
 * new servers (stories/new-products.tsv) and two rows it cannot take. One real pull takes them, so its log
 * and the new products are real.
 */
export async function seedProductPull(db: Db) {
  const { rows } = await sql<Product>`select product_code as pn, name, category,
      standard_price::text as "standardPrice", data->>'brand' as brand, data->>'ExtProductPattern_SDK' as pattern,
      data->>'ProductModel' as model, data->>'description' as description,
      data->'Enabled' is distinct from 'false'::jsonb as enabled
    from product order by product_code`.execute(db);
  rows[0].description = `${rows[0].description}（新版规格书）`;
  const fresh = storyTable('new-products').map((p) => ({
    ...p,
    category: codeNamed(ProductCategory, p.category),
    pattern: codeNamed(ProductPattern, p.pattern),
  }));
  const productLines = [...rows, ...fresh].map((p) => productLine(p as Product));
  const noSuchCategory = { pn: 'PRJ-4K-01', name: '投影仪 4K', category: '999', standardPrice: '8800.00' };
  productLines.push(productLine(noSuchCategory), '{"pn":"SW-S5130-52","name":"交换机 S5130');
  const now = at(DEMO_TODAY, '06:30');
  await withPartnerServer({ lines: [], productLines }, ({ url }) => pullProducts(db, { url, now }));
}
