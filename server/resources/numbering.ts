import { sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import type { NumberPrefix } from '../../domain/numbering';
import type { Db } from '../db/database';

/**
 * The next business number `<prefix><yyyyMMdd><4-digit daily sequence>` (DOMAIN.md numbering). The
 * upsert holds the row lock until the transaction ends, so two creates never get the same number.
 * `at` numbers a record entered on another clock (the demo seed's) by its own day.
 */
export async function nextNumber(db: Db, prefix: NumberPrefix, at?: Date): Promise<string> {
  const result = await sql<{ day: string; last: number }>`
    insert into number_sequence (prefix, day, last)
    values (${prefix}, to_char(coalesce(${at ?? null}::timestamptz, now()) at time zone ${businessTimeZone()}, 'YYYYMMDD'), 1)
    on conflict (prefix, day) do update set last = number_sequence.last + 1
    returning day, last`.execute(db);
  const { day, last } = result.rows[0];
  return `${prefix}${day}${String(last).padStart(4, '0')}`;
}
