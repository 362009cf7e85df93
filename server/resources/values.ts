import { sql } from 'kysely';
import { isNonNegativeMoney } from '../../domain/validators';
import type { Db } from '../db/database';
import { badField, PortalError } from '../http/envelope';
import type { FieldSpec } from './fields';
import type { ResourceDef } from './registry';

/** Keys a write carries besides fields. */
export const WRITE_RESERVED = new Set(['ObjectID', 'Version', 'PageID']);

const TEXT_LIMIT = { text: 500, longText: 5000, person: 100, commitmentLetter: 500 } as const;

/** A value checked and normalised for its field's kind; undefined means "leave out". */
function normalise(spec: FieldSpec, value: unknown): unknown {
  if (value === null || value === '') return null;
  const field = spec.name;
  switch (spec.kind) {
    case 'number':
    case 'fileSize': {
      const number = typeof value === 'string' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) > 1e12)
        throw badField(field, 'server.problems.number');
      return number;
    }
    case 'price':
      if (!isNonNegativeMoney(value)) throw badField(field, 'server.problems.money');
      return Number(value).toFixed(2);
    case 'percent': {
      const number = Number(value);
      if (!Number.isFinite(number) || number < 0 || number > 100)
        throw badField(field, 'server.problems.percent');
      return number;
    }
    case 'date': {
      const day = String(value).slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
        throw badField(field, 'server.problems.date');
      return day;
    }
    case 'dateTime': {
      const time = typeof value === 'number' ? value : Date.parse(String(value));
      if (!Number.isFinite(time)) throw badField(field, 'server.problems.date');
      return new Date(time).toISOString();
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw badField(field, 'server.problems.boolean');
      return value;
    case 'dict':
      if (typeof value !== 'string' && typeof value !== 'number')
        throw badField(field, 'server.problems.text');
      return String(value);
    case 'file': {
      // An empty list is no file: a required file field is then missing.
      if (Array.isArray(value) && value.length === 0) return null;
      const json = JSON.stringify(value);
      if (json.length > 20_000) throw badField(field, 'server.problems.tooLong');
      return value;
    }
    default: {
      if (typeof value !== 'string' && typeof value !== 'number')
        throw badField(field, 'server.problems.text');
      const text = String(value).trim();
      const limit = TEXT_LIMIT[spec.kind as keyof typeof TEXT_LIMIT] ?? TEXT_LIMIT.text;
      if (text.length > limit)
        throw badField(field, { key: 'server.problems.tooBig.string', params: { limit } });
      return text;
    }
  }
}

/** The forms a write follows: the page it names (if it is one of the resource's), else all of them. */
function formsOf(def: ResourceDef, pageId: unknown): string[] {
  if (typeof pageId === 'string' && def.editPages.includes(pageId)) return [pageId];
  return def.editPages;
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
) {
  const forms = formsOf(def, body.PageID);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (WRITE_RESERVED.has(key)) continue;
    const spec = def.fields.get(key);
    if (!spec || !forms.some((form) => spec.writableIn.has(form)))
      throw new PortalError(400, 'server.notWritable', { field: key });
    values[key] = normalise(spec, value);
  }
  for (const spec of def.fields.values()) {
    const required =
      forms.length > 0 &&
      forms.every((form) => spec.requiredIn.has(form) || !spec.writableIn.has(form)) &&
      spec.requiredIn.size > 0;
    if (!required) continue;
    const missing =
      mode === 'create'
        ? values[spec.name] === undefined || values[spec.name] === null
        : values[spec.name] === null;
    if (missing) throw new PortalError(400, 'server.fieldRequired', { field: spec.name });
  }
  await checkDictionaryValues(db, def, values);
  return values;
}

async function checkDictionaryValues(db: Db, def: ResourceDef, values: Record<string, unknown>) {
  const wanted = Object.entries(values).filter(
    ([key, value]) => value !== null && def.fields.get(key)?.kind === 'dict' && def.fields.get(key)?.dict,
  );
  if (!wanted.length) return;
  const pairs = wanted.map(([key, value]) => sql`(${def.fields.get(key)!.dict!}, ${String(value)})`);
  const found = await sql<{
    code: string;
    keyword: string;
  }>`select code, keyword from dictionary_entry where enabled and (code, keyword) in (${sql.join(pairs)})`.execute(
    db,
  );
  const known = new Set(found.rows.map((r) => `${r.code}:${r.keyword}`));
  for (const [key, value] of wanted) {
    if (!known.has(`${def.fields.get(key)!.dict}:${value}`))
      throw new PortalError(400, 'server.unknownOption', { field: key, value: String(value) });
  }
}
