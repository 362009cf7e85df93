import { type RawBuilder, sql } from 'kysely';
import { BUSINESS_TIME_ZONE } from '../../domain/constants';
import type { FieldSpec } from './fields';
import type { Storage } from './storage';

// The server's modules have long read the business time zone from here; it lives in domain/ now.
export { BUSINESS_TIME_ZONE };

/** How a field is compared and sorted in SQL. */
export type SqlType = 'text' | 'numeric' | 'date' | 'timestamptz' | 'boolean' | 'uuid' | 'integer';

export function sqlTypeOf(storage: Storage, spec: FieldSpec | undefined, name: string): SqlType {
  const mapped = storage.columns[name];
  if (mapped) return mapped.type;
  switch (spec?.kind) {
    case 'number':
    case 'price':
    case 'percent':
    case 'fileSize':
      return 'numeric';
    case 'date':
      return 'date';
    case 'dateTime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/**
 * The SQL expression of a wire field: its column, or its value in `data` cast to its type. Field
 * names come from the catalogue and column names from the storage map, never from a request.
 */
export function fieldExpression(
  storage: Storage,
  spec: FieldSpec | undefined,
  name: string,
): RawBuilder<unknown> {
  const mapped = storage.columns[name];
  if (mapped) return sql`t.${sql.ref(mapped.column)}`;
  const raw = sql`(t.data ->> ${sql.lit(name)})`;
  switch (sqlTypeOf(storage, spec, name)) {
    case 'numeric':
      return sql`(${raw})::numeric`;
    case 'date':
      return sql`(${raw})::date`;
    case 'timestamptz':
      return sql`(${raw})::timestamptz`;
    case 'boolean':
      return sql`(${raw})::boolean`;
    default:
      return raw;
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Escapes LIKE wildcards so a search for '50%' finds '50%'. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The pattern of a number searched from its start, upper-cased: numbers are upper-case and compared
 * as `upper(value) like 'DD2025%'`, which a `text_pattern_ops` index on upper(value) answers.
 */
export const prefixPattern = (text: string) => `${escapeLike(text.toUpperCase())}%`;
