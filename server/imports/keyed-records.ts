import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { selectColumns, toWire } from '../resources/wire';
import type { ImportSpec } from './import-spec';
import type { BatchPlan, FileRow } from './reimport';
import type { CheckedRow, Reason } from './row-check';

/** Two cell values alike as their field reads them: '10.5' and '10.50' are one price, blank is blank. */
function same(kind: string, a: unknown, b: unknown) {
  const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (kind === 'price' || kind === 'number') return Number(a) === Number(b);
  return String(a).trim() === String(b).trim();
}

/**
 * The import of a list whose records carry a key of their own (a product's code, ImportDef.key):
 * a row naming a stored key updates that record as an edit of it would, a row of a new key adds a
 * record. A file names each key once: a second row of a key is refused, naming the first.
 */
export class KeyedRecords {
  readonly #first = new Map<string, number>();

  private constructor(
    private readonly spec: ImportSpec,
    private readonly key: string,
  ) {}

  static of(spec: ImportSpec): KeyedRecords | undefined {
    const key = spec.declared.key;
    return key ? new KeyedRecords(spec, key) : undefined;
  }

  #keyOf(row: CheckedRow): string | undefined {
    const value = row.values[this.key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  }

  /** The reason a row names the key an earlier row of the file named. */
  repeated(rowNo: number, row: CheckedRow): Reason | undefined {
    const key = this.#keyOf(row);
    if (key === undefined) return undefined;
    const first = this.#first.get(key);
    if (first === undefined) {
      this.#first.set(key, rowNo);
      return undefined;
    }
    return { key: 'repeatedKey', field: this.key, params: { row: first, value: key } };
  }

  /** The batch's rows split into new records and stored records named again (locked until the import ends). */
  async plan(trx: Db, rows: FileRow[]): Promise<BatchPlan> {
    const { def } = this.spec;
    const keys = rows.flatMap(({ checked }) => this.#keyOf(checked) ?? []);
    const column = def.storage.columns[this.key];
    const keyed = column ? sql`t.${sql.ref(column.column)}` : sql`t.data->>${this.key}`;
    const stored = new Map<string, { id: string; data: Record<string, unknown> }>();
    if (keys.length) {
      const found = await sql<
        Record<string, unknown>
      >`select ${selectColumns(def)} from ${sql.table(def.storage.table)} t
        where ${keyed} in (${sql.join(keys)})
          ${def.storage.shared ? sql`and t.resource = ${def.name}` : sql``}
        for update`.execute(trx);
      for (const row of found.rows) {
        const record = toWire(def, row);
        stored.set(String(record[this.key]), { id: String(record.ObjectID), data: record });
      }
    }
    const plan: BatchPlan = { fresh: [], again: [] };
    for (const row of rows) {
      const key = this.#keyOf(row.checked);
      const record = key === undefined ? undefined : stored.get(key);
      if (record)
        plan.again.push({
          row,
          line: { ...record, company_id: null, province_code: null, city_code: null },
        });
      else plan.fresh.push(row.checked);
    }
    return plan;
  }

  /**
   * Stored records named again take the file's values: a blank cell clears its field, a column the
   * file lacks keeps what the record holds. A record the file repeats unchanged is left as it was.
   * Answers the rows that changed a record.
   */
  async writeAgain(trx: Db, plan: BatchPlan, caller: Caller, at: Date): Promise<FileRow[]> {
    const { def, declared } = this.spec;
    const changed: FileRow[] = [];
    for (const { row, line } of plan.again) {
      const absent = row.checked.absent ?? [];
      const fields = declared.fields.filter((f) => !absent.includes(f.field) && f.field !== this.key);
      const moved = fields.filter((f) => !same(f.kind, line.data[f.field], row.checked.values[f.field]));
      if (!moved.length) continue;
      const sets = [];
      const data: Record<string, unknown> = {};
      for (const { field } of moved) {
        const value = row.checked.values[field] ?? null;
        const mapped = def.storage.columns[field];
        if (mapped) sets.push(sql`${sql.ref(mapped.column)} = ${value}`);
        else data[field] = value;
      }
      sets.push(
        sql`data = t.data || ${JSON.stringify(data)}::jsonb`,
        sql`version = t.version + 1`,
        sql`updated_at = ${at.toISOString()}::timestamptz`,
        sql`updated_by_name = ${caller.lastName}`,
      );
      await sql`update ${sql.table(def.storage.table)} t set ${sql.join(sets)}
        where t.object_id = ${line.id}::uuid`.execute(trx);
      changed.push(row);
    }
    return changed;
  }
}
