import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import {
  changedFields,
  isSubmittedLine,
  type LineChange,
  type LineScope,
  logChanges,
} from '../reports/modification-log';
import { isReportLine } from '../reports/report-fields';
import type { ImportSpec } from './import-spec';
import type { CheckedRow } from './row-check';

/**
 * What names one line of a report besides its agent: a line imported again with the same key is the
 * same line, corrected. The key is what the agent cannot change without it being another line — the
 * model of a stock line, the buyer, model and day of a sale, and so on.
 */
const LINE_KEYS: Record<string, string[]> = {
  stockReport: ['Period', 'ProductModel'],
  salesReport: ['Period', 'CreditCode', 'ProductModel', 'OutboundDate'],
  purchaseReport: ['Period', 'SupplierName', 'PurchaseOrderNo', 'ProductModel'],
  shipmentReport: ['Period', 'ShipmentNo', 'ProductModel'],
  rspShipmentReport: ['Period', 'CustomerName', 'ProductModel', 'ShipmentDate', 'ShipmentType'],
};

interface StoredLine extends LineScope {
  id: string;
  data: Record<string, unknown>;
}

/** A checked row with where it stood in the file. */
export interface FileRow {
  rowNo: number;
  checked: CheckedRow;
}

/** The rows a batch writes: new lines, and stored lines imported again with the values they now get. */
export interface BatchPlan {
  fresh: CheckedRow[];
  again: { row: FileRow; line: StoredLine }[];
}

/**
 * Pairs the rows of an import with the agent's stored lines of the same key (docs/imports.md "A line
 * imported again"): the n-th row of a key in the file is the n-th stored line of that key, oldest
 * first; rows beyond the stored ones are new lines. Only lines stored before the import count, so a
 * file never replaces its own rows.
 */
export class LineMatcher {
  readonly #spec: ImportSpec;
  readonly #keys: string[];
  readonly #stored = new Map<string, StoredLine[]>();
  readonly #groups = new Set<string>();
  readonly #seen = new Map<string, number>();

  private constructor(spec: ImportSpec, keys: string[]) {
    this.#spec = spec;
    this.#keys = keys;
  }

  /** The matcher of an import of report lines; other imports only ever add. */
  static of(spec: ImportSpec): LineMatcher | undefined {
    const keys = LINE_KEYS[spec.def.name];
    return keys && isReportLine(spec.def.name) && spec.def.storage.shared
      ? new LineMatcher(spec, keys)
      : undefined;
  }

  #keyOf(company: string, values: Record<string, unknown>) {
    return JSON.stringify([company, ...this.#keys.map((k) => String(values[k] ?? '').trim())]);
  }

  /** The stored lines of each agent's period the batch names and no earlier batch did. */
  async #load(trx: Db, rows: FileRow[]) {
    const groups = new Map<string, { company: string; period: string }>();
    for (const { checked } of rows) {
      const company = checked.agent?.id;
      const period = String(checked.values.Period ?? '');
      const group = JSON.stringify([company, period]);
      if (company && !this.#groups.has(group)) groups.set(group, { company, period });
    }
    for (const [group, { company, period }] of groups) {
      this.#groups.add(group);
      const stored = await sql<StoredLine>`select object_id::text as id, data, company_id::text as company_id,
          province_code, city_code from record
        where resource = ${this.#spec.def.name} and company_id = ${company} and data->>'Period' = ${period}
        order by created_at, object_id`.execute(trx);
      for (const line of stored.rows) {
        const key = this.#keyOf(company, line.data);
        this.#stored.set(key, [...(this.#stored.get(key) ?? []), line]);
      }
    }
  }

  async plan(trx: Db, rows: FileRow[]): Promise<BatchPlan> {
    await this.#load(trx, rows);
    const plan: BatchPlan = { fresh: [], again: [] };
    for (const row of rows) {
      const company = row.checked.agent?.id;
      const key = company ? this.#keyOf(company, row.checked.values) : undefined;
      const nth = key ? (this.#seen.get(key) ?? 0) : 0;
      if (key) this.#seen.set(key, nth + 1);
      const line = key ? this.#stored.get(key)?.[nth] : undefined;
      if (line) plan.again.push({ row, line });
      else plan.fresh.push(row.checked);
    }
    return plan;
  }
}

export interface ImportedAgain {
  caller: Caller;
  importId: string;
  fileName: string;
  at: Date;
  newId?: () => string;
}

/**
 * Stored lines imported again: each takes the file's values (and the import's stamps), one statement
 * for the batch, and every field that moved is logged against the file and its row. A line the file
 * repeats unchanged is left as it was.
 */
export async function writeAgain(
  trx: Db,
  spec: ImportSpec,
  plan: BatchPlan,
  stamps: Record<string, unknown>,
  run: ImportedAgain,
) {
  // The file is the line's new content: a cell left blank clears what the line held.
  const content = (values: Record<string, unknown>) => ({
    ...Object.fromEntries(spec.declared.fields.map((f) => [f.field, values[f.field] ?? null])),
    ...values,
  });
  const changes: LineChange[] = plan.again.map(({ row, line }) => ({
    lineId: line.id,
    before: line.data,
    after: content(row.checked.values),
    scope: { company_id: line.company_id, province_code: line.province_code, city_code: line.city_code },
    lineNo: row.rowNo,
  }));
  const moved = changes.filter((c) => changedFields(spec.def, c.before, c.after).length);
  if (!moved.length) return;
  await logChanges(
    trx,
    {
      def: spec.def,
      source: 'import',
      by: { name: run.caller.lastName, username: run.caller.username },
      fileName: run.fileName,
      importId: run.importId,
      at: run.at,
      newId: run.newId,
    },
    moved.filter((c) => isSubmittedLine(c.before)),
  );
  const lines = moved.map((c) => ({ id: c.lineId, data: { ...c.after, ...stamps } }));
  await sql`update record t set data = t.data || x.data, version = t.version + 1,
      updated_at = ${run.at.toISOString()}::timestamptz, updated_by_name = ${run.caller.lastName}
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(id uuid, data jsonb)
    where t.object_id = x.id`.execute(trx);
}
