import { ProductCategory, ProductPattern } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { insertRows } from './bulk';
import type { DemoProduct, DemoWorld } from './demo-world';

/**
 * The product range (invented models): per category a series, its model bases and variants, and a
 * price band in yuan. 60 products in all.
 */
const SERIES: {
  category: string;
  line: string;
  prefix: string;
  models: string[];
  variants: string[];
  price: [number, number];
  pattern: string;
}[] = [
  {
    category: ProductCategory.servers,
    line: '服务器',
    prefix: '0231',
    models: [
      'SR1100 G5 单路机架服务器',
      'SR2200 G5 双路机架服务器',
      'SR2200 G6 双路机架服务器',
      'SR4400 G5 四路机架服务器',
    ],
    variants: ['基础型', '标准型', '高性能型'],
    price: [18_000, 168_000],
    pattern: ProductPattern.configured,
  },
  {
    category: ProductCategory.storage,
    line: '存储',
    prefix: '0235',
    models: ['ST3000 统一存储', 'ST5000 全闪存储', 'ST2000 入门级存储'],
    variants: ['双控', '四控'],
    price: [45_000, 420_000],
    pattern: ProductPattern.configured,
  },
  {
    category: ProductCategory.desktops,
    line: '商用PC',
    prefix: '9801',
    models: ['DT360 商用台式机', 'DT560 商用台式机', 'DT760 高端商用台式机'],
    variants: ['i5/16G/512G', 'i7/32G/1T'],
    price: [3_600, 9_800],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.laptops,
    line: '商用PC',
    prefix: '9802',
    models: ['NB14 商用笔记本', 'NB14 Pro 商用笔记本', 'NB16 移动工作站'],
    variants: ['i5/16G/512G', 'i7/32G/1T'],
    price: [4_800, 16_800],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.switches,
    line: '网络产品',
    prefix: '9803',
    models: [
      'SW3328P 千兆接入交换机',
      'SW3348P 千兆接入交换机',
      'SW5560 万兆汇聚交换机',
      'SW7506 核心交换机',
    ],
    variants: ['交流供电', '直流供电'],
    price: [2_900, 260_000],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.routers,
    line: '网络产品',
    prefix: '9804',
    models: ['RT800 企业路由器', 'RT3600 汇聚路由器'],
    variants: ['标准版', '增强版'],
    price: [3_200, 88_000],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.wirelessAps,
    line: '网络产品',
    prefix: '9805',
    models: ['AP620 室内无线AP', 'AP880 高密无线AP', 'AC5000 无线控制器'],
    variants: ['Wi-Fi 6', 'Wi-Fi 7'],
    price: [1_200, 48_000],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.firewalls,
    line: '网络产品',
    prefix: '9806',
    models: ['FW1600 下一代防火墙', 'FW3600 数据中心防火墙'],
    variants: ['1年特征库', '3年特征库'],
    price: [16_000, 198_000],
    pattern: ProductPattern.standard,
  },
  {
    category: ProductCategory.services,
    line: '服务',
    prefix: '8801',
    models: ['原厂延保服务', '上门安装服务', '驻场运维服务', '远程技术支持服务'],
    variants: ['1年', '3年'],
    price: [800, 36_000],
    pattern: ProductPattern.service,
  },
];

/** The model is the Latin part of the name ('SR2200 G5 双路机架服务器' → 'SR2200 G5'); services keep their name. */
const modelOf = (model: string) =>
  model
    .split(' ')
    .filter((token) => /^[\x20-\x7e]+$/.test(token))
    .join(' ') || model;

export function buildProducts(world: DemoWorld): DemoProduct[] {
  const rng = world.rng.fork('products');
  const products: DemoProduct[] = [];
  for (const series of SERIES) {
    const [low, high] = series.price;
    series.models.forEach((model, m) => {
      series.variants.forEach((variant, v) => {
        // Prices rise through the models and variants of a series, rounded to tens of yuan.
        const share = (m * series.variants.length + v) / (series.models.length * series.variants.length);
        const yuan = Math.round((low + ((high - low) * share * rng.int(85, 115)) / 100) / 10) * 10;
        products.push({
          code: `${series.prefix}A${String(m + 1).padStart(2, '0')}${String(v + 1).padStart(2, '0')}`,
          name: `${model} ${variant}`,
          model: modelOf(model),
          category: series.category,
          line: series.line,
          priceFen: yuan * 100,
        });
      });
    });
  }
  return products;
}

export async function insertProducts(db: Db, world: DemoWorld) {
  const rng = world.rng.fork('product-rows');
  const patternOf = new Map(SERIES.map((s) => [s.category, s.pattern]));
  const rows = world.products.map((p) => {
    const day = rng.dayBefore(1400, 400);
    const at = rng.timeOn(day);
    return {
      object_id: rng.uuid(),
      created_at: at,
      updated_at: at,
      created_by_name: '吴产品',
      updated_by_name: '吴产品',
      product_code: p.code,
      name: p.name,
      category: p.category,
      standard_price: fenToYuanString(p.priceFen),
      data: {
        brand: '自有品牌',
        ExtProductPattern_SDK: patternOf.get(p.category),
        ProductModel: p.model,
        description: `${p.line} · ${p.name}`,
        Enabled: rng.chance(0.92),
      },
    };
  });
  await insertRows(
    db,
    'product',
    {
      object_id: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      created_by_name: 'text',
      updated_by_name: 'text',
      product_code: 'text',
      name: 'text',
      category: 'text',
      standard_price: 'numeric',
      data: 'jsonb',
    },
    rows,
  );
}
