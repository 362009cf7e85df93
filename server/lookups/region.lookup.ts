import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import type { Lang } from '../http/i18n';
import { likePattern } from '../resources/expressions';
import { regionProvinces } from '../resources/scope';
import { offsetOf, pickerPaging } from './paging';

const regionCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

export const regionQuery = z.object({
  ...pickerPaging,
  level: z.enum(['province', 'city', 'district']).optional(),
  parentCode: regionCode.optional(),
});
export type RegionQuery = z.infer<typeof regionQuery>;
export const citiesQuery = z.object({ provinceCode: regionCode });
export const districtsQuery = z.object({ cityCode: regionCode });

interface RegionRow {
  code: string;
  name: string;
  level: string;
  parent_code: string | null;
}

const nameColumn = (lang: Lang) => sql.ref(lang === 'en' ? 'name_en' : 'name_zh');
const toWire = (r: RegionRow) => ({ code: r.code, name: r.name, level: r.level, parentCode: r.parent_code });

/** POST /region/search (SPEC §3 region picker): code and name in the caller's language, paged. */
export async function searchRegions(db: Db, lang: Lang, query: RegionQuery) {
  const conditions = [sql<boolean>`true`];
  if (query.level) conditions.push(sql<boolean>`level = ${query.level}`);
  if (query.parentCode) conditions.push(sql<boolean>`parent_code = ${query.parentCode}`);
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      sql<boolean>`(name_zh ilike ${pattern} or name_en ilike ${pattern} or code like ${`${query.keyword}%`})`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    sql<RegionRow>`select code, ${nameColumn(lang)} as name, level, parent_code from region where ${where}
      order by code limit ${query.pageSize} offset ${offsetOf(query)}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from region where ${where}`.execute(db),
  ]);
  return { rows: rows.rows.map(toWire), total: count.rows[0]?.n ?? 0 };
}

/**
 * /province/searchAll, /city/searchAll, /district/searchAll: every child of a region (the provinces
 * when there is no parent), unpaged. The region table holds provinces and cities; a municipality's
 * "cities" are its districts, and a city without districts simply has no children.
 */
export async function childrenOf(db: Db, lang: Lang, parentCode: string | null) {
  const parent = parentCode ? sql<boolean>`parent_code = ${parentCode}` : sql<boolean>`parent_code is null`;
  const rows = await sql<RegionRow>`select code, ${nameColumn(lang)} as name, level, parent_code from region
    where ${parent} order by code`.execute(db);
  return rows.rows.map(toWire);
}

/**
 * GET /user/province/codes: the provinces the caller works in — every province for staff who see
 * everything, the provinces of their sales region for a region manager, else the employee's own
 * province (none when it has none).
 */
export async function provinceCodesOf(db: Db, caller: Caller): Promise<string[]> {
  if (caller.dataScope === 'all') {
    const rows = await sql<{
      code: string;
    }>`select code from region where level = 'province' order by code`.execute(db);
    return rows.rows.map((r) => r.code);
  }
  if (caller.dataScope === 'region' && caller.provinceCode) {
    const rows = await sql<{ code: string }>`${regionProvinces(caller.provinceCode)} order by p.code`.execute(
      db,
    );
    return rows.rows.map((r) => r.code);
  }
  return caller.provinceCode ? [caller.provinceCode] : [];
}
