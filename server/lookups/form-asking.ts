import { z } from 'zod';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import { checkLoanFormOpen, LOAN_FORM } from '../loans/loan-entry.service';
import { ownCompanies } from '../opportunities/agent-companies';
import { agentFor, checkEntryFormOpen, ENTRY_FORMS } from '../orders/order-entry.rules';
import { formWrites } from '../orders/order-references';
import { pickerPaging } from './paging';

/**
 * A picker of an order's (or a loan's) field whose choices depend on the form's agent: it sends the
 * form asking and the agent the form holds now (catalogue `pickerSends`).
 */
export const formAgentQuery = z.object({
  ...pickerPaging,
  /** The entry form asking: one that writes the field, open to the caller. */
  PageID: z.string().trim().max(100),
  /** The agent the form holds now. */
  AgentName: z.string().trim().max(200).optional(),
});
export type FormAgentQuery = z.infer<typeof formAgentQuery>;

/**
 * The form asking a picker of an order's (or a loan's) field what it may hold for the form's agent:
 * the loan request form, or an order entry form that writes the field (400 naming PageID with
 * `refusal` if it does not) — and open to the caller (403 if not).
 */
export async function checkFormAsking(
  db: Db,
  caller: Caller,
  pageId: string,
  field: string,
  refusal: string,
) {
  if (pageId === LOAN_FORM) return checkLoanFormOpen(db, caller);
  // An entry form, so that whether it is open to the caller is checked below.
  if (!Object.hasOwn(ENTRY_FORMS, pageId) || !formWrites(pageId, field))
    throw fieldError(undefined, 'PageID', refusal);
  await checkEntryFormOpen(db, caller, pageId);
}

/**
 * The agent whose choices a form's picker offers, read as the save reads it (one the caller may order
 * for): the one the form names; before it names one, an agent's staff's own company, as they order for
 * it alone; vendor staff are asked to choose the agent first (400 naming AgentName).
 */
export async function formAgentOf(db: Db, caller: Caller, agentName: string | undefined) {
  const name = agentName || (await ownCompanies(db, caller, { supplied: false }))?.[0]?.name;
  if (!name) throw fieldMissing('order', 'AgentName');
  return agentFor(db, caller, name);
}
