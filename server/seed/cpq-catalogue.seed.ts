import { sql } from 'kysely';
import { Brand } from '../../domain/codes/products.codes';
import type { Db } from '../db/database';
import { CPU_MODELS } from '../lookups/cpu.lookup';
import { MODELS, PARTS } from './cpq-models.seed';
import { codeNamed, storyTable } from './story-data';

/**
 * The configured-product catalogue (CPQ, notes §2.3) the portal serves itself: invented server and
 * storage models of the own line and of the partner line, each with configurations (super BOMs) built
 * of components (sub-BOM lines). A configuration's list price is the sum of its lines, so a price set
 * at the configuration level can be spread back over them by one ratio.
 */
type Class = [
  code: string,
  parent: string | null,
  level: 'platform' | 'brand' | 'type' | 'model',
  name: string,
];

/** The catalogue's tree above its models (stories/cpq-classes.tsv): platforms, brands, product types. */
const classesOf = (level: string): [string, string][] =>
  storyTable('cpq-classes')
    .filter((row) => row.level === level)
    .map(({ code, name }) => [level === 'brand' ? codeNamed(Brand, code) : code, name]);
const [PLATFORMS, BRANDS, TYPES] = [classesOf('platform'), classesOf('brand'), classesOf('type')];

/** Where each processor family runs. */
const platformOfCpu = (cpu: string) =>
  /^Hygon/.test(cpu) ? 'HYGON' : /^(Kunpeng|Phytium)/.test(cpu) ? 'ARM' : 'X86';

/** A processor's list price in yuan, by its core count: an invented but monotone price list. */
const cpuPrice = (cpu: string) => {
  const cores = Number(/\((\d+)C/.exec(cpu)?.[1] ?? 16);
  return Math.round((cores * 380 + 2_400) / 10) * 10;
};

/** The vendor's standard channel price as a share of list, per brand (configuration-level pricing). */
const STANDARD_RATIO: Record<string, number> = { [Brand.ownBrand]: 0.78, [Brand.partnerBrand]: 0.86 };

export const cpuPn = (short: string) => `C-CPU-${short.replace(/[^0-9A-Za-z]/g, '')}`;
export const configPn = (model: string, suffix: string) => `CFG-${model}-${suffix}`;

export async function seedCpqCatalogue(db: Db) {
  const classes: Class[] = [];
  for (const [platform, platformName] of PLATFORMS) {
    classes.push([platform, null, 'platform', platformName]);
    const models = MODELS.filter((m) => m.platform === platform);
    for (const [brand, brandName] of BRANDS) {
      if (!models.some((m) => m.brand === brand)) continue;
      classes.push([`${platform}-${brand}`, platform, 'brand', brandName]);
      for (const [type, typeName] of TYPES) {
        const ofType = models.filter((m) => m.brand === brand && m.type === type);
        if (!ofType.length) continue;
        classes.push([`${platform}-${brand}-${type}`, `${platform}-${brand}`, 'type', typeName]);
        for (const m of ofType) classes.push([m.code, `${platform}-${brand}-${type}`, 'model', m.name]);
      }
    }
  }
  for (const [index, [code, parent, level, name]] of classes.entries())
    await sql`insert into cpq_product_class (code, parent_code, level, name, sort)
      values (${code}, ${parent}, ${level}, ${name}, ${index})`.execute(db);

  const prices = new Map<string, number>();
  for (const { cpu, cpuShort } of CPU_MODELS) {
    prices.set(cpuPn(cpuShort), cpuPrice(cpu));
    await sql`insert into cpq_component (pn, component_type, description, platform, cpu, cpu_short, list_price_fen)
      values (${cpuPn(cpuShort)}, 'CPU', ${`${cpu} 处理器`}, ${platformOfCpu(cpu)}, ${cpu}, ${cpuShort},
        ${cpuPrice(cpu) * 100})`.execute(db);
  }
  for (const [key, type, description, price] of PARTS) {
    prices.set(`C-${key}`, price);
    await sql`insert into cpq_component (pn, component_type, description, platform, list_price_fen)
      values (${`C-${key}`}, ${type}, ${description}, 'ANY', ${price * 100})`.execute(db);
  }
  for (const m of MODELS) {
    const chassis = `C-CHS-${m.code}`;
    prices.set(chassis, m.chassisPrice);
    await sql`insert into cpq_component (pn, component_type, description, platform, list_price_fen)
      values (${chassis}, 'CHASSIS', ${`${m.name} 机箱（含主板）`}, ${m.platform},
        ${m.chassisPrice * 100})`.execute(db);
    for (const [suffix, name, cpuShort, cpuCount, parts] of m.configs) {
      const lines: [string, number][] = [[chassis, 1]];
      if (cpuShort) lines.push([cpuPn(cpuShort), cpuCount]);
      for (const [key, quantity] of parts) lines.push([`C-${key}`, quantity]);
      const listYuan = lines.reduce((sum, [pn, q]) => sum + (prices.get(pn) ?? 0) * q, 0);
      const cpu = cpuShort ? CPU_MODELS.find((c) => c.cpuShort === cpuShort)?.cpu : null;
      const code = configPn(m.code, suffix);
      await sql`insert into cpq_configuration (config_code, model_code, platform, brand, type, model, name,
          description, cpu, list_price_fen, standard_price_fen)
        values (${code}, ${m.code}, ${m.platform}, ${m.brand}, ${m.type}, ${m.name}, ${`${m.name} ${name}`},
          ${lines.map(([pn, q]) => `${pn}×${q}`).join('; ')}, ${cpu ?? null}, ${listYuan * 100},
          ${Math.round(listYuan * STANDARD_RATIO[m.brand]) * 100})`.execute(db);
      for (const [index, [pn, quantity]] of lines.entries())
        await sql`insert into cpq_bom_line (config_code, line_no, pn, quantity)
          values (${code}, ${index + 1}, ${pn}, ${quantity})`.execute(db);
    }
  }
}
