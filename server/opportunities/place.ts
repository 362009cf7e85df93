import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A form's text value, trimmed; anything else is empty. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A province by its Chinese or English name, with its sales region (华东 …). */
export async function provinceNamed(db: Db, name: string) {
  if (!name) return undefined;
  const found = await sql<{ code: string; name: string; salesArea: string }>`select code, name_zh as name,
      coalesce(sales_area, '') as "salesArea"
    from region where level = 'province' and (name_zh = ${name} or name_en = ${name}) limit 1`.execute(db);
  return found.rows[0];
}

/** A city of a province by its Chinese or English name. */
export async function cityOf(db: Db, provinceCode: string, name: string) {
  if (!name) return undefined;
  const found = await sql<{ code: string }>`select code from region
    where parent_code = ${provinceCode} and (name_zh = ${name} or name_en = ${name}) limit 1`.execute(db);
  return found.rows[0];
}
