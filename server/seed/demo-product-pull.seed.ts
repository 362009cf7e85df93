import { sql } from 'kysely';
import { ProductCategory, ProductPattern } from '../../domain/codes/products.codes';
import { productLine, startPartnerServer } from '../../scripts/partner-server';
import type { Db } from '../db/database';
import { pullProducts } from '../partner/product-pull.service';
import { at } from './kit';
import { DEMO_TODAY } from './random';
import { codeNamed, storyTable } from './story-data';

/**
 * The product source as the demo's last pull met it: the catalogue the portal has, its first product's
 * description changed, two servers it has not got yet (stories/new-products.tsv), and two rows it cannot
 * take (a category outside the dictionary, a row cut short). One real pull takes them, so the product pull
 * log shows a run that happened and the new products are there because it took them.
 */
export async function seedProductPull(db: Db) {
  const { rows } = await sql<Parameters<typeof productLine>[0]>`select product_code as pn, name, category,
      standard_price::text as "standardPrice", data->>'brand' as brand, data->>'ExtProductPattern_SDK' as pattern,
      data->>'ProductModel' as model, data->>'description' as description,
      data->'Enabled' is distinct from 'false'::jsonb as enabled
    from product order by product_code`.execute(db);
  // What the portal keeps empty the source leaves out.
  const catalogue = rows.map((p, index) =>
    productLine({
      ...(Object.fromEntries(Object.entries(p).filter(([, value]) => value !== null)) as typeof p),
      ...(index === 0 ? { description: `${p.description ?? p.name}（新版规格书）` } : {}),
    }),
  );
  const fresh = storyTable('new-products').map((p) =>
    productLine({
      pn: p.pn,
      name: p.name,
      category: codeNamed(ProductCategory, p.category),
      standardPrice: p.price,
      brand: p.brand,
      pattern: codeNamed(ProductPattern, p.pattern),
      model: p.model,
      description: p.description,
    }),
  );
  const broken = [
    productLine({ pn: 'PRJ-4K-01', name: '投影仪 4K', category: '999', standardPrice: '8800.00' }),
    '{"pn":"SW-S5130-52","name":"交换机 S5130',
  ];
  const server = await startPartnerServer({ lines: [], productLines: [...catalogue, ...fresh, ...broken] });
  try {
    await pullProducts(db, { url: server.url, now: at(DEMO_TODAY, '06:30') });
  } finally {
    await server.close();
  }
}
