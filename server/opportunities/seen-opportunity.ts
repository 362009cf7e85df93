import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';

/**
 * The deal a form names by its number (an RSP hardware order's 报备编号, a loan's 商机编号): one the
 * person writing sees, read through the opportunity list's own scope, and a deal of the agent the order
 * or loan is for (`agentId`) — its registrant, whose rebate and target credit the deal carries —
 * whoever enters it, sales operations writing for an agent included. A number of no deal and one of a
 * deal outside their scope are refused alike, 400 naming the field, so the refusal tells nothing of
 * other companies' deals; a deal they see of another agent is refused as such. Nothing given, nothing
 * checked: the field is optional on every form.
 */
export async function checkSeenOpportunity(
  trx: Db,
  caller: Caller,
  no: unknown,
  resource: string,
  agentId: string,
  field = 'OpportunityNo',
) {
  if (no === undefined || no === null) return;
  const def = resourceDef('opportunity')!;
  const where = sql.join(
    [...baseConditions(def, caller), sql<boolean>`t.data->>'ExtOpportunityNOText_SDK' = ${String(no)}`],
    sql` and `,
  );
  const found = await sql<{ own: boolean }>`select coalesce(t.company_id::text = ${agentId}, false) as own
    from record t where ${where} order by 1 desc limit 1`.execute(trx);
  if (!found.rows.length) throw fieldError(resource, field, 'server.problems.unknownOpportunity');
  if (!found.rows[0].own) throw fieldError(resource, field, 'server.problems.opportunityOfOtherAgent');
}
