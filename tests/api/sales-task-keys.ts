import { Brand } from '../../domain/codes/products.codes';
import { TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import { provinces } from '../../server/reference/regions.data';
import { planYears } from '../../server/sales-tasks/task-references.rules';

const BRANDS = [Brand.ownBrand, Brand.partnerBrand];
const INDICATORS = [
  TaskIndicatorType.sellIn,
  TaskIndicatorType.sellOut,
  TaskIndicatorType.collections,
  TaskIndicatorType.keyProducts,
];
// Jiangsu is left to the demo's targets and to the tests of its province manager.
const OTHER_PROVINCES = provinces.filter((p) => p.code !== '320000').map((p) => p.nameZh);

/**
 * The n-th of the province target keys a test may take for itself (a real province, a plan year, a
 * brand line and an indicator, none the demo holds), for tests that write many targets as the
 * administrator: 720 of them.
 */
export function targetKey(n: number) {
  const { min } = planYears();
  const indicator = n % INDICATORS.length;
  const brand = Math.floor(n / INDICATORS.length) % BRANDS.length;
  const rest = Math.floor(n / (INDICATORS.length * BRANDS.length));
  return {
    Year: min + (Math.floor(rest / OTHER_PROVINCES.length) % 3),
    ProvinceName: OTHER_PROVINCES[rest % OTHER_PROVINCES.length],
    Brand: BRANDS[brand],
    IndicatorType: INDICATORS[indicator],
  };
}
