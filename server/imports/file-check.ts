import { sql } from 'kysely';
import type { ImportAnswer } from '../../domain/import-answer';
import type { Db } from '../db/database';
import { headerOf } from '../export/cell-text';
import { PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { StockChainOfFile } from '../reports/stock-continuity';
import { cellText } from './cell-values';
import { saveRejectedRows } from './import-history';
import type { ImportSpec } from './import-spec';
import { KeyedRecords } from './keyed-records';
import { readSheetRows } from './read-rows';
import { KeysOfFile } from './reimport';
import { checkRow, type Reason } from './row-check';
import type { RowLookups } from './row-lookups';
import { columnsOfHeader } from './template';

/** Refused rows kept per statement. */
const BATCH = 500;
/** Refused rows the answer lists; the file holds every one. */
const SHOWN_REJECTED = 200;

/** A row's reasons in the uploader's language, each naming the field (or the fields) by its column header. */
export function reasonTexts(lang: Lang, spec: ImportSpec, reasons: Reason[]): string[] {
  const header = (field: string) => headerOf(lang, spec.def.name, field);
  return reasons.map((reason) => {
    const fields = reason.params?.fields;
    return translate(lang, `imports.reasons.${reason.key}`, {
      ...reason.params,
      ...(Array.isArray(fields) ? { fields: fields.map(header).join(lang === 'zh' ? '、' : ', ') } : {}),
      field: reason.field ? header(reason.field) : '',
    });
  });
}

/** The workbook's data rows, each checked, cells in the order of the import's fields. */
export async function* checkedRows(spec: ImportSpec, path: string, lookups: RowLookups) {
  let columns: number[] | undefined;
  let absent: string[] = [];
  for await (const row of readSheetRows(path)) {
    if (!columns) {
      columns = columnsOfHeader(spec, row.cells);
      absent = spec.declared.fields.filter((_, index) => columns![index] < 0).map((f) => f.field);
      continue;
    }
    const cells = columns.map((at) => (at < 0 ? null : (row.cells[at] ?? null)));
    const checked = await checkRow(spec, cells, lookups);
    yield {
      rowNo: row.rowNo,
      share: row.share,
      cells,
      checked: absent.length ? { ...checked, absent } : checked,
    };
  }
  if (!columns) throw new PortalError(400, 'imports.server.empty');
}

/** What the check of a file found: its rows, its periods and the refused rows (the first of them to show). */
export interface FileVerdict {
  total: number;
  rejected: number;
  periods: Set<string>;
  shown: ImportAnswer['Rejected'];
}

/**
 * The first pass over a file: every row checked on its own, then against the file's other rows — a
 * line named twice, and the stock chain in month order, whatever the order of the rows — and every
 * refused row kept with all its reasons. Nothing of the file is written.
 */
export async function checkFile(
  db: Db,
  request: { spec: ImportSpec; path: string; lang: Lang; importId: string },
  lookups: RowLookups,
  onRows?: (rows: number, share: number) => void,
): Promise<FileVerdict> {
  const { spec, lang, importId } = request;
  const verdict: FileVerdict = { total: 0, rejected: 0, periods: new Set(), shown: [] };
  const keys = KeysOfFile.of(spec) ?? KeyedRecords.of(spec);
  const rule = spec.declared.reconcile;
  const chain = rule ? new StockChainOfFile(rule) : undefined;
  // The cells of the chain's rows, to keep a row the chain alone refuses.
  const chainCells = new Map<number, string[]>();
  const refused = new Set<number>();
  let pending: { rowNo: number; cells: string[]; reasons: string }[] = [];
  const refuse = async (rowNo: number, cells: string[], reasons: Reason[]) => {
    verdict.rejected += 1;
    refused.add(rowNo);
    const texts = reasonTexts(lang, spec, reasons);
    if (verdict.shown.length < SHOWN_REJECTED) verdict.shown.push({ Row: rowNo, Reasons: texts });
    pending.push({ rowNo, cells, reasons: texts.join('; ') });
    if (pending.length >= BATCH) {
      await saveRejectedRows(db, importId, pending);
      pending = [];
    }
  };
  for await (const { rowNo, share, cells, checked } of checkedRows(spec, request.path, lookups)) {
    verdict.total += 1;
    if (typeof checked.values.Period === 'string') verdict.periods.add(checked.values.Period);
    const repeated = keys?.repeated(rowNo, checked);
    const reasons = repeated ? [...checked.reasons, repeated] : checked.reasons;
    if (chain && checked.agent) {
      chain.note(rowNo, checked.agent.id, checked.values);
      chainCells.set(rowNo, cells.map(cellText));
    }
    if (reasons.length) await refuse(rowNo, cells.map(cellText), reasons);
    if (verdict.total % BATCH === 0) onRows?.(verdict.total, share);
  }
  if (verdict.total === 0) throw new PortalError(400, 'imports.server.empty');
  for (const [rowNo, reason] of chain ? await chain.breaks(db) : []) {
    if (!refused.has(rowNo)) {
      await refuse(rowNo, chainCells.get(rowNo) ?? [], [reason]);
      continue;
    }
    // A row refused already: the chain's reason joins its others.
    const [text] = reasonTexts(lang, spec, [reason]);
    verdict.shown.find((row) => row.Row === rowNo)?.Reasons.push(text);
    const waiting = pending.find((row) => row.rowNo === rowNo);
    if (waiting) waiting.reasons += `; ${text}`;
    else
      await sql`update import_rejected_row set reasons = reasons || ${`; ${text}`}
        where import_id = ${importId}::uuid and row_no = ${rowNo}`.execute(db);
  }
  await saveRejectedRows(db, importId, pending);
  verdict.shown.sort((a, b) => a.Row - b.Row);
  return verdict;
}
