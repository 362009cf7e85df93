import { sql } from 'kysely';
import type { Db } from './database';

/** A column's SQL type by column name, in the order the rows' values are written. */
export type ColumnTypes = Record<string, string>;

/**
 * Rows inserted in one statement: they travel as one JSON parameter and jsonb_to_recordset spreads them
 * into the columns `types` names, typed as it says (fast on PGlite, no parameter limit to mind). A value
 * a row lacks is null. The caller executes it, adding `returning` where it needs the new ids.
 */
export function jsonRowsInsert(table: string, types: ColumnTypes, rows: readonly Record<string, unknown>[]) {
  const names = Object.keys(types);
  const refs = sql.join(names.map((name) => sql.ref(name)));
  const shape = sql.raw(names.map((name) => `"${name}" ${types[name]}`).join(', '));
  return sql`insert into ${sql.table(table)} (${refs})
    select ${refs} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${shape})`;
}

/** The SQL types of a table's columns, as the table declares them. */
export async function columnTypesOf(db: Db, table: string): Promise<ColumnTypes> {
  const { rows } = await sql<{ name: string; type: string }>`select attname as name,
      format_type(atttypid, atttypmod) as type from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
  return Object.fromEntries(rows.map((column) => [column.name, column.type]));
}

/** Rows inserted 500 a statement (or `chunkSize`), in the columns of the first row, typed as the table's. */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[], chunkSize = 500) {
  if (!rows.length) return;
  const declared = await columnTypesOf(db, table);
  const types = Object.fromEntries(Object.keys(rows[0]).map((name) => [name, declared[name]]));
  for (let start = 0; start < rows.length; start += chunkSize)
    await jsonRowsInsert(table, types, rows.slice(start, start + chunkSize)).execute(db);
}
