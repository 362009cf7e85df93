import { Brand } from '../../domain/codes/products.codes';
import { TaskIndicatorType } from '../../domain/codes/sales-tasks.codes';
import { provinces } from '../../server/reference/regions.data';
import { planYears } from '../../server/sales-tasks/task-references.rules';

/** Every brand and indicator a target line can be of, in the dictionaries' order. */
const BRANDS = Object.values(Brand);
const INDICATORS = Object.values(TaskIndicatorType);

// Jiangsu is left to the demo's targets and to the tests of its province manager.
const OTHER_PROVINCES = provinces.filter((p) => p.code !== '320000').map((p) => p.nameZh);

/**
 * The n-th of the province target keys a test may take for itself (a real province, next plan year as
 * a target is set before its period, a brand line and an indicator, none the demo holds), for tests
 * that write many targets as the administrator: 240 of them.
 */
export function targetKey(n: number) {
  const indicator = n % INDICATORS.length;
  const brand = Math.floor(n / INDICATORS.length) % BRANDS.length;
  const rest = Math.floor(n / (INDICATORS.length * BRANDS.length));
  return {
    Year: planYears().max,
    ProvinceName: OTHER_PROVINCES[rest % OTHER_PROVINCES.length],
    Brand: BRANDS[brand],
    IndicatorType: INDICATORS[indicator],
  };
}
