import { type RawBuilder, sql } from 'kysely';
import type { ResourceDef } from './registry';
import type { ColumnMap } from './storage';

/** Columns read as text where JSON would lose something: days stay days, money stays exact. */
function columnSelect(map: ColumnMap): RawBuilder<unknown> {
  const column = sql`t.${sql.ref(map.column)}`;
  switch (map.type) {
    case 'date':
      return sql`to_char(${column}, 'YYYY-MM-DD')`;
    case 'numeric':
    case 'uuid':
      return sql`${column}::text`;
    default:
      return column;
  }
}

/** Each resource's select list, built once: every search and every read of its records names it. */
const selectLists = new WeakMap<ResourceDef, RawBuilder<unknown>>();

export function selectColumns(def: ResourceDef) {
  let list = selectLists.get(def);
  if (!list) {
    const mapped = Object.entries(def.storage.columns).map(
      ([wire, map]) => sql`${columnSelect(map)} as ${sql.ref(`c_${wire}`)}`,
    );
    list = sql.join([...mapped, sql`t.data as data`]);
    selectLists.set(def, list);
  }
  return list;
}

/** A row as the client sees it: capitalised wire names, the `data` fields beside the columns. */
export function toWire(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = { ...((row.data as Record<string, unknown>) ?? {}) };
  for (const wire of Object.keys(def.storage.columns)) {
    const value = row[`c_${wire}`];
    record[wire] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return record;
}
