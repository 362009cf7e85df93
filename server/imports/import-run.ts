import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ImportAnswer } from '../../domain/import-answer';
import { type Db, inTransaction } from '../db/database';
import { headerOf } from '../export/cell-text';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { ImportedReports } from '../reports/report-states';
import { nextNumber } from '../resources/numbering';
import { scopeOfNewRecord } from '../resources/scope';
import { cellText } from './cell-values';
import { recordImport, rejectedRowsPath, saveRejectedRows } from './import-history';
import type { ImportSpec } from './import-spec';
import { readSheetRows } from './read-rows';
import { type FileRow, LineMatcher, writeAgain } from './reimport';
import { type CheckedRow, checkRow, type Reason } from './row-check';
import { RowLookups } from './row-lookups';
import { columnsOfHeader } from './template';

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
  /** Told after every batch of rows: how many were read, and in which pass (check, then write). */
  onProgress?: (pass: 'check' | 'write', rows: number) => void;
}

/** Rows written per statement, and refused rows kept per statement. */
const BATCH = 500;
/** Refused rows the answer lists; the file holds every one. */
const SHOWN_REJECTED = 200;

/** A row's reasons in the uploader's language, each naming the field by its column header. */
export function reasonTexts(lang: Lang, spec: ImportSpec, reasons: Reason[]): string[] {
  return reasons.map((reason) =>
    translate(lang, `imports.reasons.${reason.key}`, {
      ...reason.params,
      field: reason.field ? headerOf(lang, spec.def.name, reason.field) : '',
    }),
  );
}

/** The workbook's data rows, each checked, cells in the order of the import's fields. */
async function* checkedRows(spec: ImportSpec, path: string, lookups: RowLookups) {
  let columns: number[] | undefined;
  for await (const row of readSheetRows(path)) {
    if (!columns) {
      columns = columnsOfHeader(spec, row.cells);
      continue;
    }
    const cells = columns.map((at) => (at < 0 ? null : (row.cells[at] ?? null)));
    yield { rowNo: row.rowNo, cells, checked: await checkRow(spec, cells, lookups) };
  }
  if (!columns) throw new PortalError(400, 'imports.server.empty');
}

const dictCodesOf = (spec: ImportSpec) => [
  ...new Set(spec.declared.fields.flatMap((f) => (f.kind === 'dict' && f.dict ? [f.dict] : []))),
];

/**
 * An import, all or nothing (issue "Import"). The file is read twice, streamed: first every row is
 * checked and refused rows are kept with their reasons; only when none is refused is it read again and
 * written in batches inside one transaction. Either way the upload history records it.
 */
export async function runImport(request: ImportRequest): Promise<ImportAnswer> {
  const { db, caller, lang, spec } = request;
  const at = request.at ?? new Date();
  const newId = request.newId ?? randomUUID;
  const importId = newId();
  const counts = { total: 0, rejected: 0 };
  const periods = new Set<string>();
  const shown: ImportAnswer['Rejected'] = [];
  let pending: { rowNo: number; cells: string[]; reasons: string }[] = [];
  const outcome = (accepted: number) => ({
    importId,
    pageId: spec.page.id,
    importType: spec.declared.type,
    fileName: request.fileName,
    periods: [...periods],
    total: counts.total,
    accepted,
    rejected: counts.rejected,
    rejectedFileName: counts.rejected ? rejectedFileName(lang, request.fileName) : undefined,
  });
  try {
    const lookups = new RowLookups(db, caller, at, dictCodesOf(spec));
    for await (const { rowNo, cells, checked } of checkedRows(spec, request.path, lookups)) {
      counts.total += 1;
      if (typeof checked.values.Period === 'string') periods.add(checked.values.Period);
      if (checked.reasons.length) {
        counts.rejected += 1;
        const texts = reasonTexts(lang, spec, checked.reasons);
        if (shown.length < SHOWN_REJECTED) shown.push({ Row: rowNo, Reasons: texts });
        pending.push({ rowNo, cells: cells.map(cellText), reasons: texts.join('; ') });
        if (pending.length >= BATCH) {
          await saveRejectedRows(db, importId, pending);
          pending = [];
        }
      }
      if (counts.total % BATCH === 0) request.onProgress?.('check', counts.total);
    }
    if (counts.total === 0) throw new PortalError(400, 'imports.server.empty');
  } catch (error) {
    if (error instanceof PortalError) await recordImport(db, caller, outcome(0));
    throw error;
  }
  if (counts.rejected > 0) {
    await saveRejectedRows(db, importId, pending);
    await recordImport(db, caller, outcome(0));
    return answer(importId, request.fileName, counts, 0, shown);
  }
  await inTransaction(db, async (trx) => {
    const lookups = new RowLookups(trx, caller, at, dictCodesOf(spec));
    // Each agent's report of a period the file writes becomes a draft and counts its lines.
    const reports = new ImportedReports(spec.declared.reportType);
    // A report line imported again replaces the stored one and logs what changed (server/imports/reimport.ts).
    const matcher = LineMatcher.of(spec);
    const again = { caller, importId, fileName: request.fileName, at, newId: request.newId };
    const write = async (rows: FileRow[]) => {
      const plan = matcher ? await matcher.plan(trx, rows) : { fresh: rows.map((r) => r.checked), again: [] };
      await insertBatch(trx, spec, caller, plan.fresh, at, request.newId);
      if (plan.again.length) await writeAgain(trx, spec, plan, stampsOf(spec, at), again);
    };
    let batch: FileRow[] = [];
    let written = 0;
    for await (const { rowNo, checked } of checkedRows(spec, request.path, lookups)) {
      // The file was checked a moment ago; a period locked since then refuses the whole file.
      if (checked.reasons.length) throw new PortalError(409, 'imports.server.changedMeanwhile');
      reports.note(checked);
      batch.push({ rowNo, checked });
      if (batch.length >= BATCH) {
        await write(batch);
        written += batch.length;
        batch = [];
        request.onProgress?.('write', written);
      }
    }
    await write(batch);
    await reports.follow(trx, caller, request.newId ? { at, uuid: request.newId } : undefined);
    await recordImport(trx, caller, outcome(counts.total));
  });
  return answer(importId, request.fileName, counts, counts.total, shown);
}

function answer(
  importId: string,
  fileName: string,
  counts: { total: number; rejected: number },
  accepted: number,
  shown: ImportAnswer['Rejected'],
): ImportAnswer {
  return {
    ImportID: importId,
    FileName: fileName,
    TotalCount: counts.total,
    SuccessCount: accepted,
    FailCount: counts.rejected,
    Committed: accepted > 0,
    Rejected: shown,
    ...(counts.rejected ? { RejectedFile: rejectedRowsPath(importId) } : {}),
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

/** Rows as the storage keeps them: own columns typed, the rest in `data`, scope from the row's agent. */
async function insertBatch(
  trx: Db,
  spec: ImportSpec,
  caller: Caller,
  rows: CheckedRow[],
  at: Date,
  newId?: () => string,
) {
  if (!rows.length) return;
  const { storage } = spec.def;
  const types: Record<string, string> = {
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
  const names = Object.keys(types);
  const refs = sql.join(names.map((name) => sql.ref(name)));
  const shape = sql.raw(names.map((name) => `"${name}" ${types[name]}`).join(', '));
  try {
    await sql`insert into ${sql.table(storage.table)} (${refs})
      select ${refs} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${shape})`.execute(trx);
  } catch (error) {
    // What the table itself refuses (a value it cannot hold, a duplicate) is the file's fault, not a 500.
    const code = String((error as { code?: unknown })?.code ?? '');
    if (code.startsWith('22') || code.startsWith('23'))
      throw new PortalError(400, 'imports.server.refusedByStore');
    throw error;
  }
}
