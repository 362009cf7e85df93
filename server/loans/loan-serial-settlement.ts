import { sql } from 'kysely';
import type { SettledLine } from '../../machines/workflows/loan-order.rules';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';

/** How a lent unit came back: returned (restocked or scrapped) or sold through a loan-to-sale order. */
export type SerialSettlement = 'returned' | 'converted';

interface LentSerial {
  serial_no: string;
  line_no: number;
  settled_as: SerialSettlement | null;
  settled_no: string | null;
}

async function lentSerials(db: Db, loanId: string): Promise<LentSerial[]> {
  const rows = await sql<LentSerial>`select serial_no, line_no, settled_as, settled_no from loan_serial
    where loan_id = ${loanId} order by line_no, serial_no`.execute(db);
  return rows.rows;
}

/** The serials of each line still out (neither returned nor converted), in order: what a return may name. */
export async function serialsOut(db: Db, loanId: string): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const s of await lentSerials(db, loanId))
    if (!s.settled_as) out.set(s.line_no, [...(out.get(s.line_no) ?? []), s.serial_no]);
  return out;
}

/** Serials as sent: a list, or the form's text with one per row (commas and spaces also part them). */
export function serialList(sent: unknown): string[] | undefined {
  if (sent === undefined || sent === null || sent === '') return undefined;
  const items = Array.isArray(sent) ? sent.map(String) : String(sent).split(/[\s,，、;；]+/);
  return items.map((s) => s.trim()).filter(Boolean);
}

/**
 * The units a return or conversion settles, by their serials (docs/loans.md "Serial numbers"): each
 * serial named must have been lent on that line of this loan and be still out — a serial not lent, or
 * already returned or converted, is refused naming the field and the serial — and a line lent with
 * serials names one per unit it settles. Lines settled whole (nothing named: everything still out)
 * take every serial still out. Answers the lines with their serials.
 */
export async function settledSerials(
  db: Db,
  loan: { id: string; no: string },
  lines: SettledLine[],
  command: 'returnGoods' | 'convert',
  whole: boolean,
): Promise<SettledLine[]> {
  // Named as the form the person used names them: the return's 归还SN, the loan's 序列号.
  const resource = command === 'returnGoods' ? 'loanReturn' : 'loanOrder';
  const problem = (key: string, params: Record<string, unknown>) =>
    fieldError(resource, 'SerialNumbers', {
      key: `loans.problems.${key}`,
      params: { no: loan.no, ...params },
    });
  const lent = await lentSerials(db, loan.id);
  const bySerial = new Map(lent.map((s) => [s.serial_no, s]));
  const named = new Set<string>();
  return lines.map((line) => {
    const withSerials = lent.some((s) => s.line_no === line.lineNo);
    const sent = whole
      ? lent.filter((s) => s.line_no === line.lineNo && !s.settled_as).map((s) => s.serial_no)
      : (line.serialNumbers ?? []);
    for (const serial of sent) {
      const unit = bySerial.get(serial);
      if (!unit || unit.line_no !== line.lineNo)
        throw problem('serialNotLent', { serial: serial.slice(0, 64), line: line.lineNo });
      if (unit.settled_as === 'returned')
        throw problem('serialReturned', { serial, returnNo: unit.settled_no });
      if (unit.settled_as === 'converted')
        throw problem('serialConverted', { serial, orderNo: unit.settled_no });
      if (named.has(serial)) throw problem('serialTwice', { serial });
      named.add(serial);
    }
    // Settled whole, every unit still out is back or sold, whatever was settled by count before.
    if (withSerials && !whole && sent.length !== line.quantity)
      throw problem('serialCount', { line: line.lineNo, quantity: line.quantity, count: sent.length });
    const { serialNumbers: _sent, ...rest } = line;
    return sent.length ? { ...rest, serialNumbers: sent } : rest;
  });
}

/** Marks the units a return or conversion settled, under its number (GH… or the order's DD…). */
export async function markSerialsSettled(
  db: Db,
  loanId: string,
  serials: string[],
  as: SerialSettlement,
  no: string,
) {
  if (!serials.length) return;
  await sql`update loan_serial set settled_as = ${as}, settled_no = ${no}
    where loan_id = ${loanId} and serial_no in (${sql.join(serials)}) and settled_as is null`.execute(db);
}
