import { sql } from 'kysely';
import { InspectionResult } from '../../domain/codes/loans.codes';
import { LENT_STATES } from '../../machines/workflows/loan-order.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';

/** The longest loan (notes §4.7 rule 2): due at most 90 days after it is asked for. */
export const MAX_LOAN_DAYS = 90;
/** One extension of at most 60 days past the due date. */
export const MAX_EXTENSION_DAYS = 60;
/** How many lines one loan may lend. */
export const MAX_LINES = 50;

/** Dictionary InspectionResult: 101 good (restocked); every other result is damaged. */
export const GOOD = InspectionResult.goodRestocked;
const DAMAGED = InspectionResult.damagedScrapped;
export const inspectionOf = (result: string) => (result === GOOD ? 'good' : 'damaged');
export const inspectionKeyword = (inspection: string | undefined) =>
  inspection === 'damaged' ? DAMAGED : GOOD;

/**
 * The agent's loan that blocks a new one (notes §4.7 rule 3): marked overdue, or lent, past its due
 * date (or extension) with units still out — whether or not the daily job has run yet today.
 */
export async function overdueLoanOf(db: Db, agentId: string, today: string) {
  const rows = await sql<{ loan_no: string }>`select o.loan_no from loan_order o
      join workflow_stream s on s.stream_id = 'loanOrder-' || o.object_id::text
    where o.agent_id = ${agentId}
      and (s.status = 'overdue' or (s.status in (${sql.join(LENT_STATES)})
        and coalesce(o.extended_to, o.expected_return_date) < ${today}::date
        and o.loan_quantity > o.returned_quantity + o.converted_quantity + o.compensated_quantity))
    order by coalesce(o.extended_to, o.expected_return_date), o.loan_no limit 1`.execute(db);
  return rows.rows[0]?.loan_no;
}

export function refuseOverdue(agent: string, loanNo: string | undefined) {
  if (loanNo) throw new PortalError(409, 'loans.errors.overdueBlocks', { agent, no: loanNo });
}
