import { sql } from 'kysely';
import { UploadResult } from '../../domain/codes/base.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { scopeOfNewRecord } from '../resources/scope';

/** UploadResult dictionary keywords. */
export const UPLOAD_RESULT = { succeeded: UploadResult.succeeded, failed: UploadResult.failed } as const;

export const rejectedRowsPath = (importId: string) => `/portal/import/rejected-rows/${importId}`;

export interface ImportOutcome {
  importId: string;
  pageId: string;
  importType: string;
  fileName: string;
  periods: string[];
  total: number;
  accepted: number;
  rejected: number;
  /** Name of the rejected-rows file, when rows were refused. */
  rejectedFileName?: string;
  /** When the upload was made: the history entry's time. */
  at: Date;
}

/** The periods a file covers, as the history shows them: a few in order, then how many more. */
function periodsText(periods: string[]) {
  const sorted = [...periods].sort();
  return sorted.length <= 3 ? sorted.join(', ') : `${sorted.slice(0, 3).join(', ')} … (${sorted.length})`;
}

/**
 * One row of the upload history (SPEC §2), written whatever the outcome: who, when, which file, the
 * counts, succeeded or failed, and the rejected rows' file. It belongs to the uploader's scope, so
 * an agent sees its own imports and vendor staff those of their province.
 */
export async function recordImport(db: Db, caller: Caller, outcome: ImportOutcome) {
  const failed = outcome.rejected > 0 || outcome.accepted === 0;
  const data = {
    PageID: outcome.pageId,
    FileName: outcome.fileName,
    ImportType: outcome.importType || null,
    ReportPeriod: periodsText(outcome.periods) || null,
    TotalCount: outcome.total,
    SuccessCount: outcome.accepted,
    FailCount: outcome.rejected,
    UploadResult: failed ? UPLOAD_RESULT.failed : UPLOAD_RESULT.succeeded,
    UploaderName: caller.lastName,
    UploaderCode: caller.username,
    ErrorFile: outcome.rejectedFileName
      ? [
          {
            ObjectID: outcome.importId,
            FileName: outcome.rejectedFileName,
            FileURL: rejectedRowsPath(outcome.importId),
            Size: 0,
          },
        ]
      : null,
  };
  const scope = scopeOfNewRecord(caller);
  await sql`insert into record (object_id, resource, created_by, created_by_name, updated_by_name,
      company_id, province_code, city_code, data, created_at, updated_at)
    values (${outcome.importId}, 'importHistory', ${caller.employeeId}, ${caller.lastName}, ${caller.lastName},
      ${scope.company_id}, ${scope.province_code}, ${scope.city_code}, ${JSON.stringify(data)}::jsonb,
      ${outcome.at}, ${outcome.at})`.execute(db);
}

/** Keeps refused rows with their reasons, a batch at a time, for the rejected-rows file. */
export async function saveRejectedRows(
  db: Db,
  importId: string,
  rows: { rowNo: number; cells: string[]; reasons: string }[],
) {
  if (!rows.length) return;
  await sql`insert into import_rejected_row (import_id, row_no, cells, reasons)
    select ${importId}::uuid, row_no, cells, reasons
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ row_no: r.rowNo, cells: r.cells, reasons: r.reasons })))}::jsonb)
      as x(row_no integer, cells jsonb, reasons text)`.execute(db);
}
