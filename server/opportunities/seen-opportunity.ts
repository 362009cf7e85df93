import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { agentDeals, dealsNumbered } from './agent-deal';

/**
 * The deal a form names by its number (an RSP hardware order's 报备编号, a loan's 商机编号): a deal of
 * the agent the order or loan is for (`agentId`) — its registrant, whose rebate and target credit the
 * deal carries — that the person writing sees, read through the opportunity list's own scope, whoever
 * enters it, sales operations writing for an agent included: the deals the form's picker offers
 * (agent-deal.ts). A number of no deal and one of a deal outside their scope are refused alike, 400
 * naming the field, so the refusal tells nothing of other companies' deals; a deal they see of another
 * agent is refused as such. Nothing given, nothing checked: the field is optional on every form.
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
  const [seen, own] = [resourceDef('opportunity')!, agentDeals(agentId)].map(
    (deals) =>
      sql<boolean>`exists (select 1 from record t where ${dealsNumbered(deals, caller, String(no))})`,
  );
  const found = await sql<{ seen: boolean; own: boolean }>`select ${seen} as seen, ${own} as own`.execute(
    trx,
  );
  if (found.rows[0].own) return;
  if (!found.rows[0].seen) throw fieldError(resource, field, 'server.problems.unknownOpportunity');
  throw fieldError(resource, field, 'server.problems.opportunityOfOtherAgent');
}
