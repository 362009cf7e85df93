import { type RawBuilder, sql } from 'kysely';
import { businessTimeZone } from '../../domain/business-clock';
import { UUID_PATTERN } from '../../domain/uuid';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
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
  MAX_PAGE,
} from '../http/validate';
import { fieldExpression, likePattern, prefixPattern, type SqlType, sqlTypeOf } from './expressions';
import type { FieldSpec } from './fields';
import { matchingRows } from './matching-rows';
import type { ResourceDef } from './registry';
import { beforeRead } from './rules';
import { resourceScope } from './scope';
import { selectColumns, toWire, wireJsonOf } from './wire';

/** Keys of a search body that are not filters (SPEC §7 generic table: paging plus initial parameters). */
const RESERVED = new Set(['currentPage', 'pageSize', 'sort', 'keyword', 'PageID', 'AwaitingMe']);

/**
 * The subjects of a resource whose workflow stream waits for the caller — the person a step names or
 * was forwarded to, else anyone of the step's role — as a subquery of ids; only that workflow's streams
 * where one is named (an agent's applications, not its credit-limit requests, on the agent lists).
 */
export const subjectsAwaiting = (resource: string, caller: Caller, workflow?: string) => sql`
  select s.subject_id from workflow_stream s
  where s.subject_resource = ${resource} and s.pending_role is not null
    and (s.pending_person = ${caller.employeeId}
         or (s.pending_person is null and s.pending_role = ${caller.roleCode}))
    ${workflow ? sql`and s.workflow = ${workflow}` : sql``}`;

/** A row that says who it waits for (`awaiting_role`, `awaiting_person`) waits for the caller. */
export const rowAwaitsCaller = (caller: Caller) =>
  sql<boolean>`(t.awaiting_role is not null and (t.awaiting_person = ${caller.employeeId}
    or (t.awaiting_person is null and t.awaiting_role = ${caller.roleCode})))`;

/**
 * The to-do lens (`AwaitingMe`): records of which a workflow stream waits for the caller. Scope still
 * applies on top. A table that keeps who its record waits for answers from the row itself (its partial
 * index). Where the page's inbox workflow waits on records through others (a task package on its
 * lines), the resource's area says which records it puts on the list.
 */
const awaitingCaller = (def: ResourceDef, caller: Caller, pageId: unknown) => {
  const through = def.awaitingFor(pageId);
  if (through) return through(caller);
  return def.storage.awaiting
    ? rowAwaitsCaller(caller)
    : sql<boolean>`t.object_id in (${subjectsAwaiting(def.name, caller, def.inboxOf(pageId))})`;
};
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
export const MAX_PAGE_SIZE = 100;

export interface SearchResult {
  rows: Record<string, unknown>[];
  total: number;
  /** The total is the planner's estimate: more rows match than are worth counting exactly. */
  estimated?: boolean;
}

type Body = Record<string, unknown>;

/** The largest number a search compares with: beyond any amount a numeric(18, 2) column holds. */
const MAX_FILTER_NUMBER = 1e16;
const dayProblem = { key: 'server.input.problems.day', params: { min: EARLIEST_YEAR, max: LATEST_YEAR } };

/** A paging number as sent: a number or its text; anything else (an object, a list) is no number. */
const pagingNumber = (value: unknown, fallback: number) =>
  value === undefined
    ? fallback
    : typeof value === 'number' || typeof value === 'string'
      ? Number(value)
      : Number.NaN;

function pageOf(body: Body) {
  const currentPage = pagingNumber(body.currentPage, 1);
  const pageSize = pagingNumber(body.pageSize, 10);
  if (!Number.isInteger(currentPage) || currentPage < 1 || currentPage > MAX_PAGE)
    throw fieldError(undefined, 'currentPage', {
      key: 'server.input.problems.integerRange',
      params: { min: 1, max: MAX_PAGE },
    });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new PortalError(400, 'server.pageSizeRange', { max: MAX_PAGE_SIZE });
  }
  return { currentPage, pageSize };
}

/** A text a search compares with: bounded, without NUL, else refused naming the field. */
function searchText(resource: string, key: string, value: unknown): string {
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
function filterCondition(def: ResourceDef, key: string, value: unknown): RawBuilder<boolean> | undefined {
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

function orderBy(def: ResourceDef, sort: unknown) {
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

/** What every read of the resource applies: its table share, the scope (or a lens's reach), the page's lens. */
export function baseConditions(def: ResourceDef, caller: Caller, fixed?: Record<string, string>) {
  const conditions: RawBuilder<boolean>[] = [def.readScope?.(caller) ?? resourceScope(def.name, caller)];
  if (def.storage.shared) conditions.unshift(sql<boolean>`t.resource = ${def.name}`);
  if (fixed) conditions.push(...lensConditions(def, fixed));
  return conditions;
}

/** A page's fixed lens (its declared filters) as conditions, built once per lens: it never changes. */
const lenses = new WeakMap<Record<string, string>, { def: ResourceDef; conditions: RawBuilder<boolean>[] }>();

function lensConditions(def: ResourceDef, fixed: Record<string, string>) {
  const kept = lenses.get(fixed);
  if (kept?.def === def) return kept.conditions;
  const conditions: RawBuilder<boolean>[] = [];
  for (const [key, value] of Object.entries(fixed)) {
    const condition = filterCondition(def, key, value);
    if (condition) conditions.push(condition);
  }
  lenses.set(fixed, { def, conditions });
  return conditions;
}

/**
 * The WHERE and ORDER BY of a search body (filters, keyword, scope, the page's fixed lens, sort); the
 * paged list and the export read the same rows through it. Unknown filters and sorts are refused.
 */
export function searchPlan(def: ResourceDef, caller: Caller, body: Body) {
  const fixed = def.fixedFor(body.PageID);
  const conditions = baseConditions(def, caller, fixed);
  /** What narrows the search beyond the scope: the filters by name, the keyword and the to-do lens. */
  const narrowedBy = Object.keys(fixed);
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key)) continue;
    const condition = filterCondition(def, key, value);
    if (condition) conditions.push(condition);
    if (condition) narrowedBy.push(key);
  }
  const keyword =
    body.keyword === undefined || body.keyword === null ? '' : searchText(def.name, 'keyword', body.keyword);
  if (keyword.trim() && def.storage.keywordFields?.length) {
    const pattern = likePattern(keyword.trim());
    const any = def.storage.keywordFields.map(
      (f) => sql<boolean>`${fieldExpression(def.storage, def.fields.get(f), f)} ilike ${pattern}`,
    );
    conditions.push(sql<boolean>`(${sql.join(any, sql` or `)})`);
    narrowedBy.push('keyword');
  }
  if (isOn(body.AwaitingMe)) conditions.push(awaitingCaller(def, caller, body.PageID));
  if (isOn(body.AwaitingMe)) narrowedBy.push('AwaitingMe');
  return { where: sql.join(conditions, sql` and `), order: orderBy(def, body.sort), narrowedBy };
}

/** A business number typed down to its month (`DD202503…`) or narrower names few rows. */
const NARROW_NUMBER_PREFIX = 8;

const narrowsByNumber = (def: ResourceDef, body: Body) =>
  Object.entries(body).some(
    ([key, value]) =>
      def.fields.get(key)?.prefixMatch &&
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).trim().length >= NARROW_NUMBER_PREFIX,
  );

/** The to-do lens of a table that does not keep who its records wait for: the streams name them. */
const awaitsThroughStreams = (def: ResourceDef, body: Body) => isOn(body.AwaitingMe) && !def.storage.awaiting;

/** The statements one search runs: the page of rows and the (bounded) count. */
export function searchStatements(def: ResourceDef, caller: Caller, body: Body) {
  const { currentPage, pageSize } = pageOf(body);
  const { where, order, narrowedBy } = searchPlan(def, caller, body);
  const table = sql.table(def.storage.table);
  const kept = def.storage.keptCount;
  const page = sql`order by ${order} limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
  // Numbers carry their day, so a month's or a day's matches sit together in time; the planner, which
  // assumes them spread evenly, would walk the newest-first index past everything newer. Reading the
  // matches through the number index first, then sorting them, keeps such a search in milliseconds.
  // The same holds for the to-do lens read through the streams: the records waiting for someone are
  // few, and walking the whole table newest first to find them (none, often) took a second at scale.
  const rows =
    narrowsByNumber(def, body) || awaitsThroughStreams(def, body)
      ? sql<Record<string, unknown>>`with t as materialized (select * from ${table} t where ${where})
      select ${selectColumns(def)} from t ${page}`
      : sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t where ${where} ${page}`;
  return {
    rows,
    /** The same page as the JSON array of its rows on the wire (`wireJsonOf`), as its answer carries it. */
    page: wireJsonOf(def, rows),
    /** How many rows match, counted up to `limit + 1` (one more says "more than `limit`"). */
    countUpTo: (limit: number) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from (select 1 from ${table} t where ${where} limit ${limit + 1}) c`,
    estimate: sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from ${table} t where ${where}`,
    /** The exact count the groups keep, where the search filters by nothing but their fields. */
    kept:
      kept && narrowedBy.every((key) => kept.fields.includes(key))
        ? sql<{ n: number }>`select coalesce(sum(t.${sql.ref(kept.count)}), 0)::int as n
            from ${sql.table(kept.table)} t where ${where}`
        : undefined,
  };
}

export type SearchStatements = ReturnType<typeof searchStatements>;

/** POST /<resource>/search: paged, filtered, sorted rows within the caller's scope. */
export async function searchRecords(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  body: Body,
): Promise<SearchResult> {
  await beforeRead(db, def, caller, body);
  const statements = searchStatements(def, caller, body);
  const [rows, { total, estimated }] = await Promise.all([
    statements.rows.execute(db),
    matchingRows(db, statements),
  ]);
  return { rows: rows.rows.map((row) => toWire(def, row)), total, ...(estimated ? { estimated: true } : {}) };
}

/**
 * POST /<resource>/search as the answer sends it: the same page as `searchRecords`, written by the
 * database as the JSON array of its rows (`wireJsonOf`), with the total.
 */
export async function searchAnswer(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  body: Body,
): Promise<{ rowsJson: string; total: number; estimated?: true }> {
  await beforeRead(db, def, caller, body);
  const statements = searchStatements(def, caller, body);
  const [page, { total, estimated }] = await Promise.all([
    statements.page.execute(db),
    matchingRows(db, statements),
  ]);
  return { rowsJson: page.rows[0]?.page ?? '[]', total, ...(estimated ? { estimated: true as const } : {}) };
}
