import { Brand } from '../../domain/codes/products.codes';
import { codeNamed, storyTable } from './story-data';

/**
 * The invented models and parts of the configured-product catalogue (server/seed/cpq-catalogue.seed.ts),
 * written in stories/cpq-models.tsv, cpq-configurations.tsv and cpq-parts.tsv: each model's two
 * configurations as lists of parts, and the parts with their list prices in yuan.
 */
/** A model: its place in the tree, the CPUs it takes, its chassis and the two configurations sold. */
interface ModelDef {
  code: string;
  name: string;
  platform: string;
  brand: string;
  type: 'SRV' | 'STO';
  chassisPrice: number;
  /** Base and performance configurations: [suffix, name, cpu short name, cpu count, lines]. */
  configs: [string, string, string | null, number, [string, number][]][];
}

/** A bill of materials as a quote writes it, `MEM32*2 SSD960*2 RAID8I`: a part without a count is one. */
const bom = (text: string): [string, number][] =>
  text.split(' ').map((part) => [part.split('*')[0], Number(part.split('*')[1] ?? 1)]);

const CONFIGURATIONS = storyTable('cpq-configurations');

export const MODELS: ModelDef[] = storyTable('cpq-models').map((m) => ({
  code: m.code,
  name: m.name,
  platform: m.platform,
  brand: codeNamed(Brand, m.brand),
  type: m.type as ModelDef['type'],
  chassisPrice: Number(m.chassis),
  configs: CONFIGURATIONS.filter((c) => c.model === m.code).map((c) => [
    c.suffix,
    c.name,
    c.cpu || null,
    Number(c.cpus),
    bom(c.parts),
  ]),
}));

/** The parts other than processors: [key, type, description, list price in yuan]. */
export const PARTS: [string, string, string, number][] = storyTable('cpq-parts').map((p) => [
  p.key,
  p.type,
  p.description,
  Number(p.price),
]);
