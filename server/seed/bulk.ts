import { sql } from 'kysely';
import type { Db } from '../db/database';
import { compactDay } from './random';

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
