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

/** jsonb_build_object takes at most 100 arguments: 50 columns a call. */
const COLUMNS_A_CALL = 50;

/**
 * A search's page as the JSON array its answer carries, built by the database from the page's rows
 * statement: each row as `toWire` makes it (its `data`, its columns over it; timestamps written as
 * `toISOString` writes them, the rest as the select list reads them). A list's page is the portal's
 * most frequent answer, and the database writes it as one text where Node would decode every column
 * of every row into objects, merge them and encode them again (bench/RESULTS.md); both shapes are
 * checked against each other for every list (tests/api/wire-json.test.ts).
 */
export function wireJsonOf(def: ResourceDef, rows: RawBuilder<Record<string, unknown>>) {
  // json_agg takes the rows in the order the page's statement sorted them.
  return sql<{
    page: string;
  }>`select coalesce(json_agg(${wireRowOf(def)}), '[]')::text as page from (${rows}) s`;
}

/** Each resource's row as JSON, over its select list's names, built once. */
const wireRows = new WeakMap<ResourceDef, RawBuilder<unknown>>();

function wireRowOf(def: ResourceDef) {
  let row = wireRows.get(def);
  if (!row) {
    const pairs = Object.entries(def.storage.columns).map(([wire, map]) => {
      const selected = sql`s.${sql.ref(`c_${wire}`)}`;
      const value =
        map.type === 'timestamptz'
          ? sql`to_char(${selected} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : selected;
      return sql`${sql.lit(wire)}, ${value}`;
    });
    const objects = [];
    for (let at = 0; at < pairs.length; at += COLUMNS_A_CALL)
      objects.push(sql`jsonb_build_object(${sql.join(pairs.slice(at, at + COLUMNS_A_CALL))})`);
    row = sql.join([sql`coalesce(s.data, '{}'::jsonb)`, ...objects], sql` || `);
    wireRows.set(def, row);
  }
  return row;
}
