import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ImportAnswer } from '../../domain/import-answer';
import { type Db, inTransaction } from '../db/database';
import { jsonRowsInsert } from '../db/json-rows';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { ImportedReports } from '../reports/report-states';
import { flagStockChain } from '../reports/stock-continuity';
import { nextNumber } from '../resources/numbering';
import { scopeOfNewRecord } from '../resources/scope';
import { cellText } from './cell-values';
import { checkedRows, checkFile, type FileVerdict } from './file-check';
import { recordImport, rejectedRowsPath, saveRejectedRows } from './import-history';
import { dictCodesOf, type ImportSpec } from './import-spec';
import { KeyedRecords } from './keyed-records';
import { type FileRow, LineMatcher, writeAgain } from './reimport';
import type { CheckedRow } from './row-check';
import { RowLookups } from './row-lookups';
import { applySaveRule, RowsRefusedByRule, type RuleRefusal } from './row-rules';

export interface ImportRequest {
  db: Db;
  caller: Caller;
  lang: Lang;
  spec: ImportSpec;
  /** The uploaded workbook, on disk. */
  path: string;
  fileName: string;
  /** The clock control dates are read against (the seed imports on its demo day). */
  at?: Date;
  /** Ids of the import and of its records; the demo seed draws them from its generator, to stay repeatable. */
  newId?: () => string;
  /** Told after every batch of rows: how many were read, in which pass (check, then write), and the pass's share done (0–1). */
  onProgress?: (pass: 'check' | 'write', rows: number, share: number) => void;
}

/** Rows written per statement. */
const BATCH = 500;

/** What the rows of a committed file did: lines added, stored lines replaced, stored lines repeated as they are. */
interface Written {
  added: number;
  replaced: number;
  unchanged: number;
}

/**
 * An import, all or nothing (issue "Import"). The file is read twice, streamed: first every row is
 * checked and refused rows are kept with their reasons; only when none is refused is it read again and
 * written in batches inside one transaction. Either way the upload history records it. A report line
 * the file names again replaces the stored one only when it changes it, so the same file twice
 * changes nothing the second time, and says so.
 */
export async function runImport(request: ImportRequest): Promise<ImportAnswer> {
  const { db, caller, lang, spec } = request;
  const at = request.at ?? new Date();
  const newId = request.newId ?? randomUUID;
  const importId = newId();
  let verdict: FileVerdict = { total: 0, rejected: 0, periods: new Set(), shown: [] };
  const outcome = (accepted: number) => ({
    importId,
    pageId: spec.page.id,
    importType: spec.declared.type,
    fileName: request.fileName,
    periods: [...verdict.periods],
    total: verdict.total,
    accepted,
    rejected: verdict.rejected,
    rejectedFileName: verdict.rejected ? rejectedFileName(lang, request.fileName) : undefined,
    at,
  });
  const none: Written = { added: 0, replaced: 0, unchanged: 0 };
  try {
    const lookups = new RowLookups(db, caller, at, dictCodesOf(spec));
    verdict = await checkFile(db, { spec, path: request.path, lang, importId }, lookups, (rows, share) =>
      request.onProgress?.('check', rows, share),
    );
  } catch (error) {
    if (error instanceof PortalError) await recordImport(db, caller, outcome(0));
    throw error;
  }
  if (verdict.rejected > 0) {
    await recordImport(db, caller, outcome(0));
    return answer(importId, request.fileName, verdict, none);
  }
  // The form's save rule may still refuse rows: then nothing is written and those rows are the refused ones.
  const cellsOf = new Map<number, string[]>();
  let written: Written;
  try {
    written = await writeFile(request, importId, verdict, outcome, cellsOf);
  } catch (error) {
    // A file refused whole while it was written is in the upload history too, as failed.
    if (error instanceof PortalError) await recordImport(db, caller, outcome(0));
    if (!(error instanceof RowsRefusedByRule)) throw error;
    verdict = refusedByRule(verdict, error.refused);
    await saveRejectedRows(
      db,
      importId,
      error.refused.map((r) => ({ rowNo: r.rowNo, cells: cellsOf.get(r.rowNo) ?? [], reasons: r.reason })),
    );
    await recordImport(db, caller, outcome(0));
    return answer(importId, request.fileName, verdict, none);
  }
  return answer(importId, request.fileName, verdict, written);
}

/** The verdict of a file whose rows passed the check but not the form's save rule. */
function refusedByRule(verdict: FileVerdict, refused: RuleRefusal[]): FileVerdict {
  return {
    ...verdict,
    rejected: refused.length,
    shown: refused.map((r) => ({ Row: r.rowNo, Reasons: [r.reason] })),
  };
}

/** The second pass: the checked file written in batches, in one transaction. */
async function writeFile(
  request: ImportRequest,
  importId: string,
  verdict: FileVerdict,
  outcome: (accepted: number) => Parameters<typeof recordImport>[2],
  cellsOf: Map<number, string[]>,
): Promise<Written> {
  const { db, caller, spec } = request;
  const at = request.at ?? new Date();
  const none: Written = { added: 0, replaced: 0, unchanged: 0 };
  return inTransaction(db, async (trx) => {
    const lookups = new RowLookups(trx, caller, at, dictCodesOf(spec));
    // Each agent's report of a period the file writes becomes a draft and counts its lines.
    const reports = new ImportedReports(spec.declared.reportType);
    // A report line imported again replaces the stored one and logs it (server/imports/reimport.ts).
    const matcher = LineMatcher.of(spec);
    // A record a keyed list's file names again (a product by its code) is updated, not added twice.
    const keyed = KeyedRecords.of(spec);
    const again = { caller, importId, fileName: request.fileName, at, newId: request.newId };
    const counts: Written = { ...none };
    const ids: string[] = [];
    const refused: RuleRefusal[] = [];
    const write = async (rows: FileRow[]) => {
      const plan = matcher
        ? await matcher.plan(trx, rows)
        : keyed
          ? await keyed.plan(trx, rows)
          : { fresh: rows.map((r) => r.checked), again: [] };
      const fresh = await insertBatch(trx, spec, caller, plan.fresh, at, request.newId);
      ids.push(...fresh);
      const rowNoOf = new Map(rows.map((r) => [r.checked, r.rowNo]));
      const saved = plan.fresh.map((checked, i) => ({
        rowNo: rowNoOf.get(checked) ?? 0,
        id: fresh[i],
        values: { ...checked.values, ...stampsOf(spec, at) },
      }));
      refused.push(...(await applySaveRule(trx, spec, caller, request.lang, saved)));
      const replaced = !plan.again.length
        ? []
        : keyed
          ? await keyed.writeAgain(trx, plan, caller, at)
          : await writeAgain(trx, spec, plan, stampsOf(spec, at), again);
      // Only a report whose lines the file changed is opened or made a draft again.
      for (const row of [...plan.fresh, ...replaced.map((r) => r.checked)]) reports.note(row);
      counts.added += plan.fresh.length;
      counts.replaced += replaced.length;
      counts.unchanged += plan.again.length - replaced.length;
    };
    let batch: FileRow[] = [];
    for await (const { rowNo, cells, checked } of checkedRows(spec, request.path, lookups)) {
      cellsOf.set(rowNo, cells.map(cellText));
      // The file was checked a moment ago; a period locked since then refuses the whole file.
      if (checked.reasons.length) throw new PortalError(409, 'imports.server.changedMeanwhile');
      batch.push({ rowNo, checked });
      if (batch.length >= BATCH) {
        await write(batch);
        batch = [];
        const done = counts.added + counts.replaced + counts.unchanged;
        request.onProgress?.('write', done, done / Math.max(1, verdict.total));
      }
    }
    await write(batch);
    if (refused.length) throw new RowsRefusedByRule(refused);
    if (spec.declared.reconcile) await followStockChain(trx, reports.agents(), ids);
    await reports.follow(trx, caller, request.newId ? { at, uuid: request.newId } : undefined);
    await recordImport(trx, caller, outcome(verdict.total));
    return counts;
  });
}

/**
 * After stock lines were written: the later months they no longer meet are flagged; one of the
 * file's own lines out of the chain means stored lines changed since the check, and refuses the file.
 */
async function followStockChain(trx: Db, agents: string[], written: string[]) {
  const flagged = new Set(await flagStockChain(trx, agents));
  if (written.some((id) => flagged.has(id))) throw new PortalError(409, 'imports.server.changedMeanwhile');
}

function answer(importId: string, fileName: string, verdict: FileVerdict, written: Written): ImportAnswer {
  const accepted = verdict.rejected ? 0 : verdict.total;
  return {
    ImportID: importId,
    FileName: fileName,
    TotalCount: verdict.total,
    SuccessCount: accepted,
    FailCount: verdict.rejected,
    Committed: accepted > 0,
    AddedCount: written.added,
    ReplacedCount: written.replaced,
    UnchangedCount: written.unchanged,
    Rejected: verdict.shown,
    ...(verdict.rejected ? { RejectedFile: rejectedRowsPath(importId) } : {}),
  };
}

export const rejectedFileName = (lang: Lang, fileName: string) =>
  `${fileName.replace(/\.xlsx$/i, '')}_${translate(lang, 'imports.rejectedSuffix')}.xlsx`;

/** What an import sets on every line it writes: its declared stamps, and when a report's line was submitted. */
function stampsOf(spec: ImportSpec, at: Date): Record<string, unknown> {
  return {
    ...spec.declared.stamp,
    ...(spec.def.fields.has('SubmittedOn') ? { SubmittedOn: at.toISOString() } : {}),
  };
}

/**
 * Rows as the storage keeps them: own columns typed, the rest in `data`, scope from the row's agent.
 * Answers the new records' ids.
 */
async function insertBatch(
  trx: Db,
  spec: ImportSpec,
  caller: Caller,
  rows: CheckedRow[],
  at: Date,
  newId?: () => string,
): Promise<string[]> {
  if (!rows.length) return [];
  const { storage } = spec.def;
  const types: Record<string, string> = {
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    created_by: 'uuid',
    created_by_name: 'text',
    updated_by_name: 'text',
    company_id: 'uuid',
    province_code: 'text',
    city_code: 'text',
    data: 'jsonb',
    ...(storage.shared ? { resource: 'text' } : {}),
    ...(newId ? { object_id: 'uuid' } : {}),
  };
  const own = scopeOfNewRecord(caller);
  const records: Record<string, unknown>[] = [];
  for (const row of rows) {
    const values: Record<string, unknown> = { ...row.values, ...stampsOf(spec, at) };
    if (storage.number) values[storage.number.field] = await nextNumber(trx, storage.number.prefix);
    const record: Record<string, unknown> = {
      ...(newId ? { object_id: newId() } : {}),
      // The rows were added when the upload was made, the instant the file's stamps carry too.
      created_at: at,
      updated_at: at,
      created_by: caller.employeeId,
      created_by_name: caller.lastName,
      updated_by_name: caller.lastName,
      company_id: row.agent ? row.agent.id : own.company_id,
      province_code: row.agent ? row.agent.provinceCode : own.province_code,
      city_code: row.agent ? row.agent.cityCode : own.city_code,
      ...(storage.shared ? { resource: spec.def.name } : {}),
    };
    const data: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(values)) {
      const mapped = Object.hasOwn(storage.columns, field) ? storage.columns[field] : undefined;
      if (mapped) {
        record[mapped.column] = value;
        types[mapped.column] = mapped.type;
      } else data[field] = value;
    }
    record.data = data;
    records.push(record);
  }
  try {
    const insert = jsonRowsInsert(storage.table, types, records);
    const inserted = await sql<{ id: string }>`${insert} returning object_id::text as id`.execute(trx);
    return inserted.rows.map((row) => row.id);
  } catch (error) {
    // What the table itself refuses (a value it cannot hold, a duplicate) is the file's fault, not a 500.
    const code = String((error as { code?: unknown })?.code ?? '');
    if (code.startsWith('22') || code.startsWith('23'))
      throw new PortalError(400, 'imports.server.refusedByStore');
    throw error;
  }
}
