import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import type { SpecialPriceContext } from '../../machines/workflows/special-price.workflow';
import type { Db } from '../db/database';
import { notifyParties } from '../notices/notices';
import type { HookCall } from '../workflows/hooks';

/** The decisions an applicant waits for, by the state they lead to (locale `notices.kinds.<kind>`). */
const DECIDED: Record<string, string> = {
  approved: 'specialPriceApproved',
  rejected: 'specialPriceRejected',
  returned: 'specialPriceReturned',
};

/**
 * A decision on a special price tells the applicant and, when the opportunity has another owner now
 * (an owner change since the request), every person of that owner: the request's and the opportunity's
 * numbers, the decision and its reason, in the decision's transaction.
 */
export async function tellSpecialPriceDecision(trx: Db, call: HookCall & { next: AnyMachineSnapshot }) {
  const state = String(call.next.value);
  const kind = DECIDED[state];
  if (!kind || String(call.state.snapshot.value) === state) return;
  const id = String(call.subject.ObjectID);
  const { rows } = await sql<{
    no: string | null;
    opportunityNo: string | null;
    name: string | null;
    owner: string | null;
  }>`
    select r.data->>'ExtSpecialApprovalNo_SDK' as no, o.data->>'ExtOpportunityNOText_SDK' as "opportunityNo",
      o.data->>'Name' as name, o.company_id::text as owner
    from record r left join record o on o.resource = 'opportunity' and o.object_id::text = r.data->>'OpportunityID'
    where r.object_id = ${id}`.execute(trx);
  const row = rows[0];
  if (!row) return;
  const context = call.next.context as SpecialPriceContext;
  await notifyParties(
    trx,
    { people: [context.applicant.id], companies: [row.owner] },
    {
      kind,
      params: {
        no: row.no ?? '',
        opportunityNo: row.opportunityNo ?? '',
        opportunityName: row.name ?? '',
        reason: String(call.payload.reason ?? ''),
      },
      pageId: 'business.specialPriceApprovalInfo',
      recordId: id,
    },
    call.clock,
  );
}
