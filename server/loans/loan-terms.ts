import { sql } from 'kysely';
import { lockHolds } from '../../catalogue/define';
import { LOAN_CLOSED, LOAN_DESK_EXTENSION, LOAN_DESK_TERMS } from '../../catalogue/ordersSetup-loans.pages';
import { isApplicantOrDesk, LOAN_STATUS } from '../../machines/workflows/loan-order.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';

// Who may change a saved loan’s terms, and when (docs/loans.md "Terms").

export interface TermsHolder {
  version: number;
  loan_no: string;
  agent_id: string;
  /** The workflow's state (`returned`…), and who asked for the loan. */
  status: string;
  applicant_id: string | null;
  applicant_name: string | null;
  due: string;
}

/**
 * A loan's state and applicant as its workflow holds them, with the terms' version and due date (none
 * for a loan without its workflow, which nothing but a hand-made row could be).
 */
export async function termsHolderOf(
  db: Db,
  id: string,
  { forUpdate = false } = {},
): Promise<TermsHolder | undefined> {
  const { rows } = await sql<TermsHolder>`select o.version, o.loan_no, o.agent_id::text as agent_id, s.status,
      s.state->'context'->'applicant'->>'id' as applicant_id,
      s.state->'context'->'applicant'->>'name' as applicant_name,
      to_char(o.expected_return_date, 'YYYY-MM-DD') as due
    from loan_order o join workflow_stream s on s.stream_id = ${`loanOrder-${id}`}
    where o.object_id = ${id} ${forUpdate ? sql`for update of o` : sql``}`.execute(db);
  return rows[0];
}

/**
 * Why this person may not change a loan's terms now, if they may not: the one rule of the save and of
 * the saved loan's form (its answer says `MayChangeTerms`). Closed, the loan is nobody's (LOAN_CLOSED);
 * open, the desk's (LOAN_DESK_TERMS), but when it is returned to its applicant, who alone of the
 * agent's staff corrects it, as the chart's resubmit is theirs (`isApplicantOrDesk`).
 */
export function termsRefusal(loan: TermsHolder, caller: Caller): PortalError | undefined {
  const state = statusOf(loan);
  if (lockHolds(LOAN_CLOSED, state))
    return new PortalError(409, 'loans.errors.notModifiable', { no: loan.loan_no });
  if (lockHolds(LOAN_DESK_TERMS, state, caller.roleCode))
    return new PortalError(403, 'loans.errors.deskOnly');
  if (!isApplicantOrDesk({ id: loan.applicant_id ?? '' }, { id: caller.employeeId, role: caller.roleCode }))
    return new PortalError(403, 'loans.errors.applicantOnly', {
      no: loan.loan_no,
      name: loan.applicant_name ?? '',
    });
  return undefined;
}

/** A loan's status as its pages' locks read it: the dictionary code of its workflow's state. */
const statusOf = (loan: TermsHolder) => ({ LoanStatus: LOAN_STATUS[loan.status] });

/**
 * Why this person may not set a loan's extension, if they may not: it is the desk's in every state
 * (LOAN_DESK_EXTENSION), the lock the terms list shows on its cell.
 */
export const extensionRefusal = (loan: TermsHolder, caller: Caller) =>
  lockHolds(LOAN_DESK_EXTENSION, statusOf(loan), caller.roleCode)
    ? new PortalError(403, 'loans.errors.deskOnly')
    : undefined;
