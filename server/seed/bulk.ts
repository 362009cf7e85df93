import { sql } from 'kysely';
import type { Db } from '../db/database';
import { columnTypesOf, jsonRowsInsert } from '../db/json-rows';
import { compactDay } from './random';

/** Multi-row insert of the demo's rows, 500 a statement, in the columns of the first row. */
export async function insertRows(db: Db, table: string, rows: Record<string, unknown>[], chunkSize = 500) {
  if (!rows.length) return;
  const declared = await columnTypesOf(db, table);
  const types = Object.fromEntries(Object.keys(rows[0]).map((name) => [name, declared[name]]));
  for (let start = 0; start < rows.length; start += chunkSize)
    await jsonRowsInsert(table, types, rows.slice(start, start + chunkSize)).execute(db);
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
