import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ReportChangeSource } from '../../domain/codes/reports.codes';
import { formatPrice } from '../../domain/format';
import type { Db } from '../db/database';
import { jsonRowsInsert } from '../db/json-rows';
import { headerOf } from '../export/cell-text';
import type { Caller } from '../http/auth';
import { fieldMissing } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { RecordWrite } from '../resources/rules';
import { loggedFieldsOf, REASON_FIELD, REPORT_LINE_TYPES, WHOLE_LINE } from './report-fields';

/** Dictionary ReportChangeSource: how a line changed. */
export const CHANGE_SOURCE = {
  edit: ReportChangeSource.edited,
  import: ReportChangeSource.importedAgain,
} as const;

export const isSubmittedLine = (_line: Record<string, unknown>) => true;

/** The scope columns of a line: its log rows are read by whoever reads the line. */
export interface LineScope {
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
}

/** One line before and after a change, as the wire names its fields. */
export interface LineChange {
  lineId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  scope: LineScope;
  /** The row of the imported file that changed it. */
  lineNo?: number;
}

/** Who changed the lines, how and why: one edit, or one import of a file. */
export interface ChangeContext {
  def: ResourceDef;
  source: keyof typeof CHANGE_SOURCE;
  by: { name: string; username: string };
  reason?: string | null;
  fileName?: string;
  importId?: string;
  /** The demo seed's clock and ids; the real ones when absent. */
  at?: Date;
  newId?: () => string;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** Two values of a field are the same as its kind reads them: 10.5 and '10.50' are one price. */
function sameValue(kind: string | undefined, a: unknown, b: unknown) {
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (kind === 'price' || kind === 'number' || kind === 'percent') return Number(a) === Number(b);
  return String(a).trim() === String(b).trim();
}

/** The logged fields of a line whose value a change moved. */
export function changedFields(
  def: ResourceDef,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  return loggedFieldsOf(def.name).filter(
    (field) =>
      Object.hasOwn(after, field) && !sameValue(def.fields.get(field)?.kind, before[field], after[field]),
  );
}

/** A dictionary value is logged in both languages, so either side reads it whatever its language. */
async function dictionaryTexts(trx: Db, codes: string[]) {
  const texts = new Map<string, string>();
  if (!codes.length) return texts;
  const rows = await sql<{ code: string; keyword: string; zh: string; en: string }>`select code, keyword,
      content_zh as zh, content_en as en from dictionary_entry where code in (${sql.join(codes)})`.execute(
    trx,
  );
  for (const row of rows.rows)
    texts.set(`${row.code}:${row.keyword}`, row.zh === row.en ? row.zh : `${row.zh} / ${row.en}`);
  return texts;
}

/** A value as the log shows it: money in yuan with separators (SPEC §9), options by their text. */
function shown(def: ResourceDef, field: string, value: unknown, texts: Map<string, string>): string | null {
  if (blank(value)) return null;
  const spec = def.fields.get(field);
  if (spec?.kind === 'price') return formatPrice(value);
  if (spec?.kind === 'dict' && spec.dict) return texts.get(`${spec.dict}:${value}`) ?? String(value);
  return String(value);
}

const COLUMN_TYPES: Record<string, string> = {
  object_id: 'uuid',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  created_by_name: 'text',
  updated_by_name: 'text',
  company_id: 'uuid',
  province_code: 'text',
  city_code: 'text',
  report_resource: 'text',
  report_type: 'text',
  line_id: 'uuid',
  report_no: 'text',
  agent_name: 'text',
  period: 'text',
  product_model: 'text',
  field_name: 'text',
  old_value: 'text',
  new_value: 'text',
  reason: 'text',
  change_source: 'text',
  file_name: 'text',
  line_no: 'integer',
  import_id: 'uuid',
  modified_by_username: 'text',
};

/** What every log row of one change holds besides its field and values. */
function logRowOf(context: ChangeContext, change: LineChange, at: string, id: string) {
  const line = { ...change.before, ...change.after };
  return {
    object_id: id,
    created_at: at,
    updated_at: at,
    created_by_name: context.by.name,
    updated_by_name: context.by.name,
    ...change.scope,
    report_resource: context.def.name,
    report_type: REPORT_LINE_TYPES[context.def.name],
    line_id: change.lineId,
    report_no: line.ReportNo ?? line.ShipmentNo ?? null,
    agent_name: line.AgentName ?? null,
    period: line.Period ?? null,
    product_model: line.ProductModel ?? null,
    reason: context.reason || null,
    change_source: CHANGE_SOURCE[context.source],
    file_name: context.fileName ?? null,
    line_no: change.lineNo ?? null,
    import_id: context.importId ?? null,
    modified_by_username: context.by.username,
  };
}

async function insertLogRows(trx: Db, rows: Record<string, unknown>[]) {
  if (!rows.length) return 0;
  await jsonRowsInsert('report_modification', COLUMN_TYPES, rows).execute(trx);
  return rows.length;
}

const dictionaryTextsOf = (trx: Db, def: ResourceDef) =>
  dictionaryTexts(trx, [...new Set(loggedFieldsOf(def.name).flatMap((f) => def.fields.get(f)?.dict ?? []))]);

/**
 * Writes a modification row for every field each change moved, in the caller's transaction (the one
 * that changes the lines): no change without its log, no log without its change. Answers the rows.
 */
export async function logChanges(trx: Db, context: ChangeContext, changes: LineChange[]): Promise<number> {
  const { def } = context;
  const at = (context.at ?? new Date()).toISOString();
  const newId = context.newId ?? randomUUID;
  const texts = await dictionaryTextsOf(trx, def);
  const rows: Record<string, unknown>[] = [];
  for (const change of changes)
    for (const field of changedFields(def, change.before, change.after))
      rows.push({
        ...logRowOf(context, change, at, newId()),
        field_name: field,
        old_value: shown(def, field, change.before[field], texts),
        new_value: shown(def, field, change.after[field], texts),
      });
  return insertLogRows(trx, rows);
}

/** A field's name as both languages' readers know it, once when they agree. */
function bothLabels(resource: string, field: string) {
  const [zh, en] = [headerOf('zh', resource, field), headerOf('en', resource, field)];
  return zh === en ? zh : `${zh} / ${en}`;
}

/** The fields a change moved with their values on one side, for the one row of a replaced line. */
function lineText(
  def: ResourceDef,
  fields: string[],
  values: Record<string, unknown>,
  texts: Map<string, string>,
) {
  return fields
    .map((field) => `${bothLabels(def.name, field)}: ${shown(def, field, values[field], texts) ?? '—'}`)
    .join('; ');
}

/**
 * Lines an import replaced: one row per line (field 整行), its moved fields before and after, so a
 * file that corrects a line is one modification however many of its cells moved. Answers the rows.
 */
export async function logReplacedLines(trx: Db, context: ChangeContext, changes: LineChange[]) {
  const { def } = context;
  const at = (context.at ?? new Date()).toISOString();
  const newId = context.newId ?? randomUUID;
  const texts = await dictionaryTextsOf(trx, def);
  const rows = changes.flatMap((change) => {
    const fields = changedFields(def, change.before, change.after);
    if (!fields.length) return [];
    return [
      {
        ...logRowOf(context, change, at, newId()),
        field_name: WHOLE_LINE,
        old_value: lineText(def, fields, change.before, texts),
        new_value: lineText(def, fields, change.after, texts),
      },
    ];
  });
  return insertLogRows(trx, rows);
}

/**
 * After a create or an edit of a report line, in its transaction (notes/domain.md §7.3): an edit that
 * changes a submitted line (isSubmittedLine) must say why — else 400 naming the reason, and nothing is written — and
 * every field it changed is logged with that reason. The reason belongs to the change, not the line,
 * so the next edit starts without one.
 */
export async function logReportLineWrite(
  trx: Db,
  def: ResourceDef,
  caller: Caller,
  record: Record<string, unknown>,
  changed: ReadonlySet<string>,
  write?: RecordWrite,
) {
  const id = String(record.ObjectID);
  const reason = String(record[REASON_FIELD] ?? '').trim();
  if (changed.has(REASON_FIELD)) {
    await sql`update ${sql.table(def.storage.table)} set data = data - ${REASON_FIELD}
      where object_id = ${id}`.execute(trx);
    delete record[REASON_FIELD];
  }
  const before = write?.before;
  if (!before || !isSubmittedLine(before) || !changedFields(def, before, record).length) return;
  if (!reason) throw fieldMissing(def.name, REASON_FIELD);
  const scope = await sql<LineScope>`select company_id::text, province_code, city_code
    from ${sql.table(def.storage.table)} where object_id = ${id}`.execute(trx);
  await logChanges(
    trx,
    {
      def,
      source: 'edit',
      by: { name: caller.lastName, username: caller.username },
      reason,
      at: write?.clock?.at,
      newId: write?.clock?.uuid,
    },
    [{ lineId: id, before, after: record, scope: scope.rows[0] }],
  );
}
