import { sql } from 'kysely';
import { InspectionResult } from '../../domain/codes/loans.codes';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError, fieldMissing } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { decide } from '../workflows/decisions';
import { inspectionOf } from './loan-rules';

const RETURN_FORM = 'ordersSetup.loanReturnEdit';
const INSPECTION_RESULTS: string[] = [
  InspectionResult.goodRestocked,
  InspectionResult.damagedScrapped,
  InspectionResult.compensationDue,
];
const returnDef = () => resourceDef('loanReturn')!;

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('loanReturn', field, { key: `loans.problems.${key}`, params });

const wholeNumber = (field: string, value: unknown) => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw problem(field, field === 'LineNo' ? 'noSuchLine' : 'notPositive', {
      line: String(value).slice(0, 10),
    });
  return n;
};

interface Line {
  lineNo?: number;
  quantity: number;
  inspection: 'good' | 'damaged';
}

function lineOf(row: Record<string, unknown>): Line {
  if (row.ReturnQuantity === undefined || row.ReturnQuantity === null || row.ReturnQuantity === '')
    throw fieldMissing('loanReturn', 'ReturnQuantity');
  if (row.InspectionResult === undefined || row.InspectionResult === null || row.InspectionResult === '')
    throw fieldMissing('loanReturn', 'InspectionResult');
  if (!INSPECTION_RESULTS.includes(String(row.InspectionResult)))
    throw problem('InspectionResult', 'inspection');
  const blankLine = row.LineNo === undefined || row.LineNo === null || row.LineNo === '';
  return {
    lineNo: blankLine ? undefined : wholeNumber('LineNo', row.LineNo),
    quantity: wholeNumber('ReturnQuantity', row.ReturnQuantity),
    inspection: inspectionOf(String(row.InspectionResult)),
  };
}

/** The loan a return names by number, read through the caller's scope: outside it is a 404. */
async function loanByNo(db: Db, caller: Caller, loanNo: unknown) {
  if (typeof loanNo !== 'string' || !loanNo.trim()) throw fieldMissing('loanReturn', 'LoanNo');
  const rows = await sql<{ id: string; lines: number[] }>`select t.object_id::text as id,
      array(select l.line_no from loan_line l where l.loan_id = t.object_id order by l.line_no) as lines
    from loan_order t where t.loan_no = ${loanNo.trim().toUpperCase().slice(0, 40)}
      and ${scopeCondition(caller)}`.execute(db);
  if (!rows.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return rows.rows[0];
}

/**
 * Takes goods of a loan back (the loan return form: LoanNo, LineNo, ReturnQuantity, InspectionResult,
 * reason, serials, logistics; or `Lines` of several): the return is the loan workflow's return, so the
 * warehouse alone records it and never beyond what is out; its rows carry what the form adds — one
 * transaction. Answers the return's first row.
 */
export async function createLoanReturn(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  const { Lines, LoanNo, LineNo, ReturnQuantity, InspectionResult, ...extra } = body;
  await checkValues(db, returnDef(), { ...extra, PageID: RETURN_FORM }, 'update');
  const sent = Array.isArray(Lines)
    ? Lines.map((row) => lineOf((row ?? {}) as Record<string, unknown>))
    : [lineOf({ LineNo, ReturnQuantity, InspectionResult })];
  if (!sent.length) throw fieldMissing('loanReturn', 'ReturnQuantity');
  return inTransaction(db, async (trx) => {
    const loan = await loanByNo(trx, caller, LoanNo);
    const lines = sent.map((line) => {
      if (line.lineNo === undefined && loan.lines.length !== 1) throw fieldMissing('loanReturn', 'LineNo');
      return { ...line, lineNo: line.lineNo ?? loan.lines[0] };
    });
    await decide(trx, caller, {
      workflow: 'loanOrder',
      subjectId: loan.id,
      command: 'returnGoods',
      payload: { lines },
      clock,
    });
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const rows = await sql<{ id: string }>`update loan_return set return_reason = ${text(extra.ReturnReason)},
        serial_numbers = ${text(extra.SerialNumbers)}, logistics_company = ${text(extra.LogisticsCompany)},
        tracking_no = ${text(extra.TrackingNo)},
        data = data || ${JSON.stringify({ Remark: text(extra.Remark) })}::jsonb
      where return_no = (select data->>'LastReturnNo' from loan_order where object_id = ${loan.id})
      returning object_id::text as id`.execute(trx);
    return getRecord(trx, returnDef(), caller, rows.rows[0].id);
  });
}
