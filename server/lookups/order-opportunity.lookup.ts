import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldMissing } from '../http/validate';
import { ownCompanies } from '../opportunities/agent-companies';
import { agentDeals } from '../opportunities/agent-deal';
import { agentFor } from '../orders/order-entry.rules';
import { checkFormAsking, type FormAgentQuery } from './form-asking';
import { searchRecordPicker } from './record.lookup';

/**
 * POST /orderOpportunityLookup/search, the 报备编号 picker of the RSP hardware form and the 商机编号
 * picker of the loan request form: the deals of the form's agent that the caller sees, as the
 * opportunity picker's rows — the numbers the save accepts (server/opportunities/agent-deal.ts), not
 * every deal the caller sees. Only for whom the form is open, and for an agent they may order for (read
 * as the save reads it). An agent's staff order for their own company alone, so before the form names
 * it their own deals are offered; vendor staff are asked to choose the agent first.
 */
export async function searchOrderOpportunities(db: Db, caller: Caller, query: FormAgentQuery) {
  await checkFormAsking(db, caller, query.PageID, 'OpportunityNo', 'ordersEntry.formNamesNoOpportunity');
  const { PageID: _form, AgentName, ...search } = query;
  const name = AgentName || (await ownCompanies(db, caller, { supplied: false }))?.[0]?.name;
  if (!name) throw fieldMissing('order', 'AgentName');
  const agent = await agentFor(db, caller, name);
  return searchRecordPicker(db, caller, 'opportunityLookup', search, agentDeals(agent.id));
}
