import type { FieldDef } from '../../catalogue/types';
import { isValidCreditCode } from '../../domain/credit-code';
import { isNonNegativeMoney } from '../../domain/validators';

/**
 * What is wrong with one field of a form: a check of the form's own (a locale key under
 * app.form.problems, naming another field or a limit where it needs to), or the server's words.
 */
export type FieldProblem =
  | { kind: 'check'; code: CheckCode; other?: string; limit?: number }
  | { kind: 'server'; message: string };

export type CheckCode =
  | 'required'
  | 'number'
  | 'money'
  | 'percent'
  | 'date'
  | 'dateTime'
  | 'notBefore'
  | 'tooLong'
  | 'creditCode'
  | 'phone'
  | 'email';

type Values = Record<string, unknown>;

// The server's limits on text (server/resources/values.ts), so a long text is refused before sending.
const TEXT_LIMIT: Partial<Record<FieldDef['kind'], number>> = { text: 500, longText: 5000 };
const PHONE = /^\+?[\d\s()-]{5,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value.slice(0, 10));
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const check = (code: CheckCode, extra: { other?: string; limit?: number } = {}): FieldProblem => ({
  kind: 'check',
  code,
  ...extra,
});

/** The problem of one filled value by its field's kind and name, or undefined when it is fine. */
function valueProblem(field: FieldDef, value: unknown): FieldProblem | undefined {
  const text = String(value).trim();
  switch (field.kind) {
    case 'number':
      return Number.isFinite(Number(text)) ? undefined : check('number');
    case 'price':
      return isNonNegativeMoney(typeof value === 'number' ? value : text) ? undefined : check('money');
    case 'percent': {
      const number = Number(text);
      return text !== '' && Number.isFinite(number) && number >= 0 && number <= 100
        ? undefined
        : check('percent');
    }
    case 'date':
      return isCalendarDay(text) ? undefined : check('date');
    case 'dateTime':
      return Number.isFinite(typeof value === 'number' ? value : Date.parse(text))
        ? undefined
        : check('dateTime');
  }
  const limit = TEXT_LIMIT[field.kind];
  if (limit && text.length > limit) return check('tooLong', { limit });
  if (/CreditCode/.test(field.field) && !isValidCreditCode(text)) return check('creditCode');
  if (/Phone$|Mobile$/.test(field.field) && !PHONE.test(text)) return check('phone');
  if (/Email$/i.test(field.field) && !EMAIL.test(text)) return check('email');
  return undefined;
}

// An end (EndDate, ExtEndTime_SDK) pairs with the start named the same way in the same form.
const startOf = (field: string) => field.replace(/End/, 'Start');

/**
 * Every problem the form can see before sending: required fields left empty (SPEC §5), numbers,
 * amounts, percentages, dates, codes, phones and e-mails typed wrong, and an end before its start.
 * Read-only fields are the server's to fill and are not checked.
 */
export function formProblems(fields: FieldDef[], values: Values): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  const names = new Set(fields.map((f) => f.field));
  for (const field of fields) {
    if (field.readOnly) continue;
    const value = values[field.field];
    if (isBlank(value)) {
      if (field.required) problems[field.field] = check('required');
      continue;
    }
    if (field.kind === 'file' || field.kind === 'boolean' || field.kind === 'dict') continue;
    const problem = valueProblem(field, value);
    if (problem) {
      problems[field.field] = problem;
      continue;
    }
    const start = startOf(field.field);
    const startValue = values[start];
    if (
      (field.kind === 'date' || field.kind === 'dateTime') &&
      start !== field.field &&
      names.has(start) &&
      !isBlank(startValue) &&
      String(value) < String(startValue)
    )
      problems[field.field] = check('notBefore', { other: start });
  }
  return problems;
}
