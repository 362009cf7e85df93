import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { openablePages } from '../http/access';
import type { Caller } from '../http/auth';
import { forbidden, PortalError } from '../http/envelope';
import { type Lang, translate } from '../http/i18n';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { importSpecOf } from './import-spec';
import { templateHeader } from './template';

/**
 * The history row of an import, loaded through the caller's scope (out of scope is a 404), and only
 * for a person whose menus still hold the page it was imported on: its rows are that page's data.
 */
export async function visibleImport(db: Db, caller: Caller, importId: string) {
  const def = resourceDef('importHistory');
  if (!def) throw new PortalError(404, 'server.recordNotFound');
  const history = await getRecord(db, def, caller, importId);
  const pages = await openablePages(db, caller.roleCode);
  if (typeof history.PageID !== 'string' || !pages.has(history.PageID)) throw forbidden();
  return history;
}

/**
 * The rejected rows of an import as a workbook: the template's columns as the person filled them,
 * then the row's number in their file and the reasons, so the rows can be fixed and uploaded again.
 */
export async function rejectedRowsWorkbook(db: Db, lang: Lang, history: Record<string, unknown>) {
  const spec = importSpecOf(history.PageID);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, 'imports.rejectedSuffix').slice(0, 31) || 'Sheet1');
  sheet.addRow([
    ...spec.declared.fields.map((field) => templateHeader(lang, spec, field)),
    translate(lang, 'imports.rowNo'),
    translate(lang, 'imports.reasonColumn'),
  ]).font = { bold: true };
  const rows = await sql<{ row_no: number; cells: string[]; reasons: string }>`select row_no, cells, reasons
    from import_rejected_row where import_id = ${String(history.ObjectID)} order by row_no`.execute(db);
  for (const row of rows.rows) sheet.addRow([...row.cells, row.row_no, row.reasons]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
