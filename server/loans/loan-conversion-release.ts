import { sql } from 'kysely';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { loanOrderDeclaration as declaration } from '../../machines/workflows/loan-order.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { dispatch } from '../workflows/engine';

interface ConvertedLine {
  loan_id: string;
  loan_no: string;
  order_no: string;
  line_no: number;
  quantity: number;
  written_off: boolean;
}

/** What a loan-to-sale order sold of its loan: per loan line, with the loan and whether it is written off. */
async function conversionsOf(trx: Db, orderId: string): Promise<ConvertedLine[]> {
  const rows = await sql<ConvertedLine>`select c.loan_id::text as loan_id, c.loan_no, c.order_no, c.line_no,
      sum(c.quantity)::int as quantity, coalesce(s.status = 'verified', false) as written_off
    from loan_conversion c
      left join workflow_stream s on s.stream_id = ${`${declaration.name}-`} || c.loan_id::text
    where c.order_id = ${orderId}
    group by c.loan_id, c.loan_no, c.order_no, c.line_no, s.status
    order by c.loan_no, c.line_no`.execute(trx);
  return rows.rows;
}

/**
 * A loan-to-sale order whose loan finance wrote off is a sale the books closed on: it is not cancelled
 * (409 naming the loan), since its units would then be neither back nor sold.
 */
export async function refuseLettingGoWrittenOffSale(trx: Db, orderId: string) {
  const closed = (await conversionsOf(trx, orderId)).find((c) => c.written_off);
  if (closed)
    throw new PortalError(409, 'loans.errors.saleWrittenOff', { no: closed.loan_no, order: closed.order_no });
}

/**
 * A loan-to-sale order cancelled or rejected gives back what its conversion took, in the transaction
 * of that decision (docs/loans.md): the loan's workflow records the units as out again (its converted
 * quantity and state follow), their serials are out again, and the conversion rows go — so the units
 * may be returned, converted anew or become overdue, and the loan is written off without them.
 */
export async function giveBackConversions(trx: Db, orderId: string, at?: Date) {
  const converted = await conversionsOf(trx, orderId);
  if (!converted.length) return;
  // One loan per order, as a conversion enters it; grouped all the same, so each loan gets its own lines.
  for (const loanId of new Set(converted.map((c) => c.loan_id))) {
    const lines = converted.filter((c) => c.loan_id === loanId);
    const orderNo = lines[0].order_no;
    await dispatch(trx, {
      streamId: `${declaration.name}-${loanId}`,
      event: {
        type: declaration.commands.undoConversion.event,
        orderNo,
        lines: lines.map((l) => ({ lineNo: l.line_no, quantity: l.quantity })),
      },
      actor: SYSTEM_ACTOR,
      at,
    });
    // Marked with the order's number as it was converted (the conversion row keeps that number).
    await sql`update loan_serial set settled_as = null, settled_no = null
      where loan_id = ${loanId} and settled_as = 'converted'
        and settled_no in (select distinct order_no from loan_conversion where order_id = ${orderId})`.execute(
      trx,
    );
  }
  await sql`delete from loan_conversion where order_id = ${orderId}`.execute(trx);
}
