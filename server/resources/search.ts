import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { badField, PortalError } from '../http/envelope';
import { BUSINESS_TIME_ZONE, fieldExpression, likePattern, prefixPattern, sqlTypeOf } from './expressions';
import type { ResourceDef } from './registry';
import { scopeCondition } from './scope';
import { selectColumns, toWire } from './wire';

/** Keys of a search body that are not filters (SPEC §7 generic table: paging plus initial parameters). */
const RESERVED = new Set(['currentPage', 'pageSize', 'sort', 'keyword', 'PageID', 'AwaitingMe']);

/**
 * The to-do lens (`AwaitingMe`): records of which a workflow stream waits for the caller — the person
 * a step names or was forwarded to, else anyone of the step's role. Scope still applies on top.
 */
const awaitingCaller = (def: ResourceDef, caller: Caller) => sql<boolean>`t.object_id in (
  select s.subject_id from workflow_stream s
  where s.subject_resource = ${def.name} and s.pending_role is not null
    and (s.pending_person = ${caller.employeeId}
         or (s.pending_person is null and s.pending_role = ${caller.roleCode})))`;
const isOn = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
export const MAX_PAGE_SIZE = 100;

export interface SearchResult {
  rows: Record<string, unknown>[];
  total: number;
  /** The total is the planner's estimate: more rows match than are worth counting exactly. */
  estimated?: boolean;
}

type Body = Record<string, unknown>;

function pageOf(body: Body) {
  const currentPage = body.currentPage === undefined ? 1 : Number(body.currentPage);
  const pageSize = body.pageSize === undefined ? 10 : Number(body.pageSize);
  if (!Number.isInteger(currentPage) || currentPage < 1)
    throw badField('currentPage', 'server.problems.positiveInteger');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new PortalError(400, 'server.pageSizeRange', { max: MAX_PAGE_SIZE });
  }
  return { currentPage, pageSize };
}

/** One filter of the body as SQL, following the field's kind (SPEC §9 for time parameters). */
function filterCondition(def: ResourceDef, key: string, value: unknown): RawBuilder<boolean> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const range = /^(.+?)(Start|End|Min|Max)$/.exec(key);
  const name = def.fields.has(key) || def.storage.columns[key] ? key : range?.[1];
  if (!name || !(def.fields.has(name) || def.storage.columns[name]))
    throw new PortalError(400, 'server.unknownFilter', { field: key });
  const spec = def.fields.get(name);
  const expression = fieldExpression(def.storage, spec, name);
  const type = sqlTypeOf(def.storage, spec, name);
  const bound = name === key ? undefined : range?.[2];

  if (bound === 'Start' || bound === 'End') return timeBound(expression, type, bound, value, key);
  if (bound === 'Min' || bound === 'Max') {
    const number = Number(value);
    if (!Number.isFinite(number)) throw badField(key, 'server.problems.number');
    return bound === 'Min'
      ? sql<boolean>`${expression} >= ${number}`
      : sql<boolean>`${expression} <= ${number}`;
  }
  if (spec?.kind === 'dict' || type === 'uuid') {
    const values = Array.isArray(value)
      ? value.map(String)
      : String(value)
          .split(',')
          .map((v) => v.trim());
    if (values.length > 100) throw badField(key, 'server.problems.tooMany');
    return sql<boolean>`${expression} in (${sql.join(values)})`;
  }
  switch (type) {
    case 'numeric':
    case 'integer': {
      const number = Number(value);
      if (!Number.isFinite(number)) throw badField(key, 'server.problems.number');
      return sql<boolean>`${expression} = ${number}`;
    }
    case 'boolean':
      return sql<boolean>`${expression} = ${value === true || value === 'true' || value === 1 || value === '1'}`;
    case 'date':
    case 'timestamptz':
      return sql<boolean>`(${expression})::date = ${String(value).slice(0, 10)}::date`;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw badField(key, 'server.problems.text');
      if (String(value).length > 200) throw badField(key, 'server.problems.tooLong');
      // Business numbers match from their start (an index serves it); other text matches anywhere.
      if (spec?.prefixMatch)
        return sql<boolean>`upper(${expression}) like ${prefixPattern(String(value).trim())}`;
      return sql<boolean>`${expression} ilike ${likePattern(String(value).trim())}`;
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
  key: string,
) {
  const op = sql.raw(bound === 'Start' ? '>=' : '<=');
  if (typeof value === 'number' || /^\d{10,14}$/.test(String(value))) {
    const ms = Number(value);
    const instant = sql`to_timestamp(${ms / 1000})`;
    if (type === 'date')
      return sql<boolean>`${expression} ${op} (${instant} at time zone ${BUSINESS_TIME_ZONE})::date`;
    return sql<boolean>`${expression} ${op} ${instant}`;
  }
  const day = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw badField(key, 'server.problems.date');
  if (type === 'date') return sql<boolean>`${expression} ${op} ${day}::date`;
  return bound === 'Start'
    ? sql<boolean>`${expression} >= (${day}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`
    : sql<boolean>`${expression} < ((${day}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

/** The field a body sorts by, as an SQL expression and a direction; unknown or unsortable fields are refused. */
export function sortOf(def: ResourceDef, sort: unknown) {
  const text = typeof sort === 'string' && sort ? sort : def.storage.defaultSort;
  const descending = text.startsWith('-');
  const name = descending ? text.slice(1) : text;
  const sortable =
    def.storage.columns[name] ||
    def.fields.get(name)?.sortable ||
    name === def.storage.defaultSort.replace('-', '');
  if (!sortable) throw new PortalError(400, 'server.unknownSort', { field: name });
  return {
    expression: fieldExpression(def.storage, def.fields.get(name), name),
    descending,
    mapped: Boolean(def.storage.columns[name]),
  };
}

function orderBy(def: ResourceDef, sort: unknown) {
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
  return sql`${expression} ${sql.raw(direction)}, t.object_id ${sql.raw(descending ? 'desc' : 'asc')}`;
}

/** The conditions every read of the resource applies: its table share, the scope, the page's lens. */
export function baseConditions(def: ResourceDef, caller: Caller, fixed: Record<string, string> = {}) {
  const conditions: RawBuilder<boolean>[] = [scopeCondition(caller)];
  if (def.storage.shared) conditions.unshift(sql<boolean>`t.resource = ${def.name}`);
  for (const [key, value] of Object.entries(fixed)) {
    const condition = filterCondition(def, key, value);
    if (condition) conditions.push(condition);
  }
  return conditions;
}

/**
 * The WHERE and ORDER BY of a search body (filters, keyword, scope, the page's fixed lens, sort); the
 * paged list and the export read the same rows through it. Unknown filters and sorts are refused.
 */
export function searchPlan(def: ResourceDef, caller: Caller, body: Body) {
  const conditions = baseConditions(def, caller, def.fixedFor(body.PageID));
  for (const [key, value] of Object.entries(body)) {
    if (RESERVED.has(key)) continue;
    const condition = filterCondition(def, key, value);
    if (condition) conditions.push(condition);
  }
  if (typeof body.keyword === 'string' && body.keyword.trim() && def.storage.keywordFields?.length) {
    const pattern = likePattern(body.keyword.trim());
    const any = def.storage.keywordFields.map(
      (f) => sql<boolean>`${fieldExpression(def.storage, def.fields.get(f), f)} ilike ${pattern}`,
    );
    conditions.push(sql<boolean>`(${sql.join(any, sql` or `)})`);
  }
  if (isOn(body.AwaitingMe)) conditions.push(awaitingCaller(def, caller));
  return { where: sql.join(conditions, sql` and `), order: orderBy(def, body.sort) };
}

/**
 * Counting stops at this many rows; past it the planner's estimate stands in, marked as such. An exact
 * count of a million rows on every page turn would cost more than the page itself (ARCHITECTURE.md §9).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/** A business number typed down to its month (`DD202503…`) or narrower names few rows. */
const NARROW_NUMBER_PREFIX = 8;

const narrowsByNumber = (def: ResourceDef, body: Body) =>
  Object.entries(body).some(
    ([key, value]) =>
      def.fields.get(key)?.prefixMatch &&
      (typeof value === 'string' || typeof value === 'number') &&
      String(value).trim().length >= NARROW_NUMBER_PREFIX,
  );

/** The statements one search runs: the page of rows and the (bounded) count. */
export function searchStatements(def: ResourceDef, caller: Caller, body: Body) {
  const { currentPage, pageSize } = pageOf(body);
  const { where, order } = searchPlan(def, caller, body);
  const table = sql.table(def.storage.table);
  const page = sql`order by ${order} limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
  // Numbers carry their day, so a month's or a day's matches sit together in time; the planner, which
  // assumes them spread evenly, would walk the newest-first index past everything newer. Reading the
  // matches through the number index first, then sorting them, keeps such a search in milliseconds.
  const rows = narrowsByNumber(def, body)
    ? sql<Record<string, unknown>>`with t as materialized (select * from ${table} t where ${where})
      select ${selectColumns(def)} from t ${page}`
    : sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t where ${where} ${page}`;
  return {
    rows,
    count: sql<{
      n: number;
    }>`select count(*)::int as n from (select 1 from ${table} t where ${where} limit ${EXACT_COUNT_LIMIT + 1}) c`,
    estimate: sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from ${table} t where ${where}`,
  };
}

/** The planner's row estimate of a statement (EXPLAIN's "Plan Rows"). */
async function estimatedRows(db: Db, statement: ReturnType<typeof searchStatements>['estimate']) {
  const result = await statement.execute(db);
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Number((parsed as { Plan: { 'Plan Rows': number } }[])?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** POST /<resource>/search: paged, filtered, sorted rows within the caller's scope. */
export async function searchRecords(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  body: Body,
): Promise<SearchResult> {
  const statements = searchStatements(def, caller, body);
  const [rows, count] = await Promise.all([statements.rows.execute(db), statements.count.execute(db)]);
  const counted = count.rows[0]?.n ?? 0;
  const estimated = counted > EXACT_COUNT_LIMIT;
  const total = estimated ? Math.max(counted, await estimatedRows(db, statements.estimate)) : counted;
  return { rows: rows.rows.map((row) => toWire(def, row)), total, ...(estimated ? { estimated: true } : {}) };
}
