import { sql } from 'kysely';
import type { Db } from '../db/database';
import { compactDay } from './random';

/**
 * Multi-row insert: each chunk of rows travels as one JSON parameter and is spread into columns by
 * jsonb_to_recordset, one statement per chunk (fast on PGlite, no parameter limit to mind). The columns
 * are those of the first row, typed as the table declares them.
 */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[], chunkSize = 500) {
  if (!rows.length) return;
  const names = Object.keys(rows[0]);
  const types = await sql<{ name: string; type: string }>`select attname as name,
      format_type(atttypid, atttypmod) as type from pg_attribute
    where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`.execute(db);
  const typeOf = new Map(types.rows.map((c) => [c.name, c.type]));
  const refs = sql.join(names.map((name) => sql.ref(name)));
  const shape = sql.raw(names.map((name) => `"${name}" ${typeOf.get(name)}`).join(', '));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    await sql`insert into ${sql.table(table)} (${refs})
      select ${refs} from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(${shape})`.execute(db);
  }
}

/**
 * Business numbers `<prefix><yyyyMMdd><4-digit daily seq>` (DOMAIN.md numbering) handed out while the
 * demo is built. `save` records the last number of every day in number_sequence, so numbers the
 * portal assigns later continue after the demo's and never repeat one.
 */
export class Numbers {
  #days = new Map<string, { prefix: string; day: string; last: number }>();

  next(prefix: string, day: string): string {
    const key = `${prefix}|${compactDay(day)}`;
    const seq = this.#days.get(key) ?? { prefix, day: compactDay(day), last: 0 };
    this.#days.set(key, { ...seq, last: seq.last + 1 });
    return `${prefix}${seq.day}${String(seq.last + 1).padStart(4, '0')}`;
  }

  async save(db: Db) {
    await sql`insert into number_sequence (prefix, day, last)
      select prefix, day, last from jsonb_to_recordset(${JSON.stringify([...this.#days.values()])}::jsonb)
        as x(prefix text, day text, last integer)
      on conflict (prefix, day) do update
        set last = greatest(number_sequence.last, excluded.last)`.execute(db);
  }
}
