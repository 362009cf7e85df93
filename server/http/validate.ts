import type { z } from 'zod';
import { startOfBusinessDay } from '../../domain/business-clock';
import { fromBusinessTime } from '../../domain/format';
import { codedOptionsOf } from './coded-fields';
import { allowedValues, type Confirmation, ConfirmationAsked, PortalError } from './envelope';

/**
 * Parses a request body with its schema. The first problem is named with its field and described in
 * the caller's language, so the person sees which input is wrong; nothing is written before the body
 * is valid.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  // A NUL anywhere would fail the statement that stores or searches it: refuse it by its field first.
  if (body && typeof body === 'object')
    for (const [key, value] of Object.entries(body))
      if (key.includes('\u0000') || containsNul(value))
        throw fieldError(undefined, echoed(key), 'server.input.problems.nul');
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  if (
    valueAt(body, issue.path) === undefined ||
    (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
  ) {
    // Named by its label where it has one (a reason, a record), else by the name the request uses.
    throw fieldMissing(undefined, field);
  }
  // Named like every refused field: by its label, a nested one by its line and labels (field-words.ts).
  throw fieldError(undefined, field, problemKey(issue));
}

function valueAt(body: unknown, path: PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The kinds of value a refusal may ask for, each with its words (server.input.types), never zod's name. */
const TYPE_WORDS = new Set(['string', 'number', 'int', 'boolean', 'array', 'object', 'date']);
const typeWords = (expected: string) => ({ key: `server.input.types.${expected}`, params: {} });

/** A locale key under server.problems, with the limits it names, translated by the error handler. */
function problemKey(issue: z.core.$ZodIssue): { key: string; params: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_WORDS.has(issue.expected)
        ? { key: 'server.problems.type', params: { expected: typeWords(issue.expected) } }
        : { key: 'server.problems.invalid', params: {} };
    case 'too_big':
      return {
        key: `server.problems.tooBig.${issue.origin === 'string' ? 'string' : 'other'}`,
        params: { limit: issue.maximum },
      };
    case 'too_small':
      return {
        key: `server.problems.tooSmall.${issue.origin === 'string' ? 'string' : 'other'}`,
        params: { limit: issue.minimum },
      };
    case 'invalid_format':
      return { key: 'server.problems.format', params: {} };
    case 'invalid_value': {
      const field = String(issue.path.at(-1));
      return {
        key: 'server.problems.value',
        params: {
          values: allowedValues(issue.values, [`server.input.values.${field}`], codedOptionsOf(field)),
        },
      };
    }
    default:
      return { key: 'server.problems.invalid', params: {} };
  }
}

/**
 * Names every JavaScript object inherits (`constructor`, `__proto__`, `valueOf`, `toString`, ...). A
 * lookup by such a name in a plain object finds the inherited member instead of nothing, so they are
 * refused wherever a request names a field, a sort or a file's extension.
 */
export const isReservedName = (name: string) => name in Object.prototype || name === 'prototype';

/** The longest keyword or filter value a search accepts (ARCHITECTURE.md §10: every input is bounded). */
export const MAX_FILTER_LENGTH = 200;
export const MAX_PAGE = 100_000;
/** The calendar a date may fall in; anything outside is a typing slip or an attack, never business. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;
const EARLIEST_MS = Date.UTC(EARLIEST_YEAR, 0, 1);
const LATEST_MS = Date.UTC(LATEST_YEAR + 1, 0, 1);
/** PostgreSQL's integer column range. */
export const MAX_INT = 2_147_483_647;

/** PostgreSQL stores no NUL character in text or jsonb; one in a value would fail the statement. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1),
  );
}

/** 'YYYY-MM-DD' naming a day that exists (no 30 February) within the sane years. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day of a date value: 'YYYY-MM-DD', optionally followed by a time ('T…' or ' …'); else undefined. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const day = value.slice(0, 10);
  const rest = value.slice(10);
  if (rest && !/^[T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(rest)) return undefined;
  return isCalendarDay(day) ? day : undefined;
}

/** Epoch milliseconds within the sane years. */
export const isSaneInstant = (ms: number) => Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS;

/**
 * A date-time value as epoch ms; undefined if impossible. Epoch ms and a time with its zone are the
 * instant they name. A day alone is its start, and a time without a zone its wall time, on the business
 * clock (SPEC §9): what a person typed as 08:00 is 08:00 in Beijing, never the server host's 08:00.
 */
export function instantOf(value: unknown): number | undefined {
  if (typeof value === 'number') return isSaneInstant(value) ? value : undefined;
  if (typeof value !== 'string' || !dayOf(value)) return undefined;
  const ms =
    value.length === 10
      ? startOfBusinessDay(value).getTime()
      : ZONED.test(value)
        ? Date.parse(value.replace(' ', 'T'))
        : businessWallTime(value);
  return isSaneInstant(ms) ? ms : undefined;
}

/** A time that names its zone: 'Z' or an offset at its end. */
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/;

/** A zoneless time on the business clock, as epoch ms; NaN for a time no clock shows (25:00). */
function businessWallTime(value: string) {
  if (Number.isNaN(Date.parse(`${value.replace(' ', 'T')}Z`))) return Number.NaN;
  return Date.parse(fromBusinessTime(value));
}

type Problem = string | { key: string; params: Record<string, unknown> };

/**
 * A refused value of a field, named by its on-screen label: the error handler looks the label up for
 * the resource (`field.<resource>.<Field>`, then the shared ones) in the caller's language.
 */
export const fieldError = (resource: string | undefined, field: string, problem: Problem) =>
  new PortalError(400, 'server.invalidField', {
    field,
    resource: resource ?? null,
    problem: typeof problem === 'string' ? { key: problem, params: {} } : problem,
  });

/**
 * A field's value the records as they stand now do not allow (a conflict, 409), named like any
 * refused field: the same value may be saved once the other records change.
 */
export const fieldConflict = (resource: string | undefined, field: string, problem: Problem) =>
  new PortalError(409, 'server.invalidField', fieldError(resource, field, problem).params);

/**
 * A field's value that goes through once the person confirms what it carries along (a 409 asking, named
 * like any refused field; `ConfirmationAsked`): saved again with `Confirmed: { [name]: value }`.
 */
export const fieldConfirmation = (
  resource: string | undefined,
  field: string,
  problem: Problem,
  confirm: Confirmation,
) => new ConfirmationAsked('server.invalidField', fieldError(resource, field, problem).params, confirm);

/**
 * A value another record already holds (a unique credit code): a conflict (409), named like any refused
 * field. The problem says what holds it only in words that fit every holder, in the writer's scope or not.
 */
export const fieldTaken = (
  resource: string | undefined,
  field: string,
  problem: Problem = 'server.input.problems.taken',
) => fieldConflict(resource, field, problem);

/** A required field left out or blank, named by its on-screen label. */
export const fieldMissing = (resource: string | undefined, field: string) =>
  new PortalError(400, 'server.fieldRequired', { field, resource: resource ?? null });

/** A name a request sent, as an error may echo it: short and without NUL characters. */
export const echoed = (name: string) => name.slice(0, 40).split('\u0000').join('');

/**
 * A request body as the routes read it: a JSON object (or nothing), without NUL characters anywhere
 * (PostgreSQL stores none, so one would fail the statement) and with paging numbers that are numbers
 * or their text (coercing an object would run its own `toString`).
 */
export function plainBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new PortalError(400, 'server.input.notAnObject');
  const record = body as Record<string, unknown>;
  for (const [key, value] of Object.entries(record))
    if (key.includes('\u0000') || containsNul(value))
      throw fieldError(undefined, echoed(key), 'server.input.problems.nul');
  for (const key of ['currentPage', 'pageSize']) {
    const value = record[key];
    if (value !== undefined && typeof value !== 'number' && typeof value !== 'string')
      throw fieldError(undefined, key, {
        key: 'server.problems.type',
        params: { expected: typeWords('number') },
      });
  }
  return record;
}
