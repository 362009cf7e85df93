import { type RawBuilder, sql } from 'kysely';
import { pages } from '../../catalogue/catalogue';
import { type CanOpen, lensOf, type PageAction, pageActions } from '../../catalogue/page-actions';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import type { ResourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';
import type { Caller } from './auth';

type Lens = Record<string, string>;

/**
 * The lenses under which the pages a person may open offer an action on a resource, or undefined
 * when one of them offers it on every record of the resource.
 */
export function lensesOf(
  resource: string,
  action: PageAction,
  canOpen: CanOpen,
  role: string,
): Lens[] | undefined {
  const lenses: Lens[] = [];
  for (const page of pages) {
    if (page.resource !== resource || !canOpen(page.id) || !pageActions(page, canOpen, role).has(action))
      continue;
    const lens = lensOf(page);
    if (!lens) return undefined;
    lenses.push(lens);
  }
  return lenses;
}

/** The record ids an update or delete body names, in any of the shapes those routes accept. */
function idsOf(body: unknown): string[] {
  const object = (value: unknown) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const list = Array.isArray(body)
    ? body.map((row) => (typeof row === 'string' ? row : object(row).ObjectID))
    : Array.isArray(object(body).ObjectIDs)
      ? (object(body).ObjectIDs as unknown[])
      : [object(body).ObjectID];
  return [
    ...new Set(list.filter((id): id is string => typeof id === 'string' && UUID_PATTERN.test(id))),
  ].slice(0, 500);
}

const all = (conditions: RawBuilder<boolean>[]) => sql<boolean>`(${sql.join(conditions, sql` and `)})`;

/**
 * Whether every named record the caller can see lies in one of the lenses. Records it cannot see
 * are left to the route, which answers 404 for them as for any record out of scope.
 */
export async function checkLens(db: Db, def: ResourceDef, caller: Caller, body: unknown, lenses: Lens[]) {
  const ids = idsOf(body);
  if (!ids.length) return true;
  if (!lenses.length) return false;
  const named = sql<boolean>`t.object_id in (${sql.join(ids)})`;
  const inLens = sql.join(
    lenses.map((lens) => all(baseConditions(def, caller, lens))),
    sql` or `,
  );
  const result = await sql<{ seen: number; offered: number }>`select count(*)::int as seen,
      (count(*) filter (where ${inLens}))::int as offered
    from ${sql.table(def.storage.table)} t where ${all([...baseConditions(def, caller), named])}`.execute(db);
  const row = result.rows[0];
  return !row || row.seen === row.offered;
}
