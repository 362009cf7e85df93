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
import { decide, decisionOptions } from '../workflows/decisions';
import { inspectionOf } from './loan-rules';
import { serialList } from './loan-serial-settlement';

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
  /** The units taken back, chosen among the line's serials still out (checked by the command). */
  serialNumbers?: string[];
}

function lineOf(row: Record<string, unknown>): Line {
  if (row.ReturnQuantity === undefined || row.ReturnQuantity === null || row.ReturnQuantity === '')
    throw fieldMissing('loanReturn', 'ReturnQuantity');
  if (row.InspectionResult === undefined || row.InspectionResult === null || row.InspectionResult === '')
    throw fieldMissing('loanReturn', 'InspectionResult');
  if (!INSPECTION_RESULTS.includes(String(row.InspectionResult)))
    throw problem('InspectionResult', 'inspection');
  const blankLine = row.LineNo === undefined || row.LineNo === null || row.LineNo === '';
  const serials = serialList(row.SerialNumbers);
  return {
    lineNo: blankLine ? undefined : wholeNumber('LineNo', row.LineNo),
    quantity: wholeNumber('ReturnQuantity', row.ReturnQuantity),
    inspection: inspectionOf(String(row.InspectionResult)),
    ...(serials ? { serialNumbers: serials } : {}),
  };
}

/** The loan a return names by number, read through the caller's scope: outside it is a 404. */
async function loanByNo(db: Db, caller: Caller, loanNo: unknown) {
  if (typeof loanNo !== 'string' || !loanNo.trim()) throw fieldMissing('loanReturn', 'LoanNo');
  const rows = await sql<{ id: string; no: string; lines: number[] }>`select t.object_id::text as id,
      t.loan_no as no,
      array(select l.line_no from loan_line l where l.loan_id = t.object_id order by l.line_no) as lines
    from loan_order t where t.loan_no = ${loanNo.trim().toUpperCase().slice(0, 40)}
      and ${scopeCondition(caller)}`.execute(db);
  if (!rows.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return rows.rows[0];
}

/**
 * What the return form offers of a loan named by its number: the lines still out, with the serials of
 * the units still out to choose from — the return command's own lines, so only while this person may
 * take goods of it back now (409 otherwise, naming the loan).
 */
export async function returnableLines(db: Db, caller: Caller, body: Record<string, unknown>) {
  const loan = await loanByNo(db, caller, body.LoanNo);
  const options = await decisionOptions(db, caller, { workflow: 'loanOrder', subjectId: loan.id });
  if (!options.Commands.some((c) => c.Name === 'returnGoods'))
    throw new PortalError(409, 'loans.errors.nothingToReturn', { no: loan.no });
  return { ObjectID: loan.id, LoanNo: loan.no, Lines: ('Lines' in options ? options.Lines : []) ?? [] };
}

/**
 * Takes goods of a loan back (the loan return form: LoanNo and `Lines` of LineNo, ReturnQuantity,
 * InspectionResult and the SerialNumbers of the units; or one line's fields at the top): the return is
 * the loan workflow's return, so the warehouse alone records it, never beyond what is out and only
 * units lent on the line and still out; its rows carry the reason and logistics the form adds — one
 * transaction. Answers the return's first row.
 */
export async function createLoanReturn(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  const { Lines, LoanNo, LineNo, ReturnQuantity, InspectionResult, SerialNumbers, ...extra } = body;
  await checkValues(db, returnDef(), { ...extra, PageID: RETURN_FORM }, 'update');
  const sent = Array.isArray(Lines)
    ? Lines.map((row) => lineOf((row ?? {}) as Record<string, unknown>))
    : [lineOf({ LineNo, ReturnQuantity, InspectionResult, SerialNumbers })];
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
    // The serials are the command's, one per unit, on each line's row; the form adds the rest.
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const rows = await sql<{ id: string }>`update loan_return set return_reason = ${text(extra.ReturnReason)},
        logistics_company = ${text(extra.LogisticsCompany)},
        tracking_no = ${text(extra.TrackingNo)},
        data = data || ${JSON.stringify({ Remark: text(extra.Remark) })}::jsonb
      where return_no = (select data->>'LastReturnNo' from loan_order where object_id = ${loan.id})
      returning object_id::text as id`.execute(trx);
    return getRecord(trx, returnDef(), caller, rows.rows[0].id);
  });
}
