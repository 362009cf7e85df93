import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { ResourceDef } from '../resources/registry';
import { selectColumns, toWire } from '../resources/wire';

export interface ReadPlan {
  where: RawBuilder<unknown>;
  /** The list's sort: rows with a value first (desc) or last (asc), ties broken by object_id. */
  sort: { expression: RawBuilder<unknown>; descending: boolean };
}

/** Where a batch ended: the sort value of its last row as text (exact for every column type) and its id. */
interface Position {
  key: string;
  id: string;
}

/**
 * The two parts of the list's order: rows with a sort value (desc nulls last / asc nulls first) and
 * rows without one. Reading them apart keeps each condition a plain range the sort's index can serve,
 * so a batch costs the same at the end of a long export as at its start.
 */
function parts(plan: ReadPlan) {
  const e = plan.sort.expression;
  const dir = sql.raw(plan.sort.descending ? 'desc' : 'asc');
  const [before, beyond] = plan.sort.descending
    ? [sql.raw('<'), sql.raw('<=')]
    : [sql.raw('>'), sql.raw('>=')];
  const valued = {
    key: sql`(${e})::text`,
    filter: sql<boolean>`${e} is not null`,
    after: (p: Position) =>
      sql<boolean>`${e} ${beyond} ${p.key} and (${e} ${before} ${p.key} or t.object_id ${before} ${p.id})`,
    order: sql`${e} ${dir}, t.object_id ${dir}`,
  };
  const empty = {
    key: sql`t.object_id::text`,
    filter: sql<boolean>`${e} is null`,
    after: (p: Position) => sql<boolean>`t.object_id ${before} ${p.id}`,
    order: sql`t.object_id ${dir}`,
  };
  return plan.sort.descending ? [valued, empty] : [empty, valued];
}

/**
 * Every row of a plan, a batch at a time, in the list's order. Each batch first finds its ids (a
 * narrow query starting where the last batch ended), then reads those rows whole; only one batch is
 * ever held in memory.
 */
export async function* readBatches(
  db: Db,
  def: ResourceDef,
  plan: ReadPlan,
  batchRows: number,
): AsyncGenerator<Record<string, unknown>[]> {
  const table = sql.table(def.storage.table);
  for (const part of parts(plan)) {
    let position: Position | undefined;
    for (;;) {
      const conditions = [plan.where, part.filter, ...(position ? [part.after(position)] : [])];
      const page = await sql<{ id: string; key: string }>`select t.object_id::text as id, ${part.key} as key
        from ${table} t where ${sql.join(conditions, sql` and `)}
        order by ${part.order} limit ${batchRows}`.execute(db);
      if (page.rows.length === 0) break;
      const ids = page.rows.map((r) => r.id);
      const full = await sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t
        where t.object_id = any(${`{${ids.join(',')}}`}::uuid[])`.execute(db);
      const byId = new Map(full.rows.map((row) => [String(row.c_ObjectID), row]));
      yield ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toWire(def, row)] : [];
      });
      if (page.rows.length < batchRows) break;
      const last = page.rows[page.rows.length - 1];
      position = { key: last.key, id: last.id };
    }
  }
}
