import { type RawBuilder, sql } from 'kysely';
import type { FieldSpec } from './fields';
import type { Storage } from './storage';

/** How a field is compared and sorted in SQL. */
export type SqlType = 'text' | 'numeric' | 'date' | 'timestamptz' | 'boolean' | 'uuid' | 'integer';

export function sqlTypeOf(storage: Storage, spec: FieldSpec | undefined, name: string): SqlType {
  const mapped = Object.hasOwn(storage.columns, name) ? storage.columns[name] : undefined;
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
  const mapped = Object.hasOwn(storage.columns, name) ? storage.columns[name] : undefined;
  if (mapped) return sql`t.${sql.ref(mapped.column)}`;
  const raw = sql`(t.data ->> ${sql.lit(name)})`;
  switch (sqlTypeOf(storage, spec, name)) {
    case 'numeric':
      return safeNumeric(raw);
    case 'date':
      return safeDate(raw);
    case 'timestamptz':
      return safeTimestamp(raw);
    case 'boolean':
      return safeBoolean(raw);
    default:
      return raw;
  }
}

/*
 * A value kept in `data` is cast only when it reads as its type; anything else (a value stored before
 * writes were checked, such as 30 February) reads as empty. One bad row must never fail a search or a
 * sort for everyone. PostgreSQL 15 has no pg_input_is_valid, so the checks are spelled out, in CASE
 * arms, which PostgreSQL evaluates in order (an AND would not guarantee the cast runs last).
 */
const DAY = '^[0-9]{4}-[0-9]{2}-[0-9]{2}';

/** 'YYYY-MM-DD…' naming a day that exists, as the day; else null. */
function safeDate(raw: RawBuilder<unknown>): RawBuilder<unknown> {
  const year = sql`substr(${raw}, 1, 4)::int`;
  const month = sql`substr(${raw}, 6, 2)::int`;
  const day = sql`substr(${raw}, 9, 2)::int`;
  return sql`(case when ${raw} !~ ${DAY} then null
    when ${year} < 1 or ${month} not between 1 and 12 then null
    when ${day} between 1 and extract(day from make_date(${year}, ${month}, 1) + interval '1 month - 1 day')
      then substr(${raw}, 1, 10)::date end)`;
}

function safeTimestamp(raw: RawBuilder<unknown>): RawBuilder<unknown> {
  const time = `^([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](.[0-9]{1,6})?)?)?(Z|[+-]([01][0-9]|2[0-3])(:?[0-5][0-9])?)?$`;
  return sql`(case when ${safeDate(raw)} is null then null
    when substr(${raw}, 11) ~ ${time} then (${raw})::timestamptz end)`;
}

function safeNumeric(raw: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(case when ${raw} ~ ${'^ *-?[0-9]{1,20}(.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})? *$'} then (${raw})::numeric end)`;
}

function safeBoolean(raw: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(case when lower(${raw}) in ('true', 'false', 't', 'f', 'yes', 'no', 'on', 'off', '1', '0')
    then (${raw})::boolean end)`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Escapes LIKE wildcards so a search for '50%' finds '50%'. */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;

/**
 * The pattern of a number searched from its start, upper-cased: numbers are upper-case and compared
 * as `upper(value) like 'DD2025%'`, which a `text_pattern_ops` index on upper(value) answers.
 */
export const prefixPattern = (text: string) => `${escapeLike(text.toUpperCase())}%`;

/** How many characters of a business number name its year: the prefix and four digits (`DD2025`). */
export const numberYearLength = (number: { prefix: string }) => number.prefix.length + 4;

/**
 * A business number's year (`DD2025`) as its table's year index holds it (migration 131); the literal
 * length keeps the expression the index's own.
 */
export const numberYearOf = (expression: RawBuilder<unknown>, number: { prefix: string }) =>
  sql<string>`left(upper(${expression}), ${sql.lit(numberYearLength(number))})`;
