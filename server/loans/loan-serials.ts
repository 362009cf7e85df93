import { sql } from 'kysely';
import { LoanStatus } from '../../domain/codes/loans.codes';
import { ProductCategory } from '../../domain/codes/products.codes';
import { LOAN_DESK } from '../../domain/roles';
import { type Db, inTransaction } from '../db/database';
import { checkLineSerials } from '../deliveries/serial-numbers';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { fieldError } from '../http/validate';
import { checkVersion } from '../payments/receipt.service';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { loanDef, loanWithLines } from './loan-entry.service';

/** A refusal of the serials, in the words an order's delivery uses for the same mistakes. */
const problem = (field: string, key: string, params: Record<string, unknown>) =>
  fieldError('loanOrder', field, { key: `deliveries.problems.${key}`, params });

/**
 * Loans whose units are still out (or about to leave): a serial recorded on one of them is not free
 * for another loan, unless that unit came back already. A written-off, rejected or withdrawn loan
 * holds nothing.
 */
const HOLDING: string[] = [
  LoanStatus.toShip,
  LoanStatus.onLoan,
  LoanStatus.overdue,
  LoanStatus.partlyReturned,
];

interface LoanLineFacts {
  line_no: number;
  quantity: number;
  serialised: boolean;
}

/** The loan's lines as serials are counted against them: service lines (服务) carry none. */
async function linesOf(trx: Db, loanId: string) {
  const rows = await sql<LoanLineFacts>`select l.line_no, l.quantity,
      coalesce(p.category, '') <> ${ProductCategory.services} as serialised
    from loan_line l left join product p on p.product_code = l.product_code
    where l.loan_id = ${loanId} order by l.line_no`.execute(trx);
  return rows.rows;
}

/** One line as sent: `{ LineNo, SerialNumbers }` from the page, `{ lineNo, serialNumbers }` from a decision. */
function sentLines(sent: unknown) {
  if (!Array.isArray(sent)) throw fieldError('loanOrder', 'SerialNumbers', 'server.problems.invalid');
  const byLine = new Map<number, unknown>();
  for (const raw of sent) {
    const row = (raw ?? {}) as Record<string, unknown>;
    const lineNo = Number(row.LineNo ?? row.lineNo);
    if (!Number.isInteger(lineNo) || byLine.has(lineNo))
      throw fieldError('loanOrder', 'LineNo', {
        key: 'loans.problems.noSuchLine',
        params: { line: String(row.LineNo ?? row.lineNo ?? '').slice(0, 10) },
      });
    byLine.set(lineNo, row.SerialNumbers ?? row.serialNumbers);
  }
  return byLine;
}

/**
 * Records the serial numbers a loan ships with, replacing what was recorded before: checked as an
 * order's delivery checks them (one per unit of each serialised line, none twice, each refusal naming
 * its line), and none still out on another loan or already shipped on a sale. The loan keeps them
 * joined for its lists and export.
 */
export async function recordLoanSerials(trx: Db, loanId: string, sent: unknown) {
  const lines = await linesOf(trx, loanId);
  const given = sentLines(sent);
  for (const lineNo of given.keys())
    if (!lines.some((l) => l.line_no === lineNo))
      throw fieldError('loanOrder', 'LineNo', { key: 'loans.problems.noSuchLine', params: { line: lineNo } });
  const seen = new Map<string, number>();
  const byLine = lines.map((line) => ({
    lineNo: line.line_no,
    serials: checkLineSerials(
      { lineNo: line.line_no, quantity: line.quantity, serialised: line.serialised },
      given.get(line.line_no),
      seen,
      problem,
    ),
  }));
  const all = [...seen.keys()];
  if (all.length) {
    const taken = await sql<{ serial_no: string }>`select s.serial_no from loan_serial s
        join loan_order o on o.object_id = s.loan_id
      where s.serial_no in (${sql.join(all)}) and s.loan_id <> ${loanId}
        and o.loan_status in (${sql.join(HOLDING)}) and s.settled_as is distinct from 'returned'
      union all
      select serial_no from shipment_serial where serial_no in (${sql.join(all)})
      limit 1`.execute(trx);
    const serial = taken.rows[0]?.serial_no;
    if (serial) throw problem('SerialNumbers', 'duplicateSerial', { line: seen.get(serial), serial });
  }
  await sql`delete from loan_serial where loan_id = ${loanId}`.execute(trx);
  for (const { lineNo, serials } of byLine)
    for (const serial of serials)
      await sql`insert into loan_serial (loan_id, line_no, serial_no)
        values (${loanId}, ${lineNo}, ${serial})`.execute(trx);
  const joined = byLine.flatMap((l) => l.serials).join(', ') || null;
  await sql`update loan_order set data = data || ${JSON.stringify({ SerialNumbers: joined })}::jsonb
    where object_id = ${loanId}`.execute(trx);
}

/**
 * A loan ships only with a serial for each unit of its serialised lines: those sent with the command,
 * else those the warehouse recorded on its page. Refuses naming the first line short of them.
 */
export async function serialsForShipping(trx: Db, loanId: string, sent: unknown) {
  if (sent !== undefined) await recordLoanSerials(trx, loanId, sent);
  const short = await sql<{ line_no: number; quantity: number; count: number }>`select l.line_no,
      l.quantity, (select count(*)::int from loan_serial s
        where s.loan_id = l.loan_id and s.line_no = l.line_no) as count
    from loan_line l left join product p on p.product_code = l.product_code
    where l.loan_id = ${loanId} and coalesce(p.category, '') <> ${ProductCategory.services}
      and l.quantity <> (select count(*) from loan_serial s where s.loan_id = l.loan_id and s.line_no = l.line_no)
    order by l.line_no limit 1`.execute(trx);
  const line = short.rows[0];
  if (line)
    throw problem('SerialNumbers', 'serialCount', {
      line: line.line_no,
      quantity: line.quantity,
      count: line.count,
    });
}

/**
 * The warehouse records the serials of a loan waiting to ship (ObjectID, the Version seen, Lines with
 * LineNo and SerialNumbers), so 出库发货 then takes them. Answers the loan with its lines.
 */
export async function saveLoanSerials(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  if (!LOAN_DESK.includes(caller.roleCode)) throw new PortalError(403, 'loans.errors.warehouseOnly');
  return inTransaction(db, async (trx) => {
    const record = await getRecord(trx, loanDef(), caller, body.ObjectID);
    const id = String(record.ObjectID);
    const row = (
      await sql<{ version: number; loan_no: string; loan_status: string }>`select version, loan_no,
          loan_status from loan_order where object_id = ${id} for update`.execute(trx)
    ).rows[0];
    checkVersion(row, body.Version);
    if (row.loan_status !== LoanStatus.toShip)
      throw new PortalError(409, 'loans.errors.serialsOnlyBeforeShipping', { no: row.loan_no });
    await recordLoanSerials(trx, id, body.Lines);
    const at = clock?.at ?? new Date();
    await sql`update loan_order set version = version + 1, updated_at = ${at},
        updated_by_name = ${caller.lastName} where object_id = ${id}`.execute(trx);
    return loanWithLines(trx, caller, id);
  });
}
