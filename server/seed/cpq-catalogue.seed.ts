import { Brand } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { CPU_MODELS } from '../lookups/cpu.lookup';
import { insertRows } from './bulk';
import { codeNamed, storyTable } from './story-data';

/**
 * The configured-product catalogue (CPQ, notes §2.3): invented models (stories/cpq-*.tsv), each with
 * configurations (super BOMs) built of its chassis, processors and parts. A configuration's list price
 * is the sum of its lines, so a price set at the configuration level can be spread back by one ratio.
 */

/** The catalogue's tree above its models (stories/cpq-classes.tsv): platforms, brands, product types. */
const classesOf = (level: string) => storyTable('cpq-classes').filter((row) => row.level === level);
/** The models (stories/cpq-models.tsv), their brand named by its key in Brand. */
const MODELS = storyTable('cpq-models');

/** Where each processor family runs. */
const platformOfCpu = (cpu: string) =>
  /^Hygon/.test(cpu) ? 'HYGON' : /^(Kunpeng|Phytium)/.test(cpu) ? 'ARM' : 'X86';

/** A processor's list price in yuan, by its core count: an invented but monotone price list. */
const cpuPrice = (cpu: string) =>
  Math.round((Number(/\((\d+)C/.exec(cpu)?.[1] ?? 16) * 380 + 2_400) / 10) * 10;

/** The vendor's standard channel price as a share of list, per brand (configuration-level pricing). */
const STANDARD_RATIO: Record<string, number> = { ownBrand: 0.78, partnerBrand: 0.86 };

const cpuPn = (short: string) => `C-CPU-${short.replace(/[^0-9A-Za-z]/g, '')}`;
export const configPn = (model: string, suffix: string) => `CFG-${model}-${suffix}`;

/** A configuration's lines: its chassis, its processors, then its parts as a quote writes them (`MEM32*2 RAID8I`, a part without a count is one). */
const linesOf = (model: string, c: Record<string, string>) => [
  [`C-CHS-${model}`, 1] as const,
  ...(c.cpu ? [[cpuPn(c.cpu), Number(c.cpus)] as const] : []),
  ...c.parts.split(' ').map((part) => [`C-${part.split('*')[0]}`, Number(part.split('*')[1] ?? 1)] as const),
];

/** The tree's rows, each platform with its brands, each brand with its types, each type with its models. */
function classRows() {
  const rows: { code: string; parent_code: string | null; level: string; name: string; sort: number }[] = [];
  const add = (code: string, parent_code: string | null, level: string, name: string) =>
    rows.push({ code, parent_code, level, name, sort: rows.length });
  for (const platform of classesOf('platform')) {
    add(platform.code, null, 'platform', platform.name);
    for (const brand of classesOf('brand')) {
      const ofBrand = MODELS.filter((m) => m.platform === platform.code && m.brand === brand.code);
      const brandCode = `${platform.code}-${codeNamed(Brand, brand.code)}`;
      if (ofBrand.length) add(brandCode, platform.code, 'brand', brand.name);
      for (const type of classesOf('type')) {
        const ofType = ofBrand.filter((m) => m.type === type.code);
        const typeCode = `${brandCode}-${type.code}`;
        if (ofType.length) add(typeCode, brandCode, 'type', type.name);
        for (const m of ofType) add(m.code, typeCode, 'model', m.name);
      }
    }
  }
  return rows;
}

export async function seedCpqCatalogue(db: Db) {
  await insertRows(db, 'cpq_product_class', classRows());
  // A processor's row names its processor too; the other components' rows leave it empty.
  const component = (
    pn: string,
    component_type: string,
    description: string,
    platform: string,
    yuan: number,
  ) => ({ pn, component_type, description, platform, list_price_fen: yuan * 100 });
  const components = [
    ...CPU_MODELS.map(({ cpu, cpuShort }) => ({
      ...component(cpuPn(cpuShort), 'CPU', `${cpu} 处理器`, platformOfCpu(cpu), cpuPrice(cpu)),
      cpu,
      cpu_short: cpuShort,
    })),
    ...storyTable('cpq-parts').map((p) =>
      component(`C-${p.key}`, p.type, p.description, 'ANY', Number(p.price)),
    ),
    ...MODELS.map((m) =>
      component(`C-CHS-${m.code}`, 'CHASSIS', `${m.name} 机箱（含主板）`, m.platform, Number(m.chassis)),
    ),
  ];
  await insertRows(db, 'cpq_component', components);
  const yuanOf = new Map(components.map((c) => [c.pn, c.list_price_fen / 100]));
  const configurations: Record<string, unknown>[] = [];
  const bomLines: Record<string, unknown>[] = [];
  for (const c of storyTable('cpq-configurations')) {
    const m = MODELS.find((model) => model.code === c.model)!;
    const lines = linesOf(m.code, c);
    const listYuan = lines.reduce((sum, [pn, q]) => sum + yuanOf.get(pn)! * q, 0);
    const config_code = configPn(m.code, c.suffix);
    const about = { config_code, model_code: m.code, platform: m.platform, type: m.type, model: m.name };
    const description = lines.map(([pn, q]) => `${pn}×${q}`).join('; ');
    const listed = { brand: codeNamed(Brand, m.brand), name: `${m.name} ${c.name}`, description };
    const cpu = CPU_MODELS.find((x) => x.cpuShort === c.cpu)?.cpu ?? null;
    const standard_price_fen = Math.round(listYuan * STANDARD_RATIO[m.brand]) * 100;
    configurations.push({ ...about, ...listed, cpu, list_price_fen: listYuan * 100, standard_price_fen });
    for (const [index, [pn, quantity]] of lines.entries())
      bomLines.push({ config_code, line_no: index + 1, pn, quantity });
  }
  await insertRows(db, 'cpq_configuration', configurations);
  await insertRows(db, 'cpq_bom_line', bomLines);
}
