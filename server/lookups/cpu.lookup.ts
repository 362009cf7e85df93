import { sql } from 'kysely';
import type { Db } from '../db/database';
import { type PickerQuery, pageOf } from './paging';
import { likeMatch } from './text';

/** A processor the configured-product lines offer (SPEC §3 "CPU lookup"). */
export interface CpuModel {
  cpu: string;
  cpuShort: string;
}

// [full name, cores, base clock]; the short name is the model number the configuration sheets use.
const MODELS: [string, number, string][] = [
  ['Intel Xeon Bronze 3408U', 8, '1.8GHz'],
  ['Intel Xeon Silver 4410Y', 12, '2.0GHz'],
  ['Intel Xeon Silver 4416+', 20, '2.0GHz'],
  ['Intel Xeon Silver 4510', 12, '2.4GHz'],
  ['Intel Xeon Silver 4514Y', 16, '2.0GHz'],
  ['Intel Xeon Gold 5415+', 8, '2.9GHz'],
  ['Intel Xeon Gold 5418Y', 24, '2.0GHz'],
  ['Intel Xeon Gold 5420+', 28, '2.0GHz'],
  ['Intel Xeon Gold 5520+', 28, '2.2GHz'],
  ['Intel Xeon Gold 6426Y', 16, '2.5GHz'],
  ['Intel Xeon Gold 6430', 32, '2.1GHz'],
  ['Intel Xeon Gold 6438Y+', 32, '2.0GHz'],
  ['Intel Xeon Gold 6448Y', 32, '2.1GHz'],
  ['Intel Xeon Gold 6530', 32, '2.1GHz'],
  ['Intel Xeon Gold 6548Y+', 32, '2.5GHz'],
  ['Intel Xeon Platinum 8452Y', 36, '2.0GHz'],
  ['Intel Xeon Platinum 8468', 48, '2.1GHz'],
  ['Intel Xeon Platinum 8480+', 56, '2.0GHz'],
  ['Intel Xeon Platinum 8558', 48, '2.1GHz'],
  ['Intel Xeon Platinum 8580', 60, '2.0GHz'],
  ['AMD EPYC 9124', 16, '3.0GHz'],
  ['AMD EPYC 9254', 24, '2.9GHz'],
  ['AMD EPYC 9334', 32, '2.7GHz'],
  ['AMD EPYC 9354', 32, '3.25GHz'],
  ['AMD EPYC 9454', 48, '2.75GHz'],
  ['AMD EPYC 9554', 64, '3.1GHz'],
  ['AMD EPYC 9654', 96, '2.4GHz'],
  ['Hygon C86 7360', 24, '2.2GHz'],
  ['Hygon C86 7380', 32, '2.2GHz'],
  ['Hygon C86 7390', 32, '2.7GHz'],
  ['Hygon C86 7490', 48, '2.7GHz'],
  ['Kunpeng 920 5220', 32, '2.6GHz'],
  ['Kunpeng 920 7260', 64, '2.6GHz'],
  ['Phytium S2500', 64, '2.1GHz'],
  ['Phytium FT-2000+/64', 64, '2.2GHz'],
];

export const CPU_MODELS: CpuModel[] = MODELS.map(([name, cores, clock]) => ({
  cpu: `${name} (${cores}C, ${clock})`,
  cpuShort: name.split(' ').at(-1) ?? name,
}));

/**
 * POST /cpu/search: the processors of the configured-product catalogue (cpq_component, the list the
 * configurator's component dialog offers too), filtered by the keyword on either name, one page of
 * it. A portal without the catalogue (no demo data) offers the same list from here.
 */
export async function searchCpus(db: Db, query: PickerQuery) {
  const stored = await sql<CpuModel>`select cpu, cpu_short as "cpuShort" from cpq_component
    where component_type = 'CPU' order by list_price_fen, pn`.execute(db);
  const models = stored.rows.length ? stored.rows : CPU_MODELS;
  const keyword = query.keyword ?? '';
  const hits = keyword
    ? models.filter((m) => likeMatch(m.cpu, keyword) || likeMatch(m.cpuShort, keyword))
    : models;
  return pageOf(hits, query);
}
