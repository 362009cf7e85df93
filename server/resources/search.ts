import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, MAX_PAGE } from '../http/validate';
import { fieldExpression, likePattern, numberYearLength, numberYearOf } from './expressions';
import { matchingRows } from './matching-rows';
import type { ResourceDef } from './registry';
import { beforeRead } from './rules';
import { resourceScope } from './scope';
import { filterCondition, orderBy, searchText } from './search-conditions';
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
  const year = numberYearCondition(def, body);
  if (year) conditions.push(year);
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

/** The business number a body filters by, as the filter compares it (trimmed, in capitals). */
const typedNumber = (def: ResourceDef, body: Body) => {
  const value = def.storage.number && body[def.storage.number.field];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().toUpperCase() : '';
};

/**
 * A number typed to its year but not its month (`DD2025`, `DD20251`) names a third of a line's orders,
 * neither few enough to read and sort nor spread among the newest: its year, said as the equality the
 * table's year index holds (migration 131), lets the page read that index newest first from its start.
 */
function numberYearCondition(def: ResourceDef, body: Body) {
  const number = def.storage.number;
  if (!number?.yearIndexed) return undefined;
  const typed = typedNumber(def, body);
  const length = numberYearLength(number);
  if (typed.length < length || typed.length >= NARROW_NUMBER_PREFIX) return undefined;
  const expression = fieldExpression(def.storage, def.fields.get(number.field), number.field);
  return sql<boolean>`${numberYearOf(expression, number)} = ${typed.slice(0, length)}`;
}

/**
 * The kept count of a search that filters by nothing but the groups' own fields (`keptCount`), and by
 * a number no further than its year where the groups are the number's years. A lens with a reach of its
 * own (a picker's) may read columns the groups do not have.
 */
function keptCountOf(def: ResourceDef, body: Body, narrowedBy: string[]) {
  const kept = def.storage.keptCount;
  if (!kept || def.readScope) return undefined;
  const number = def.storage.number;
  const byYear = (key: string) =>
    kept.byNumberYear && key === number?.field && typedNumber(def, body).length <= numberYearLength(number);
  return narrowedBy.every((key) => kept.fields.includes(key) || byYear(key)) ? kept : undefined;
}

/** The to-do lens of a table that does not keep who its records wait for: the streams name them. */
const awaitsThroughStreams = (def: ResourceDef, body: Body) => isOn(body.AwaitingMe) && !def.storage.awaiting;

/** The statements one search runs: the page of rows and the (bounded) count. */
export function searchStatements(def: ResourceDef, caller: Caller, body: Body) {
  const { currentPage, pageSize } = pageOf(body);
  const { where, order, narrowedBy } = searchPlan(def, caller, body);
  const table = sql.table(def.storage.table);
  const kept = keptCountOf(def, body, narrowedBy);
  const page = sql`order by ${order} limit ${pageSize} offset ${(currentPage - 1) * pageSize}`;
  // Numbers carry their day, so a month's or a day's matches sit together in time; the planner, which
  // assumes them spread evenly, would walk the newest-first index past everything newer. Reading the
  // matches through the number index first (a subquery the planner keeps apart, `offset 0`), sorting
  // their keys and reading the page's rows by key keeps such a search in milliseconds: an order's number
  // index carries the sort's keys, so a month's twenty thousand matches are read from it alone, and only
  // the page's ten rows from the table. The same holds for the to-do lens read through the streams: the
  // records waiting for someone are few, and walking the whole table newest first to find them (none,
  // often) took a second at scale.
  const readsEveryMatch = narrowsByNumber(def, body) || awaitsThroughStreams(def, body);
  const rows = readsEveryMatch
    ? sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t
      where t.object_id in (select t.object_id from (select * from ${table} t where ${where} offset 0) t ${page})
      order by ${order}`
    : sql<Record<string, unknown>>`select ${selectColumns(def)} from ${table} t where ${where} ${page}`;
  return {
    rows,
    /** The same page as the JSON array of its rows on the wire (`wireJsonOf`), as its answer carries it. */
    page: wireJsonOf(def, rows),
    /** Whether the page reads every match to sort them: a count of them costs no more than the page. */
    readsEveryMatch,
    /** How many rows match, counted up to `limit + 1` (one more says "more than `limit`"). */
    countUpTo: (limit: number) =>
      sql<{
        n: number;
      }>`select count(*)::int as n from (select 1 from ${table} t where ${where} limit ${limit + 1}) c`,
    estimate: sql<{ 'QUERY PLAN': unknown }>`explain (format json) select 1 from ${table} t where ${where}`,
    /** The exact count the groups keep, where the search filters by nothing but their fields. */
    kept: kept
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
