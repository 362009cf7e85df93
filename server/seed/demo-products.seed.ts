import { ProductCategory, ProductPattern } from '../../domain/codes/products.codes';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { insertRows } from './bulk';
import type { DemoProduct, DemoWorld } from './demo-world';

/**
 * The product range (invented models), 60 products in all: per category a series — [category, product
 * line, code prefix, pattern, price band in yuan], then its model bases and variants, `|`-separated.
 */
const SERIES = (
  [
    [
      [ProductCategory.servers, '服务器', '0231', ProductPattern.configured, 18_000, 168_000],
      'SR1100 G5 单路机架服务器|SR2200 G5 双路机架服务器|SR2200 G6 双路机架服务器|SR4400 G5 四路机架服务器',
      '基础型|标准型|高性能型',
    ],
    [
      [ProductCategory.storage, '存储', '0235', ProductPattern.configured, 45_000, 420_000],
      'ST3000 统一存储|ST5000 全闪存储|ST2000 入门级存储',
      '双控|四控',
    ],
    [
      [ProductCategory.desktops, '商用PC', '9801', ProductPattern.standard, 3_600, 9_800],
      'DT360 商用台式机|DT560 商用台式机|DT760 高端商用台式机',
      'i5/16G/512G|i7/32G/1T',
    ],
    [
      [ProductCategory.laptops, '商用PC', '9802', ProductPattern.standard, 4_800, 16_800],
      'NB14 商用笔记本|NB14 Pro 商用笔记本|NB16 移动工作站',
      'i5/16G/512G|i7/32G/1T',
    ],
    [
      [ProductCategory.switches, '网络产品', '9803', ProductPattern.standard, 2_900, 260_000],
      'SW3328P 千兆接入交换机|SW3348P 千兆接入交换机|SW5560 万兆汇聚交换机|SW7506 核心交换机',
      '交流供电|直流供电',
    ],
    [
      [ProductCategory.routers, '网络产品', '9804', ProductPattern.standard, 3_200, 88_000],
      'RT800 企业路由器|RT3600 汇聚路由器',
      '标准版|增强版',
    ],
    [
      [ProductCategory.wirelessAps, '网络产品', '9805', ProductPattern.standard, 1_200, 48_000],
      'AP620 室内无线AP|AP880 高密无线AP|AC5000 无线控制器',
      'Wi-Fi 6|Wi-Fi 7',
    ],
    [
      [ProductCategory.firewalls, '网络产品', '9806', ProductPattern.standard, 16_000, 198_000],
      'FW1600 下一代防火墙|FW3600 数据中心防火墙',
      '1年特征库|3年特征库',
    ],
    [
      [ProductCategory.services, '服务', '8801', ProductPattern.service, 800, 36_000],
      '原厂延保服务|上门安装服务|驻场运维服务|远程技术支持服务',
      '1年|3年',
    ],
  ] as [[string, string, string, string, number, number], string, string][]
).map(([[category, line, prefix, pattern, low, high], models, variants]) => ({
  category,
  line,
  prefix,
  pattern,
  price: [low, high],
  models: models.split('|'),
  variants: variants.split('|'),
}));

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
  await insertRows(db, 'product', rows);
}
