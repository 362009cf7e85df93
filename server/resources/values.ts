import { pageById } from '../../catalogue/catalogue';
import { lockOf } from '../../catalogue/define';
import { isNonNegativeMoney, numberOfText } from '../../domain/validators';
import type { Db } from '../db/database';
import { checkAttachmentValues } from '../files/attachment-values';
import { PortalError } from '../http/envelope';
import { translate } from '../http/i18n';
import {
  containsNul,
  dayOf,
  EARLIEST_YEAR,
  echoed,
  fieldError,
  fieldMissing,
  instantOf,
  LATEST_YEAR,
  MAX_INT,
} from '../http/validate';
import { dictionaryOptionsOf } from '../lookups/dictionary-options';
import type { FieldSpec } from './fields';
import type { ResourceDef } from './registry';

/** Keys a write carries besides fields: `Confirmed`, what the person confirmed in a dialog the save asked for. */
export const WRITE_RESERVED = new Set(['ObjectID', 'Version', 'PageID', 'Confirmed']);

/**
 * What a write's person confirmed (`Confirmed: { [name]: value }`, answering a `ConfirmationAsked`):
 * a few names with a text or a number each. A rule takes a confirmation only where its value is the
 * figure it asks about now.
 */
export function confirmationsOf(body: Record<string, unknown>): Readonly<Record<string, string | number>> {
  const sent = body.Confirmed;
  if (sent === undefined || sent === null) return {};
  const entries = typeof sent === 'object' && !Array.isArray(sent) ? Object.entries(sent) : undefined;
  const fits = ([name, value]: [string, unknown]) =>
    name.length <= 40 && (typeof value === 'number' || (typeof value === 'string' && value.length <= 100));
  if (!entries || entries.length > 10 || !entries.every(fits))
    throw new PortalError(400, 'server.input.badConfirmation');
  return Object.fromEntries(entries) as Record<string, string | number>;
}

const TEXT_LIMIT = { text: 500, longText: 5000, person: 100, commitmentLetter: 500, dict: 200 } as const;
/** The amounts a numeric(18, 2) column holds; prices kept in `data` follow the same rule. */
const MAX_AMOUNT = 1e16;
/** Numbers kept in `data` (counts, targets): far beyond any business figure, short of float trouble. */
const MAX_NUMBER = 1e12;
const dayProblem = { key: 'server.input.problems.day', params: { min: EARLIEST_YEAR, max: LATEST_YEAR } };

/** A value checked and normalised for its field's kind; null means "empty". */
function normalise(def: ResourceDef, spec: FieldSpec, value: unknown): unknown {
  if (value === null || value === '') return null;
  const field = spec.name;
  const refuse = (problem: Parameters<typeof fieldError>[2]) => fieldError(def.name, field, problem);
  if (containsNul(value)) throw refuse('server.input.problems.nul');
  const column = Object.hasOwn(def.storage.columns, field) ? def.storage.columns[field] : undefined;
  switch (spec.kind) {
    case 'number':
    case 'fileSize': {
      const number = typeof value === 'string' && value.trim() ? numberOfText(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw refuse('server.problems.number');
      if (spec.min !== undefined && number < spec.min)
        throw refuse({ key: 'server.input.problems.atLeast', params: { min: spec.min } });
      if (column?.type === 'integer' && (!Number.isInteger(number) || Math.abs(number) > MAX_INT))
        throw refuse({ key: 'server.input.problems.integerRange', params: { min: -MAX_INT, max: MAX_INT } });
      const limit = column?.type === 'numeric' ? MAX_AMOUNT : MAX_NUMBER;
      if (Math.abs(number) >= limit)
        throw refuse({ key: 'server.input.problems.range', params: { min: -limit, max: limit } });
      return number;
    }
    case 'price':
      if (!isNonNegativeMoney(value) || Number(value) >= MAX_AMOUNT)
        throw refuse({ key: 'server.input.problems.amount', params: { max: MAX_AMOUNT - 0.01 } });
      return Number(value).toFixed(2);
    case 'percent': {
      const number = typeof value === 'string' && value.trim() ? numberOfText(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number) || number < 0 || number > 100)
        throw refuse('server.problems.percent');
      return number;
    }
    case 'date': {
      // A real day in the sane years: 30 February or year 0 would break every later search on the field.
      const day = dayOf(value);
      if (!day) throw refuse(dayProblem);
      return day;
    }
    case 'dateTime': {
      const time = instantOf(value);
      if (time === undefined)
        throw refuse({
          key: 'server.input.problems.instant',
          params: { min: EARLIEST_YEAR, max: LATEST_YEAR },
        });
      return new Date(time).toISOString();
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw refuse('server.problems.boolean');
      return value;
    case 'file': {
      // An empty list is no file: a required file field is then missing.
      if (Array.isArray(value) && value.length === 0) return null;
      const json = JSON.stringify(value);
      if (json.length > 20_000) throw refuse('server.problems.tooLong');
      return value;
    }
    default: {
      if (typeof value !== 'string' && typeof value !== 'number') throw refuse('server.problems.text');
      const text = String(value).trim();
      const limit = TEXT_LIMIT[spec.kind as keyof typeof TEXT_LIMIT] ?? TEXT_LIMIT.text;
      if (text.length > limit) throw refuse({ key: 'server.problems.tooBig.string', params: { limit } });
      // Blank is empty: a required field of only spaces is missing, not filled.
      return text === '' ? null : text;
    }
  }
}

/**
 * The forms a write follows: of the resource's forms, those the caller's pages offer (`held`; a
 * service's own command passes none, having named its form). A write naming a form it does not hold is
 * refused, whatever that form would allow; naming none, it follows every form the caller holds.
 */
function formsOf(def: ResourceDef, pageId: unknown, held?: ReadonlySet<string>): string[] {
  const mine = held ? def.editPages.filter((id) => held.has(id)) : def.editPages;
  if (typeof pageId === 'string' && def.editPages.includes(pageId)) {
    if (!mine.includes(pageId)) throw new PortalError(403, 'server.formNotHeld');
    return [pageId];
  }
  if (!mine.length) throw new PortalError(403, 'server.actionNotOffered');
  return mine;
}

/**
 * Checks a create or update body against the resource's fields (SPEC §5 '<label>必填', types, lengths,
 * dictionary options) and answers the normalised values. Nothing is written before this passes.
 */
export async function checkValues(
  db: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  mode: 'create' | 'update',
  /** The pages the caller writes through, when the write comes from a person's screen (a generic route). */
  held?: ReadonlySet<string>,
) {
  const forms = formsOf(def, body.PageID, held);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (WRITE_RESERVED.has(key)) continue;
    const spec = def.fields.get(key);
    if (!spec || !forms.some((form) => spec.writableIn.has(form)))
      throw new PortalError(400, 'server.notWritable', {
        field: echoed(key),
        ...(spec ? { resource: def.name } : {}),
      });
    values[key] = normalise(def, spec, value);
  }
  if (mode === 'create') {
    // Columns the row cannot do without come first: the database would refuse the row anyway.
    for (const field of def.storage.createRequires ?? [])
      if (values[field] === undefined || values[field] === null) throw fieldMissing(def.name, field);
  }
  for (const spec of def.fields.values()) {
    // Required by the forms followed: at least one of them asks for it, and none that writes it lets
    // it be left out (a field only another form asks for, such as a bid result's, is not required here).
    const required =
      forms.some((form) => spec.requiredIn.has(form)) &&
      forms.every((form) => spec.requiredIn.has(form) || !spec.writableIn.has(form));
    if (!required) continue;
    const missing =
      mode === 'create'
        ? values[spec.name] === undefined || values[spec.name] === null
        : values[spec.name] === null;
    if (missing) throw fieldMissing(def.name, spec.name);
  }
  // A create that fills in nothing is a blank record with a new number: refused, whatever the form.
  if (mode === 'create' && Object.values(values).every((value) => value === null))
    throw new PortalError(400, 'server.input.blankWrite');
  await checkDictionaryValues(db, def, values);
  await checkAttachmentValues(db, def, values);
  return values;
}

async function checkDictionaryValues(db: Db, def: ResourceDef, values: Record<string, unknown>) {
  const wanted = Object.entries(values).filter(
    ([key, value]) => value !== null && def.fields.get(key)?.kind === 'dict' && def.fields.get(key)?.dict,
  );
  if (!wanted.length) return;
  const options = await dictionaryOptionsOf(
    db,
    wanted.map(([key]) => def.fields.get(key)!.dict!),
  );
  for (const [key, value] of wanted) {
    const offered = options.get(def.fields.get(key)!.dict!) ?? [];
    if (!offered.some((option) => option.enabled && option.keyword === String(value)))
      throw new PortalError(400, 'server.unknownOption', {
        field: key,
        resource: def.name,
        value: String(value),
      });
  }
}

/** The key of a field's on-screen label: the resource's own, else the shared one. */
function labelKey(resource: string, field: string) {
  const own = `field.${resource}.${field}`;
  return translate('zh', own) !== own ? own : `field.common.${field}`;
}

/**
 * Locks by state (docs/security.md): on an update, each field sent must be offered as editable in the
 * record's present state by a form the caller follows (`held`, as in checkValues). A field every such
 * form locks in that state for the caller's role (its page's `lockedWhile`, the same declaration the
 * form reads to show it read-only) is refused with 409, naming the field and the state in words;
 * nothing is written.
 */
export async function checkStateLocks(
  db: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  record: Readonly<Record<string, unknown>>,
  held?: ReadonlySet<string>,
  role?: string,
) {
  const forms = formsOf(def, body.PageID, held);
  for (const key of Object.keys(body)) {
    if (WRITE_RESERVED.has(key)) continue;
    const spec = def.fields.get(key);
    const offering = spec ? forms.filter((form) => spec.writableIn.has(form)) : [];
    if (!offering.length) continue;
    const locks = offering.map((form) => lockOf(pageById(form), key, record, role));
    const lock = locks.every(Boolean) ? locks[0] : undefined;
    if (!lock) continue;
    const state = String(record[lock.field]);
    const dict = def.fields.get(lock.field)?.dict;
    const option = dict
      ? (await dictionaryOptionsOf(db, [dict])).get(dict)?.find((o) => o.keyword === state)
      : undefined;
    throw new PortalError(409, lock.hint ? 'server.lockedInStateHint' : 'server.lockedInState', {
      field: key,
      resource: def.name,
      status: { key: labelKey(def.name, lock.field), params: {} },
      state: option
        ? { key: 'server.stateWords', params: { zh: option.contentZh, en: option.contentEn } }
        : { key: 'server.stateUnnamed', params: {} },
      ...(lock.hint ? { hint: { key: lock.hint, params: {} } } : {}),
    });
  }
}
