import { type RawBuilder, sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { UUID_PATTERN } from '../../domain/uuid';
import { PortalError } from '../http/envelope';
import {
  containsNul,
  dayOf,
  EARLIEST_YEAR,
  echoed,
  fieldError,
  isReservedName,
  isSaneInstant,
  LATEST_YEAR,
  MAX_FILTER_LENGTH,
  MAX_INT,
} from '../http/validate';
import { fieldExpression, likePattern, prefixPattern, type SqlType, sqlTypeOf } from './expressions';
import type { FieldSpec } from './fields';
import type { ResourceDef } from './registry';

/*
 * A search body's filters and sort as SQL (SPEC §9 for time parameters): each checked against the
 * resource's fields and refused naming the key, each field's expression and each sort built once.
 */

/** The largest number a search compares with: beyond any amount a numeric(18, 2) column holds. */
const MAX_FILTER_NUMBER = 1e16;
const dayProblem = { key: 'server.input.problems.day', params: { min: EARLIEST_YEAR, max: LATEST_YEAR } };

/** A text a search compares with: bounded, without NUL, else refused naming the field. */
export function searchText(resource: string, key: string, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number')
    throw fieldError(resource, key, 'server.problems.text');
  const text = String(value);
  if (text.length > MAX_FILTER_LENGTH)
    throw fieldError(resource, key, {
      key: 'server.problems.tooBig.string',
      params: { limit: MAX_FILTER_LENGTH },
    });
  if (containsNul(text)) throw fieldError(resource, key, 'server.input.problems.nul');
  return text;
}

/** A number a search compares with, within what the field's column can hold. */
function searchNumber(resource: string, key: string, value: unknown, type: string): number {
  const number = typeof value === 'string' && value.trim() ? Number(searchText(resource, key, value)) : value;
  if (type === 'integer') {
    if (!Number.isInteger(number) || Math.abs(number as number) > MAX_INT)
      throw fieldError(resource, key, {
        key: 'server.input.problems.integerRange',
        params: { min: -MAX_INT, max: MAX_INT },
      });
    return number as number;
  }
  if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) >= MAX_FILTER_NUMBER)
    throw fieldError(resource, key, 'server.problems.number');
  return number;
}

type Bound = 'Start' | 'End' | 'Min' | 'Max';

/** What a filter's key names on a resource: the field, its SQL expression and type, and the range bound. */
interface FilterField {
  name: string;
  spec: FieldSpec | undefined;
  expression: RawBuilder<unknown>;
  type: SqlType;
  bound: Bound | undefined;
}

const isKnownField = (def: ResourceDef, name: string) =>
  !isReservedName(name) && (def.fields.has(name) || Object.hasOwn(def.storage.columns, name));

/** The field a filter's key names (`OrderNo`, `OrderDateStart`, `OrderAmountMin`), or a 400 naming the key. */
function resolveFilterField(def: ResourceDef, key: string): FilterField {
  const range = /^(.+?)(Start|End|Min|Max)$/.exec(key);
  const name = isKnownField(def, key) ? key : range?.[1];
  if (!name || !isKnownField(def, name))
    throw new PortalError(400, 'server.unknownFilter', { field: echoed(key) });
  const spec = def.fields.get(name);
  const type = sqlTypeOf(def.storage, spec, name);
  const bound = name === key ? undefined : (range?.[2] as Bound);
  // A range bound fits only its kind of field: times have a start and an end, numbers a least and a most.
  const timed = type === 'date' || type === 'timestamptz';
  const counted = type === 'numeric' || type === 'integer';
  if (
    ((bound === 'Start' || bound === 'End') && !timed) ||
    ((bound === 'Min' || bound === 'Max') && !counted)
  )
    throw new PortalError(400, 'server.unknownFilter', { field: echoed(key) });
  return { name, spec, expression: fieldExpression(def.storage, spec, name), type, bound };
}

/**
 * The fields a resource's filters have named, worked out once each: a list request names the same few
 * on every page turn, and their expressions (a `data` field's checked cast) are a tree of SQL to build.
 * Only keys that name a field are kept, so what a request makes up cannot grow the map.
 */
const filterFields = new WeakMap<ResourceDef, Map<string, FilterField>>();

/** The map of a resource's kept pieces, made at its first search. */
function keptOf<V>(kept: WeakMap<ResourceDef, Map<string, V>>, def: ResourceDef): Map<string, V> {
  let pieces = kept.get(def);
  if (!pieces) {
    pieces = new Map();
    kept.set(def, pieces);
  }
  return pieces;
}

function filterField(def: ResourceDef, key: string): FilterField {
  const fields = keptOf(filterFields, def);
  let field = fields.get(key);
  if (!field) {
    field = resolveFilterField(def, key);
    fields.set(key, field);
  }
  return field;
}

/** One filter of the body as SQL, following the field's kind (SPEC §9 for time parameters). */
export function filterCondition(
  def: ResourceDef,
  key: string,
  value: unknown,
): RawBuilder<boolean> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const { name, spec, expression, type, bound } = filterField(def, key);
  const resource = def.name;
  if (bound === 'Start' || bound === 'End') return timeBound(expression, type, bound, value, resource, name);
  if (bound === 'Min' || bound === 'Max') {
    const number = searchNumber(resource, name, value, type);
    return bound === 'Min'
      ? sql<boolean>`${expression} >= ${number}`
      : sql<boolean>`${expression} <= ${number}`;
  }
  if (spec?.kind === 'dict' || type === 'uuid') {
    if (typeof value === 'object' && !Array.isArray(value))
      throw fieldError(resource, key, 'server.input.problems.notAList');
    const values = Array.isArray(value)
      ? value.map((v) => searchText(resource, key, v))
      : searchText(resource, key, value)
          .split(',')
          .map((v) => v.trim());
    // Nothing chosen in a multiple choice filters nothing.
    if (values.length === 0) return undefined;
    if (values.length > 100) throw fieldError(resource, key, 'server.problems.tooMany');
    if (type === 'uuid' && !values.every((v) => UUID_PATTERN.test(v)))
      throw fieldError(resource, key, 'server.input.problems.objectId');
    if (type === 'integer' || type === 'numeric')
      return sql<boolean>`${expression} in (${sql.join(values.map((v) => searchNumber(resource, key, v, type)))})`;
    return sql<boolean>`${expression} in (${sql.join(values)})`;
  }
  switch (type) {
    case 'numeric':
    case 'integer':
      return sql<boolean>`${expression} = ${searchNumber(resource, key, value, type)}`;
    case 'boolean':
      return sql<boolean>`${expression} = ${value === true || value === 'true' || value === 1 || value === '1'}`;
    case 'date':
    case 'timestamptz': {
      const day = dayOf(searchText(resource, key, value));
      if (!day) throw fieldError(resource, key, dayProblem);
      if (type === 'date') return sql<boolean>`${expression} = ${day}::date`;
      // An instant is on the day it falls on the business clock, not on the database session's day.
      return sql<boolean>`${expression} >= (${day}::date::timestamp at time zone ${businessTimeZone()})
        and ${expression} < ((${day}::date + 1)::timestamp at time zone ${businessTimeZone()})`;
    }
    default: {
      const text = searchText(resource, key, value).trim();
      // Business numbers match from their start (an index serves it); other text matches anywhere.
      if (spec?.prefixMatch) return sql<boolean>`upper(${expression}) like ${prefixPattern(text)}`;
      return sql<boolean>`${expression} ilike ${likePattern(text)}`;
    }
  }
}

/**
 * A time bound: epoch milliseconds (SPEC §9: the client sends day starts and day ends as ms) or a
 * 'YYYY-MM-DD' day. Date-typed fields compare calendar days in the business time zone.
 */
function timeBound(
  expression: RawBuilder<unknown>,
  type: string,
  bound: 'Start' | 'End',
  value: unknown,
  resource: string,
  key: string,
) {
  const op = sql.raw(bound === 'Start' ? '>=' : '<=');
  if (typeof value === 'number' || /^\d{10,14}$/.test(String(value))) {
    const ms = Number(value);
    if (!isSaneInstant(ms))
      throw fieldError(resource, key, {
        key: 'server.input.problems.instant',
        params: { min: EARLIEST_YEAR, max: LATEST_YEAR },
      });
    const instant = sql`to_timestamp(${ms / 1000})`;
    if (type === 'date')
      return sql<boolean>`${expression} ${op} (${instant} at time zone ${businessTimeZone()})::date`;
    return sql<boolean>`${expression} ${op} ${instant}`;
  }
  const day = dayOf(searchText(resource, key, value));
  if (!day || day !== value) throw fieldError(resource, key, dayProblem);
  if (type === 'date') return sql<boolean>`${expression} ${op} ${day}::date`;
  return bound === 'Start'
    ? sql<boolean>`${expression} >= (${day}::date::timestamp at time zone ${businessTimeZone()})`
    : sql<boolean>`${expression} < ((${day}::date + 1)::timestamp at time zone ${businessTimeZone()})`;
}

/** The sort a body names (`-OrderDate`), checked, else the resource's default; unknown or unsortable fields are refused. */
function checkedSort(def: ResourceDef, sort: unknown) {
  if (sort !== undefined && sort !== null && sort !== '' && typeof sort !== 'string')
    throw fieldError(def.name, 'sort', 'server.problems.text');
  if (typeof sort === 'string' && (sort.length > MAX_FILTER_LENGTH || containsNul(sort)))
    throw new PortalError(400, 'server.unknownSort', { field: echoed(sort) });
  const text = typeof sort === 'string' && sort ? sort : def.storage.defaultSort;
  const descending = text.startsWith('-');
  const name = descending ? text.slice(1) : text;
  const sortable =
    !isReservedName(name) &&
    (Object.hasOwn(def.storage.columns, name) ||
      def.fields.get(name)?.sortable ||
      name === def.storage.defaultSort.replace('-', ''));
  if (!sortable) throw new PortalError(400, 'server.unknownSort', { field: name });
  return { text, name, descending };
}

/** The field a body sorts by, as an SQL expression and a direction. */
export function sortOf(def: ResourceDef, sort: unknown) {
  const { name, descending } = checkedSort(def, sort);
  return {
    expression: fieldExpression(def.storage, def.fields.get(name), name),
    descending,
    mapped: Object.hasOwn(def.storage.columns, name),
  };
}

/**
 * Each resource's ORDER BY for each sort a request has named, built once: a list sorts by a few fields.
 * Only checked sorts are kept, so what a request makes up cannot grow the map.
 */
const orderings = new WeakMap<ResourceDef, Map<string, RawBuilder<unknown>>>();

export function orderBy(def: ResourceDef, sort: unknown) {
  const { text } = checkedSort(def, sort);
  const built = keptOf(orderings, def);
  let order = built.get(text);
  if (!order) {
    const { expression, descending, mapped } = sortOf(def, sort);
    // A column sort keeps PostgreSQL's default null order so its index (… desc, object_id desc) serves
    // it; a `data` field puts empty values last. object_id breaks ties, so no row shows twice or never.
    const direction = mapped
      ? descending
        ? 'desc'
        : 'asc'
      : descending
        ? 'desc nulls last'
        : 'asc nulls last';
    order = sql`${expression} ${sql.raw(direction)}, t.object_id ${sql.raw(descending ? 'desc' : 'asc')}`;
    built.set(text, order);
  }
  return order;
}
