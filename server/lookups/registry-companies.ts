import { creditCodeIn, SeededRandom } from '../../domain/random';
import { cityShort, provinces } from '../reference/regions.data';

/**
 * The company registry the server holds in place of 企查查 (SPEC §7 /qcc/search): invented companies
 * only (DOMAIN.md "Demo data"), drawn from a fixed seed so the same rows exist on every install.
 * Migration 006 loads them as they were generated, kept beside it (006-company-lookup.data.json); the
 * lookup tests compare the two, so this generator must keep giving the same rows — a different
 * registry is a new migration.
 */

export const REGISTRY_SIZE = 300;
const SEED = 20_261_122;

// Trade names (字号) and trades of their own, so registry names never read like the demo agents'.
const TRADE_NAMES = (
  '青禾 星澜 云岫 北辰 松涛 海棠 砺行 知微 拓岚 泓川 嘉木 朗月 晴川 ' +
  '汀兰 远岫 怀瑾 清晏 栖梧 望舒 长庚 鹿鸣 沐阳 临渊 归藏 若谷'
).split(' ');
const TRADES = (
  '智能装备 生物医药 新能源 环保科技 精密制造 供应链管理 文化传媒 建筑工程 ' +
  '农业发展 医疗器械 检测技术 物联网技术 教育咨询 物业管理 食品科技 新材料'
).split(' ');
const FORMS = ['有限公司', '有限公司', '有限公司', '股份有限公司', '有限责任公司'];
const STATUSES: [string, number][] = [
  ['存续', 70],
  ['在业', 20],
  ['迁出', 4],
  ['注销', 4],
  ['吊销', 2],
];
const ROADS = ['文昌路', '学府路', '银杏大道', '滨江路', '凤凰路', '云栖路', '太平路', '东湖路'];
// The legal representatives' names: the demo's pools as they were when the registry was generated, kept
// here so a change to the demo's words leaves the registry as its migration loaded it.
const SURNAMES = (
  [
    ['王 李 张', 7],
    ['刘 陈', 5],
    ['杨', 3],
    ['黄 赵 吴 周 徐 孙 马 朱', 2],
    ['胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 沈 蒋', 1],
    ['欧阳', 0.3],
    ['司马', 0.1],
  ] as const
).flatMap(([names, weight]) => names.split(' ').map((name) => [name, weight] as const));
const GIVEN = (
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 秀 霞 平 刚 桂 英 华 玉 兰 萍 鹏 辉 玲 建 ' +
  '国 志 红 波 宁 斌 浩 凯 晨 宇 轩 博 文 思 雨 欣 怡 佳 琪 晓 东 海 峰 俊 杰 子 涵 梓 萱'
).split(' ');

/** One invented company: a trade name in a city, its codes and representative, a road of the city. */
function drawCompany(rng: SeededRandom) {
  const province = rng.pick(provinces);
  const city = rng.pick(province.cities);
  const place = province.nameZh + (city.nameZh === province.nameZh ? '' : city.nameZh);
  return {
    name: `${cityShort(city)}${rng.pick(TRADE_NAMES)}${rng.pick(TRADES)}${rng.pick(FORMS)}`,
    creditCode: creditCodeIn(rng, city.code),
    keyNo: Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join(''),
    operName: rng.nameFrom(SURNAMES, GIVEN),
    status: rng.weighted(STATUSES),
    startDate: [rng.int(1995, 2024), rng.int(1, 12), rng.int(1, 28)]
      .map((n) => String(n).padStart(2, '0'))
      .join('-'),
    no: `${city.code}${rng.digits(9)}`,
    address: `${place}${rng.pick(ROADS)}${rng.int(1, 299)}号`,
    provinceCode: province.code,
  };
}

/** The registry's companies in draw order, a draw whose name or credit code is taken left out. */
export function registryCompanies() {
  const rng = new SeededRandom(SEED);
  const [names, codes] = [new Set<string>(), new Set<string>()];
  const companies: ReturnType<typeof drawCompany>[] = [];
  while (companies.length < REGISTRY_SIZE) {
    const company = drawCompany(rng);
    if (names.has(company.name) || codes.has(company.creditCode)) continue;
    names.add(company.name);
    codes.add(company.creditCode);
    companies.push(company);
  }
  return companies;
}
