import { ProductCategory, ProductPattern } from '../../domain/codes/products.codes';
import { RSPProductGroup } from '../../domain/codes/reports.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import type { DemoProduct, DemoWorld } from './demo-world';
import { two } from './random';
import { codeNamed, storyTable } from './story-data';

/** The product range (invented models), 60 products in all, a series per category (stories/products.tsv). */
export const SERIES = storyTable('products').map((s) => ({
  category: codeNamed(ProductCategory, s.category),
  line: s.line,
  prefix: s.prefix,
  pattern: codeNamed(ProductPattern, s.pattern),
  price: [Number(s.low), Number(s.high)],
  models: s.models.split('|'),
  variants: s.variants.split('|'),
  quantity: s.quantity.split('-').map(Number) as [number, number],
  rspGroup: s.rspGroup ? codeNamed(RSPProductGroup, s.rspGroup) : undefined,
}));

/** The model is the Latin part of the name ('SR2200 G5 双路机架服务器' → 'SR2200 G5'); services keep their name. */
const modelOf = (model: string) => model.replace(/ *\S*[^\x20-\x7e]\S*/g, '').trim() || model;

export function buildProducts(world: DemoWorld): DemoProduct[] {
  const rng = world.rng.fork('products');
  return SERIES.flatMap(({ price: [low, high], models, variants, prefix, category, line }) =>
    models.flatMap((model, m) =>
      variants.map((variant, v) => {
        // Prices rise through the models and variants of a series, rounded to tens of yuan.
        const share = (m * variants.length + v) / (models.length * variants.length);
        const priceFen = Math.round((low + ((high - low) * share * rng.int(85, 115)) / 100) / 10) * 1000;
        const code = `${prefix}A${two(m + 1)}${two(v + 1)}`;
        return { code, name: `${model} ${variant}`, model: modelOf(model), category, line, priceFen };
      }),
    ),
  );
}

export async function insertProducts(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('product-rows');
  const patternOf = new Map(SERIES.map((s) => [s.category, s.pattern]));
  const entered = { created_by_name: '吴产品', updated_by_name: '吴产品' };
  const brand = '自有品牌';
  const rows = world.products.map((p) => {
    const at = rng.timeOn(rng.dayBefore(1400, 400));
    const row = { object_id: rng.uuid(), created_at: at, updated_at: at, ...entered, product_code: p.code };
    const about = { name: p.name, category: p.category, standard_price: fenToYuanString(p.priceFen) };
    const model = { brand, ExtProductPattern_SDK: patternOf.get(p.category), ProductModel: p.model };
    const data = { ...model, description: `${p.line} · ${p.name}`, Enabled: rng.chance(0.92) };
    return { ...row, ...about, data };
  });
  await insertRows(db, 'product', rows);
}
