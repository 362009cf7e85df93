import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { agentDeals } from '../opportunities/agent-deal';
import { checkFormAsking, type FormAgentQuery, formAgentOf } from './form-asking';
import { searchRecordPicker } from './record.lookup';

/**
 * POST /orderOpportunityLookup/search, the 报备编号 picker of the RSP hardware form and the 商机编号
 * picker of the loan request form: the deals of the form's agent that the caller sees, as the
 * opportunity picker's rows — the numbers the save accepts (server/opportunities/agent-deal.ts), not
 * every deal the caller sees. Only for whom the form is open, and for an agent they may order for (read
 * as the save reads it; before the form names one, an agent's staff's own: `formAgentOf`).
 */
export async function searchOrderOpportunities(db: Db, caller: Caller, query: FormAgentQuery) {
  await checkFormAsking(db, caller, query.PageID, 'OpportunityNo', 'ordersEntry.formNamesNoOpportunity');
  const { PageID: _form, AgentName, ...search } = query;
  const agent = await formAgentOf(db, caller, AgentName);
  return searchRecordPicker(db, caller, 'opportunityLookup', search, agentDeals(agent.id));
}
