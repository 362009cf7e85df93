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
