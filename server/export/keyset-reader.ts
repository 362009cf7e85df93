import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceDef } from '../resources/registry';
import { selectColumns, toWire } from '../resources/wire';

export interface ReadPlan {
  where: RawBuilder<boolean>;
  order: RawBuilder<unknown>;
  sort: { expression: RawBuilder<unknown>; descending: boolean };
}

interface Position {
  /** The sort value of the last row read, as text (exact for every column type), or null. */
  key: string | null;
  id: string;
}

/**
 * The rows after a position in the list's order (sort value desc nulls last / asc nulls first, then
 * object_id), so each batch starts where the last one ended instead of skipping an ever larger offset.
 */
function after(plan: ReadPlan, position: Position): RawBuilder<boolean> {
  const e = plan.sort.expression;
  const { key, id } = position;
  if (plan.sort.descending) {
    return key === null
      ? sql<boolean>`(${e} is null and t.object_id < ${id})`
      : sql<boolean>`(${e} < ${key} or (${e} = ${key} and t.object_id < ${id}) or ${e} is null)`;
  }
  return key === null
    ? sql<boolean>`((${e} is null and t.object_id > ${id}) or ${e} is not null)`
    : sql<boolean>`(${e} > ${key} or (${e} = ${key} and t.object_id > ${id}))`;
}

/**
 * Every row of a plan, a batch at a time, in the list's order. Each batch first finds the next ids
 * (a narrow query the database sorts cheaply), then reads those rows whole; nothing but one batch is
 * ever held in memory.
 */
export async function* readBatches(
  db: Db,
  def: ResourceDef,
  plan: ReadPlan,
  batchRows: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const table = sql.table(def.storage.table);
  let position: Position | undefined;
  for (;;) {
    const where = position ? sql.join([plan.where, after(plan, position)], sql` and `) : plan.where;
    const page = await sql<{ id: string; key: string | null }>`select t.object_id::text as id,
      (${plan.sort.expression})::text as key from ${table} t where ${where}
      order by ${plan.order} limit ${batchRows}`.execute(db);
    if (page.rows.length === 0) return;
    const ids = page.rows.map((r) => r.id);
    const full = await sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t
      where t.object_id in (${sql.join(ids)})`.execute(db);
    const byId = new Map(full.rows.map((row) => [String(row.c_ObjectID), row]));
    yield ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toWire(def, row)] : [];
    });
    if (page.rows.length < batchRows) return;
    const last = page.rows[page.rows.length - 1];
    position = { key: last.key, id: last.id };
  }
}
