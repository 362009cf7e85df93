import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { formatDateTime } from '../../domain/format';
import type { Db } from '../db/database';
import type { ObjectStore } from '../files/object-store';
import type { Caller } from '../http/auth';
import { type Lang, translate } from '../http/i18n';
import { searchPlan } from '../resources/search';
import { sortOf } from '../resources/search-conditions';
import { dictionaryTexts, headerOf } from './cell-text';
import type { ExportConfig } from './export-configs';
import { keepExportFile } from './export-files';
import { completeJob, failJob, recordProgress } from './export-jobs';
import { readBatches } from './keyset-reader';
import { formatColumns, typedValue } from './typed-cell';

/** Rows read and written per step: memory stays flat whatever the total (ARCHITECTURE.md §9). */
export const BATCH_ROWS = 2_000;
/**
 * How often the rows written are recorded for the button that follows the job: as an import reports
 * its rows, every 500, so a file of a few batches still shows its bar moving rather than jumping.
 */
export const PROGRESS_ROWS = 500;

export interface ExportRun {
  db: Db;
  config: ExportConfig;
  caller: Caller;
  /** The search body (filters, role additions, forced parameters, page), already checked. */
  body: Record<string, unknown>;
  lang: Lang;
  jobId: string;
  /** Folder of the finished files. */
  dir: string;
  /** The object store: an S3 one keeps the finished file for every server (export-files.ts). */
  store?: ObjectStore;
  signal?: AbortSignal;
}

// The file name carries the time on the business clock, digits only: 20260515143012.
const stamp = (date: Date) => formatDateTime(date).replace(/\D/g, '');

/** '同步订单查询_20260515143012_3f2a9c.xlsx': the page's title, when, and a piece of the job id. */
export function fileNameOf(config: ExportConfig, lang: Lang, jobId: string, at = new Date()) {
  const title = translate(lang, config.page.titleKey).replace(/[\\/:*?"<>|]/g, '_');
  return `${title}_${stamp(at)}_${jobId.slice(0, 6)}.xlsx`;
}

/**
 * Writes every row the body selects to a streamed xlsx file, a batch at a time, recording the rows
 * written every PROGRESS_ROWS and after each batch; the job ends completed with its file or failed
 * with the reason.
 */
export async function runExport(run: ExportRun): Promise<void> {
  const { db, config, caller, body, lang, jobId, dir } = run;
  const partial = join(dir, `${jobId}.xlsx.part`);
  const name = fileNameOf(config, lang, jobId);
  try {
    await mkdir(dir, { recursive: true });
    const { def, columns } = config;
    const { where } = searchPlan(def, caller, body);
    const table = sql.table(def.storage.table);
    const count = await sql<{ n: number }>`select count(*)::int as n from ${table} t where ${where}`.execute(
      db,
    );
    await recordProgress(db, jobId, { total: count.rows[0]?.n ?? 0, done: 0 });
    const dictionaries = await dictionaryTexts(
      db,
      [...new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))],
      lang,
    );

    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: partial,
      // Styles carry the number formats of amounts and dates.
      useStyles: true,
      useSharedStrings: false,
    });
    const sheetName = translate(lang, config.page.titleKey)
      .replace(/[[\]:*?/\\]/g, '_')
      .slice(0, 31);
    const sheet = workbook.addWorksheet(sheetName || 'Sheet1');
    formatColumns(sheet, columns);
    sheet.addRow(columns.map((c) => headerOf(lang, def.name, c.field))).commit();

    let written = 0;
    const plan = { where, sort: sortOf(def, body.sort) };
    for await (const rows of readBatches(db, def, plan, BATCH_ROWS)) {
      if (run.signal?.aborted) throw new Error('The server stopped before the export finished.');
      for (const row of rows) {
        sheet.addRow(columns.map((c) => typedValue(c, row, dictionaries, lang))).commit();
        written += 1;
        if (written % PROGRESS_ROWS === 0) await recordProgress(db, jobId, { done: written });
      }
      if (written % PROGRESS_ROWS !== 0) await recordProgress(db, jobId, { done: written });
      // PGlite answers on this thread: without a turn for the event loop the server would hear
      // nobody, and the file stream could not drain, until the export ended.
      await new Promise((resolve) => setImmediate(resolve));
    }
    sheet.commit();
    await workbook.commit();

    const path = join(dir, `${jobId}.xlsx`);
    await rename(partial, path);
    await completeJob(db, jobId, { ...(await keepExportFile(run.store, jobId, path)), name, rows: written });
  } catch (error) {
    await rm(partial, { force: true }).catch(() => {});
    await failJob(db, jobId, error instanceof Error ? error.message : String(error)).catch(() => {});
    throw error;
  }
}
