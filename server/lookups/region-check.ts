import { sql } from 'kysely';
import type { Db } from '../db/database';
import { badField, PortalError } from '../http/envelope';

export interface RegionLink {
  /** The wire field the code came from, named in the refusal. */
  field: string;
  code: string | null | undefined;
}

/**
 * Checks a chain of region codes, outermost first (province, city, district): the first given code
 * must be a province and every later one a child of the one before, so a city from another province
 * is refused by name. A code may be left out only when every code after it is left out too.
 */
export async function checkRegionChain(db: Db, chain: RegionLink[]) {
  const given = chain.filter((link) => link.code);
  if (!given.length) return;
  const missing = chain.findIndex((link) => !link.code);
  if (missing >= 0 && chain.slice(missing).some((link) => link.code)) {
    throw new PortalError(400, 'server.fieldRequired', { field: chain[missing].field });
  }
  const codes = given.map((link) => link.code as string);
  const result = await sql<{ code: string; level: string; parent_code: string | null }>`
    select code, level, parent_code from region where code in (${sql.join(codes)})`.execute(db);
  const regions = new Map(result.rows.map((r) => [r.code, r]));
  given.forEach((link, i) => {
    const region = regions.get(link.code as string);
    const fits = i === 0 ? region?.level === 'province' : region?.parent_code === given[i - 1].code;
    if (!fits) throw badField(link.field, 'server.people.region');
  });
}

/** A province or city of the region master: its code and its Chinese name, as records keep it. */
export interface NamedRegion {
  code: string;
  nameZh: string;
}

/**
 * The province and the city a form names, by name in either language as the region picker fills them:
 * a province of the region master, and a city of that province. Either is undefined where the master
 * has none of that name there, so the caller refuses its own field.
 */
export async function placeNamed(db: Db, provinceName: unknown, cityName: unknown) {
  const [province, city] = [String(provinceName ?? '').trim(), String(cityName ?? '').trim()];
  const found = await sql<{
    code: string;
    name: string;
    city_code: string | null;
    city_name: string | null;
  }>`select p.code, p.name_zh as name, c.code as city_code, c.name_zh as city_name
    from region p left join region c on c.parent_code = p.code and c.level = 'city'
      and (c.name_zh = ${city} or c.name_en = ${city})
    where p.level = 'province' and (p.name_zh = ${province} or p.name_en = ${province})
    limit 2`.execute(db);
  // Two rows: two cities of the province share the name, and the form cannot mean both.
  const [row, twin] = found.rows;
  const region = (code?: string | null, nameZh?: string | null): NamedRegion | undefined =>
    code && nameZh ? { code, nameZh } : undefined;
  return {
    province: region(row?.code, row?.name),
    city: twin ? undefined : region(row?.city_code, row?.city_name),
  };
}
