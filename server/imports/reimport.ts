import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { LINE_KEYS, lineKeyOf } from '../reports/line-keys';
import {
  changedFields,
  type LineChange,
  type LineScope,
  logReplacedLines,
} from '../reports/modification-log';
import { isReportLine } from '../reports/report-fields';
import type { ImportSpec } from './import-spec';
import type { CheckedRow, Reason } from './row-check';

/** The key fields of a resource's lines (server/reports/line-keys.ts), when its lines are a report's. */
export function lineKeysOf(spec: ImportSpec): string[] | undefined {
  const keys = LINE_KEYS[spec.def.name];
  return keys && isReportLine(spec.def.name) && spec.def.storage.shared ? keys : undefined;
}

/**
 * The keys a file has named so far, to refuse a second row of the same line: two rows of one key are
 * two versions of one line, and which one the agent meant is theirs to say, not the import's.
 */
export class KeysOfFile {
  readonly #first = new Map<string, number>();

  private constructor(private readonly keys: string[]) {}

  static of(spec: ImportSpec): KeysOfFile | undefined {
    const keys = lineKeysOf(spec);
    return keys ? new KeysOfFile(keys) : undefined;
  }

  /** The reason a row repeats an earlier row's line, naming that row and the key's columns. */
  repeated(rowNo: number, row: CheckedRow): Reason | undefined {
    if (!row.agent) return undefined;
    const key = lineKeyOf(this.keys, row.agent.id, row.values);
    const first = this.#first.get(key);
    if (first === undefined) {
      this.#first.set(key, rowNo);
      return undefined;
    }
    return { key: 'repeatedLine', params: { row: first, fields: this.keys } };
  }
}

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
 * Pairs the rows of an import with the agent's stored line of the same key (docs/imports.md "A line
 * imported again"); a row of a key not stored yet is a new line. The file names each key once (the
 * check refuses a repeat), and only lines stored before the import count, so a file never replaces
 * its own rows.
 */
export class LineMatcher {
  readonly #spec: ImportSpec;
  readonly #keys: string[];
  readonly #stored = new Map<string, StoredLine>();
  readonly #groups = new Set<string>();

  private constructor(spec: ImportSpec, keys: string[]) {
    this.#spec = spec;
    this.#keys = keys;
  }

  /** The matcher of an import of report lines; other imports only ever add. */
  static of(spec: ImportSpec): LineMatcher | undefined {
    const keys = lineKeysOf(spec);
    return keys ? new LineMatcher(spec, keys) : undefined;
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
      // Two imports of one agent's period meet here one after the other, so neither adds a line the
      // other is adding.
      await sql`select pg_advisory_xact_lock(hashtext(${`${this.#spec.def.name}|${group}`}))`.execute(trx);
      const stored = await sql<StoredLine>`select object_id::text as id, data, company_id::text as company_id,
          province_code, city_code from record
        where resource = ${this.#spec.def.name} and company_id = ${company} and data->>'Period' = ${period}
        order by created_at desc, object_id desc`.execute(trx);
      // Of lines stored twice before keys were kept unique, the oldest is the one a file corrects.
      for (const line of stored.rows) this.#stored.set(lineKeyOf(this.#keys, company, line.data), line);
    }
  }

  async plan(trx: Db, rows: FileRow[]): Promise<BatchPlan> {
    await this.#load(trx, rows);
    const plan: BatchPlan = { fresh: [], again: [] };
    for (const row of rows) {
      const company = row.checked.agent?.id;
      const line = company ? this.#stored.get(lineKeyOf(this.#keys, company, row.checked.values)) : undefined;
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
 * Stored lines imported again: each that the file changes takes the file's values (and the import's
 * stamps), one statement for the batch, and is logged once as replaced, against the file and its row.
 * A line the file repeats unchanged is left as it was. Answers the rows that replaced a line.
 */
export async function writeAgain(
  trx: Db,
  spec: ImportSpec,
  plan: BatchPlan,
  stamps: Record<string, unknown>,
  run: ImportedAgain,
): Promise<FileRow[]> {
  // The file is the line's new content: a cell left blank clears what the line held. A column the
  // file lacks (a list's export leaves some out) keeps it, so an exported list imports back unchanged.
  const content = ({ values, absent = [] }: CheckedRow) => ({
    ...Object.fromEntries(
      spec.declared.fields
        .filter((f) => !absent.includes(f.field))
        .map((f) => [f.field, values[f.field] ?? null]),
    ),
    ...values,
  });
  const changes: (LineChange & { row: FileRow })[] = plan.again.map(({ row, line }) => ({
    row,
    lineId: line.id,
    before: line.data,
    after: content(row.checked),
    scope: { company_id: line.company_id, province_code: line.province_code, city_code: line.city_code },
    lineNo: row.rowNo,
  }));
  const moved = changes.filter((c) => changedFields(spec.def, c.before, c.after).length);
  if (!moved.length) return [];
  await logReplacedLines(
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
    moved,
  );
  const lines = moved.map((c) => ({ id: c.lineId, data: { ...c.after, ...stamps } }));
  await sql`update record t set data = t.data || x.data, version = t.version + 1,
      updated_at = ${run.at.toISOString()}::timestamptz, updated_by_name = ${run.caller.lastName}
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(id uuid, data jsonb)
    where t.object_id = x.id`.execute(trx);
  return moved.map((change) => change.row);
}
