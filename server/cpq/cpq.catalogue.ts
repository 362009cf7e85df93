import { sql } from 'kysely';
import { fenToYuanString } from '../../domain/money';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';

/**
 * Reads of the configured-product catalogue (migration 030; SPEC §1 keeps the CPQ and super-BOM field
 * names as they are): the class tree, configurations with their sub-BOM lines, components, and prices
 * set at the configuration level and spread over the lines by one ratio.
 */

export async function productClasses(db: Db, query: { parentCode?: string; level?: string }) {
  const rows = await sql<{
    code: string;
    name: string;
    level: string;
    parentCode: string | null;
    children: number;
  }>`
    select c.code, c.name, c.level, c.parent_code as "parentCode",
      (select count(*)::int from cpq_product_class k where k.parent_code = c.code) as children
    from cpq_product_class c
    where ${query.parentCode ? sql`c.parent_code = ${query.parentCode}` : query.level ? sql`true` : sql`c.parent_code is null`}
      ${query.level ? sql`and c.level = ${query.level}` : sql``}
    order by c.sort`.execute(db);
  return rows.rows.map(({ children, ...row }) => ({ ...row, hasChildren: children > 0 }));
}

export interface Selection {
  platform?: string;
  brand?: string;
  type?: string;
  model?: string;
}

interface ConfigRow {
  config_code: string;
  model_code: string;
  platform: string;
  brand: string;
  type: string;
  model: string;
  name: string;
  cpu: string | null;
  list_price_fen: string;
  standard_price_fen: string;
}

/**
 * The configurations of a selection, as a condition on `cpq_configuration`: platform, brand and type by
 * their code or by the code of their class in the tree (`X86-101`, `X86-101-SRV`, what the configurator's
 * levels hand over), model by code or name.
 */
const selected = (selection: Selection) => sql`true
  ${selection.platform ? sql`and platform = ${selection.platform}` : sql``}
  ${selection.brand ? sql`and (brand = ${selection.brand} or platform || '-' || brand = ${selection.brand})` : sql``}
  ${selection.type ? sql`and (type = ${selection.type} or platform || '-' || brand || '-' || type = ${selection.type})` : sql``}
  ${selection.model ? sql`and (model_code = ${selection.model} or model = ${selection.model})` : sql``}`;

/** The configurations of the selection. */
async function configurations(db: Db, selection: Selection, codes?: string[]) {
  const rows = await sql<ConfigRow>`select config_code, model_code, platform, brand, type, model, name, cpu,
      list_price_fen::text, standard_price_fen::text
    from cpq_configuration where ${selected(selection)}
      ${codes ? sql`and config_code in (${sql.join(codes)})` : sql``}
    order by config_code`.execute(db);
  return rows.rows;
}

const yuan = (fen: number | string) => fenToYuanString(Number(fen));

/** POST /opportunityConfiguration/searchAll: the configurations of a selection, priced as wholes. */
export async function searchConfigurations(db: Db, selection: Selection) {
  return (await configurations(db, selection)).map((c) => ({
    id: c.config_code,
    pn: c.config_code,
    configCode: c.config_code,
    configName: c.name,
    platform: c.platform,
    brand: c.brand,
    type: c.type,
    model: c.model,
    modelCode: c.model_code,
    cpu: c.cpu,
    listPrice: yuan(c.list_price_fen),
    standardPrice: yuan(c.standard_price_fen),
  }));
}

interface LineRow {
  config_code: string;
  line_no: number;
  pn: string;
  quantity: number;
  description: string;
  component_type: string;
  list_price_fen: string;
}

async function linesOf(db: Db, codes: string[]) {
  if (!codes.length) return [];
  const rows = await sql<LineRow>`select b.config_code, b.line_no, b.pn, b.quantity, c.description,
      c.component_type, c.list_price_fen::text
    from cpq_bom_line b join cpq_component c on c.pn = b.pn
    where b.config_code in (${sql.join(codes)}) order by b.config_code, b.line_no`.execute(db);
  return rows.rows;
}

/**
 * GET /opportunity/cpq/bomlist: the configurations of a model as tree rows (SPEC §3 id, pn,
 * parentRelationship, children): a configuration line and, under it, its sub-BOM lines.
 */
export async function bomList(db: Db, selection: Selection) {
  const configs = await configurations(db, selection);
  const lines = await linesOf(
    db,
    configs.map((c) => c.config_code),
  );
  return configs.map((c) => ({
    id: c.config_code,
    pn: c.config_code,
    description: c.name,
    quantity: 1,
    parentRelationship: '',
    platform: c.platform,
    brand: c.brand,
    type: c.type,
    model: c.model,
    cpu: c.cpu,
    listPrice: yuan(c.list_price_fen),
    children: lines
      .filter((l) => l.config_code === c.config_code)
      .map((l) => ({
        id: `${c.config_code}/${l.line_no}`,
        pn: l.pn,
        description: l.description,
        componentType: l.component_type,
        quantity: l.quantity,
        parentRelationship: c.config_code,
        listPrice: yuan(l.list_price_fen),
      })),
  }));
}

/**
 * POST /opportunity/cpq/priceinfo: a configuration is priced as a whole (notes §2.3): its standard
 * price over its list price is one ratio, and each sub-BOM line inherits it; the cents rounding leaves
 * is given to the first line, so the lines always add up to the configuration. A sub-line's quantity and
 * prices are those of one configuration; the totals are the configuration line's.
 */
export async function priceInfo(db: Db, items: { pn: string; quantity: number }[]) {
  const configs = await configurations(
    db,
    {},
    items.map((i) => i.pn),
  );
  const lines = await linesOf(
    db,
    configs.map((c) => c.config_code),
  );
  return items.map(({ pn, quantity }) => {
    const c = configs.find((row) => row.config_code === pn);
    if (!c)
      throw new PortalError(400, 'server.invalidField', {
        field: 'pn',
        problem: { key: 'server.problems.invalid', params: {} },
      });
    const list = Number(c.list_price_fen);
    const standard = Number(c.standard_price_fen);
    const own = lines.filter((l) => l.config_code === pn);
    const spread = own.map((l) => Math.floor((Number(l.list_price_fen) * l.quantity * standard) / list));
    spread[0] += standard - spread.reduce((a, b) => a + b, 0);
    return {
      pn,
      description: c.name,
      quantity,
      listPrice: yuan(list),
      standardPrice: yuan(standard),
      discount: ((standard * 100) / list).toFixed(2),
      totalListPrice: yuan(list * quantity),
      totalStandardPrice: yuan(standard * quantity),
      children: own.map((l, index) => ({
        pn: l.pn,
        description: l.description,
        parentRelationship: pn,
        quantity: l.quantity,
        listPrice: yuan(Number(l.list_price_fen) * l.quantity),
        standardPrice: yuan(spread[index]),
      })),
    };
  });
}

/** POST /opportunity/cpq/skuinfo: what each part number is — a configuration or a component. */
export async function skuInfo(db: Db, pns: string[]) {
  const configs = await configurations(db, {}, pns);
  const parts = await sql<{
    pn: string;
    component_type: string;
    description: string;
    platform: string;
    cpu: string | null;
    cpu_short: string | null;
    list_price_fen: string;
  }>`select pn, component_type, description, platform, cpu, cpu_short, list_price_fen::text
    from cpq_component where pn in (${sql.join(pns)})`.execute(db);
  return pns.flatMap((pn): Record<string, unknown>[] => {
    const c = configs.find((row) => row.config_code === pn);
    if (c)
      return [
        {
          pn,
          skuType: 'configuration',
          description: c.name,
          platform: c.platform,
          brand: c.brand,
          type: c.type,
          model: c.model,
          cpu: c.cpu,
          listPrice: yuan(c.list_price_fen),
        },
      ];
    const p = parts.rows.find((row) => row.pn === pn);
    return p
      ? [
          {
            pn,
            skuType: 'component',
            componentType: p.component_type,
            description: p.description,
            platform: p.platform,
            cpu: p.cpu,
            cpuShort: p.cpu_short,
            listPrice: yuan(p.list_price_fen),
          },
        ]
      : [];
  });
}

/**
 * POST /oppProductComponent/searchPage: the components a selection may take. searchType '2' is the
 * CPU dialog (SPEC §3 cpu, cpuShort): the processors the selection's configurations are built with
 * (all of them when nothing is selected); '1' every part the model's configurations are built of.
 */
export async function searchComponents(
  db: Db,
  query: Selection & { searchType: '1' | '2'; keyword?: string; currentPage: number; pageSize: number },
) {
  const model = query.model
    ? (
        await sql<{
          platform: string;
          code: string;
        }>`select platform, model_code as code from cpq_configuration
          where model_code = ${query.model} or model = ${query.model} limit 1`.execute(db)
      ).rows[0]
    : undefined;
  const selection = { platform: query.platform, brand: query.brand, type: query.type, model: query.model };
  const narrowed = Object.values(selection).some(Boolean);
  // The CPU dialog narrows the configurations listed: it offers the processors they are built with,
  // so no choice leaves the list empty (a Kunpeng processor for an x86 model would).
  const where =
    query.searchType === '2'
      ? sql`component_type = 'CPU' ${narrowed ? sql`and cpu in (select cpu from cpq_configuration where ${selected(selection)})` : sql``}`
      : sql`pn in (select b.pn from cpq_bom_line b join cpq_configuration c on c.config_code = b.config_code
          where true ${query.platform ? sql`and c.platform = ${query.platform}` : sql``} ${query.brand ? sql`and c.brand = ${query.brand}` : sql``}
            ${model ? sql`and c.model_code = ${model.code}` : sql``})`;
  const keyword = query.keyword
    ? sql`and (pn ilike ${`%${query.keyword}%`} or description ilike ${`%${query.keyword}%`})`
    : sql``;
  const total = await sql<{
    n: number;
  }>`select count(*)::int as n from cpq_component where ${where} ${keyword}`.execute(db);
  const rows = await sql<{
    pn: string;
    componentType: string;
    description: string;
    platform: string;
    cpu: string | null;
    cpuShort: string | null;
    fen: string;
  }>`select pn, component_type as "componentType", description, platform, cpu, cpu_short as "cpuShort",
      list_price_fen::text as fen
    from cpq_component where ${where} ${keyword}
    order by component_type, list_price_fen, pn
    limit ${query.pageSize} offset ${(query.currentPage - 1) * query.pageSize}`.execute(db);
  return {
    records: rows.rows.map(({ fen, ...row }) => ({ id: row.pn, ...row, listPrice: yuan(fen) })),
    total: total.rows[0]?.n ?? 0,
  };
}
