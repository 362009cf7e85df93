import { Brand } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { insertRows } from '../db/json-rows';
import { CPU_MODELS } from '../lookups/cpu.lookup';
import { codeNamed, storyTable } from './story-data';

/**
 * The configured-product catalogue (CPQ, notes §2.3): invented models (stories/cpq-*.tsv), each with
 * configurations (super BOMs) built of its chassis, processors and parts. A configuration's list price
 * is the sum of its lines, so a price set at the configuration level can be spread back by one ratio.
 */

/** The catalogue's tree above its models (stories/cpq-classes.tsv): platforms, brands, product types. */
const LEVELS = ['platform', 'brand', 'type'];
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

type ClassRow = { code: string; parent_code: string | null; level: string; name: string };

/** The classes of a level that have some of `models`, each followed by the classes and models under it. */
function classRows(models = MODELS, depth = 0, parent: string | null = null): ClassRow[] {
  const level = LEVELS[depth];
  if (!level) return models.map((m) => ({ code: m.code, parent_code: parent, level: 'model', name: m.name }));
  return classesOf(level).flatMap(({ code: key, name }) => {
    const under = models.filter((m) => m[level] === key);
    const own = level === 'brand' ? codeNamed(Brand, key) : key;
    const code = parent ? `${parent}-${own}` : own;
    if (!under.length) return [];
    return [{ code, parent_code: parent, level, name }, ...classRows(under, depth + 1, code)];
  });
}

/** A component's row, its list price given in yuan. */
function component(pn: string, component_type: string, description: string, platform: string, yuan: number) {
  return { pn, component_type, description, platform, list_price_fen: yuan * 100 };
}

export async function seedCpqCatalogue(db: Db) {
  const classes = classRows().map((row, sort) => ({ ...row, sort }));
  await insertRows(db, 'cpq_product_class', classes);
  // A processor's row names its processor too; the other components' rows leave it empty.
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
