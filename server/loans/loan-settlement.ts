import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LoanReturnStatus } from '../../domain/codes/loans.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { type LoanLine, lineOutstanding, type SettledLine } from '../../machines/workflows/loan-order.rules';
import type { LoanOrderContext } from '../../machines/workflows/loan-order.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { nextNumber } from '../resources/numbering';
import type { HookCall } from '../workflows/hooks';
import { inspectionKeyword } from './loan-rules';
import { settledSerials } from './loan-serial-settlement';

/** Dictionary LoanReturnStatus: 131 restocked (good), 141 inspection failed (damaged). */
const RESTOCKED = LoanReturnStatus.restocked;
const FAILED = LoanReturnStatus.inspectionFailed;

const problem = (field: string, key: string, params: Record<string, unknown> = {}) =>
  fieldError('loanReturn', field, { key: `loans.problems.${key}`, params });

export const contextOf = (call: HookCall) => call.state.snapshot.context as LoanOrderContext;
export const loanIdOf = (call: HookCall) => String(call.subject.ObjectID);

/**
 * The lines a return or conversion settles, checked against what is still out of each (400 naming the
 * line and what is open); without lines, everything still out — returned as good.
 */
export function settledLines(call: HookCall): SettledLine[] {
  const lines: LoanLine[] = contextOf(call).lines;
  const sent = call.payload.lines as SettledLine[] | undefined;
  if (!sent?.length)
    return lines
      .filter((l) => lineOutstanding(l) > 0)
      .map((l) => ({ lineNo: l.lineNo, quantity: lineOutstanding(l), inspection: 'good' as const }));
  const seen = new Set<number>();
  return sent.map((s) => {
    const line = lines.find((l) => l.lineNo === s.lineNo);
    if (!line || seen.has(s.lineNo)) throw problem('LineNo', 'noSuchLine', { line: s.lineNo });
    seen.add(s.lineNo);
    if (s.quantity > lineOutstanding(line))
      throw problem('ReturnQuantity', 'overOutstanding', { line: s.lineNo, open: lineOutstanding(line) });
    const serials = s.serialNumbers ? { serialNumbers: s.serialNumbers } : {};
    return call.command === 'convert'
      ? { lineNo: s.lineNo, quantity: s.quantity, ...serials }
      : { lineNo: s.lineNo, quantity: s.quantity, inspection: s.inspection ?? 'good', ...serials };
  });
}

/** The lines a return or conversion settles, each with the serials of the units it settles, checked. */
export function settledWithSerials(trx: Db, call: HookCall) {
  const whole = !(call.payload.lines as SettledLine[] | undefined)?.length;
  const command = call.command === 'convert' ? 'convert' : 'returnGoods';
  const loan = { id: loanIdOf(call), no: String(call.subject.LoanNo) };
  return settledSerials(trx, loan, settledLines(call), command, whole);
}

/**
 * Why the machine refused a settlement or a write-off by quantities: nothing is out any more to return
 * or convert, or something still is, so the loan cannot be written off yet.
 */
export function quantityRefusal(call: HookCall) {
  const lines: LoanLine[] = contextOf(call).lines ?? [];
  const out = lines.reduce((sum, l) => sum + lineOutstanding(l), 0);
  const no = String(call.subject.LoanNo);
  const state = String(call.state.snapshot.value);
  if (
    ['returnGoods', 'convert'].includes(call.command) &&
    out === 0 &&
    state !== 'toVerify' &&
    state !== 'verified'
  )
    return new PortalError(409, 'loans.errors.nothingOut', { no });
  if (
    ['requestVerification', 'verify'].includes(call.command) &&
    out > 0 &&
    ['partial', 'onLoan', 'overdue'].includes(state)
  )
    return new PortalError(409, 'loans.errors.notAllAccounted', { no, out });
  return undefined;
}

interface LoanRow {
  loan_no: string;
  agent_name: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
}

async function loanRow(trx: Db, loanId: string): Promise<LoanRow> {
  const rows = await sql<LoanRow>`select loan_no, agent_name, company_id::text as company_id, province_code,
      city_code from loan_order where object_id = ${loanId}`.execute(trx);
  return rows.rows[0];
}

/**
 * The return's rows, one per line taken back, under one GH number, with its inspection result: good
 * ones restocked, damaged ones failed inspection (scrapped, charged to the agent). Answers the number.
 */
export async function writeReturn(
  trx: Db,
  call: HookCall,
  lines: SettledLine[],
  serialsOf: (lineNo: number) => string[] = () => [],
): Promise<string> {
  const loanId = loanIdOf(call);
  const loan = await loanRow(trx, loanId);
  const at = call.clock?.at ?? new Date();
  const no = await nextNumber(trx, NUMBER_PREFIX.loanReturn, call.clock?.at);
  const day = sql`(${at}::timestamptz at time zone 'Asia/Shanghai')::date`;
  for (const line of lines) {
    const inspection = inspectionKeyword(line.inspection);
    const serials = serialsOf(line.lineNo).join(', ') || null;
    await sql`insert into loan_return (object_id, return_no, loan_id, loan_no, agent_name, line_no, product_code,
        return_quantity, inspection_result, serial_numbers, return_date, return_status, company_id,
        province_code, city_code, created_by, created_by_name, updated_by_name, created_at, updated_at)
      select ${call.clock?.uuid() ?? randomUUID()}, ${no}, ${loanId}, ${loan.loan_no}, ${loan.agent_name},
        l.line_no, l.product_code, ${line.quantity}, ${inspection}, ${serials}, ${day},
        ${line.inspection === 'damaged' ? FAILED : RESTOCKED}, ${loan.company_id}, ${loan.province_code},
        ${loan.city_code}, ${call.caller.employeeId}, ${call.caller.lastName}, ${call.caller.lastName}, ${at}, ${at}
      from loan_line l where l.loan_id = ${loanId} and l.line_no = ${line.lineNo}`.execute(trx);
  }
  return no;
}

/** The conversion's rows: per line, the units sold through the loan-to-sale order and its price. */
export async function writeConversion(
  trx: Db,
  call: HookCall,
  lines: SettledLine[],
  order: { orderId: string; orderNo: string },
) {
  const loanId = loanIdOf(call);
  const loan = await loanRow(trx, loanId);
  const at = call.clock?.at ?? new Date();
  for (const [index, line] of lines.entries())
    await sql`insert into loan_conversion (object_id, loan_id, loan_no, agent_name, line_no, product_code,
        quantity, unit_price, amount, order_id, order_no, converted_on, company_id, province_code, city_code,
        created_by, created_by_name, updated_by_name, created_at, updated_at)
      select ${call.clock?.uuid() ?? randomUUID()}, ${loanId}, ${loan.loan_no}, ${loan.agent_name}, l.line_no,
        l.product_code, ${line.quantity}, i.unit_price, i.line_amount, ${order.orderId}, ${order.orderNo},
        (${at}::timestamptz at time zone 'Asia/Shanghai')::date, ${loan.company_id}, ${loan.province_code},
        ${loan.city_code}, ${call.caller.employeeId}, ${call.caller.lastName}, ${call.caller.lastName}, ${at}, ${at}
      from loan_line l join order_item i on i.order_id = ${order.orderId} and i.line_no = ${index + 1}
      where l.loan_id = ${loanId} and l.line_no = ${line.lineNo}`.execute(trx);
}
