import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { dayOf, fieldError } from '../http/validate';
import { checkSeenOpportunity } from '../opportunities/seen-opportunity';
import { checkVersion } from '../payments/receipt.service';
import { checkValues } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { decide } from '../workflows/decisions';
import { LOAN_FORM, loanDef, loanProblem, loanWithLines } from './loan-entry.service';
import { checkExtension } from './loan-extension';
import { MAX_LOAN_DAYS } from './loan-rules';
import { extensionRefusal, termsHolderOf, termsRefusal } from './loan-terms';

/**
 * The terms a loan's modification changes (the loan order modify page, and the saved loan's form):
 * nothing it lent, nothing it settled.
 */
export const LOAN_TERMS = [
  'EndUserName',
  'OpportunityNo',
  'ExpectedReturnDate',
  'ExtendedTo',
  'Purpose',
  'Remark',
] as const;
const TEXT_MAX: Record<string, number> = { EndUserName: 200, Purpose: 1000, Remark: 1000 };

const textOf = (field: string, value: unknown) => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw fieldError('loanOrder', field, 'server.problems.invalid');
  if (value.length > TEXT_MAX[field]) throw fieldError('loanOrder', field, 'server.problems.tooLong');
  return value.trim() || null;
};

/**
 * Changes a loan's terms (ObjectID, the Version seen, and any of end user, opportunity, due date,
 * extension, purpose, remark): the sales operations desk while the loan is open (not `LOAN_CLOSED`);
 * the applicant only while it is returned to them. An opportunity is a deal of the loan's agent the person changing it sees, as
 * when the loan was asked for (sent empty, it is cleared); a loan-to-sale order takes the loan's at its conversion. A due date
 * lies after today within the longest loan; an extension after the due date within 60 days — on an
 * overdue loan it is the workflow's extension, which puts the loan back on loan.
 */
export async function modifyLoan(db: Db, caller: Caller, body: Record<string, unknown>, clock?: Clock) {
  for (const key of Object.keys(body))
    if (!['ObjectID', 'Version', 'PageID', ...LOAN_TERMS].includes(key))
      throw new PortalError(400, 'server.notWritable', { field: key.slice(0, 40), resource: 'loanOrder' });
  return inTransaction(db, async (trx) => {
    const record = await getRecord(trx, loanDef(), caller, body.ObjectID);
    const id = String(record.ObjectID);
    const row = await termsHolderOf(trx, id, { forUpdate: true });
    if (!row) throw new PortalError(409, 'loans.errors.notModifiable', { no: String(record.LoanNo ?? '') });
    const refused = termsRefusal(row, caller);
    if (refused) throw refused;
    checkVersion(row, body.Version);
    const today = businessDay(clock?.at);
    const sets = [];
    for (const field of ['EndUserName', 'Purpose'] as const)
      if (body[field] !== undefined)
        sets.push(
          sql`${sql.ref(field === 'EndUserName' ? 'end_user_name' : 'purpose')} = ${textOf(field, body[field])}`,
        );
    if (body.OpportunityNo !== undefined) {
      // Read as the request form reads it (trimmed, bounded), then checked by the same rule.
      const { OpportunityNo } = await checkValues(
        trx,
        loanDef(),
        { OpportunityNo: body.OpportunityNo, PageID: LOAN_FORM },
        'update',
      );
      await checkSeenOpportunity(trx, caller, OpportunityNo, 'loanOrder', row.agent_id);
      sets.push(sql`opportunity_no = ${(OpportunityNo as string | null | undefined) ?? null}`);
    }
    if (body.Remark !== undefined)
      sets.push(sql`data = data || ${JSON.stringify({ Remark: textOf('Remark', body.Remark) })}::jsonb`);
    let due = row.due;
    if (body.ExpectedReturnDate !== undefined && body.ExpectedReturnDate !== row.due) {
      const day = dayOf(body.ExpectedReturnDate);
      if (!day) throw fieldError('loanOrder', 'ExpectedReturnDate', 'server.problems.date');
      if (day <= today) throw loanProblem('ExpectedReturnDate', 'dueNotAfterToday', { today });
      const latest = addDays(today, MAX_LOAN_DAYS);
      if (day > latest)
        throw loanProblem('ExpectedReturnDate', 'dueTooLate', { days: MAX_LOAN_DAYS, latest });
      sets.push(sql`expected_return_date = ${day}::date`);
      due = day;
    }
    let extension: string | undefined;
    if (body.ExtendedTo !== undefined && body.ExtendedTo !== null && body.ExtendedTo !== '') {
      const refusedExtension = extensionRefusal(row, caller);
      if (refusedExtension) throw refusedExtension;
      extension = checkExtension(due, body.ExtendedTo, today, row.status === 'overdue');
      if (row.status !== 'overdue') sets.push(sql`extended_to = ${extension}::date`);
    }
    sets.push(
      sql`version = version + 1`,
      sql`updated_at = ${clock?.at ?? new Date()}`,
      sql`updated_by_name = ${caller.lastName}`,
    );
    await sql`update loan_order set ${sql.join(sets)} where object_id = ${id}`.execute(trx);
    // An overdue loan is extended by its workflow, so the state and the block on new loans follow.
    if (extension && row.status === 'overdue')
      await decide(trx, caller, {
        workflow: 'loanOrder',
        subjectId: id,
        command: 'extend',
        payload: { extendedTo: extension },
        clock,
      });
    return loanWithLines(trx, caller, id);
  });
}
