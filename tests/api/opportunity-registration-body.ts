import {
  CustomerIndustry,
  OpportunitySource,
  OpportunityStage,
  ProductLineInfo,
} from '../../domain/codes/opportunities.codes';

let serial = 0;

/**
 * The opportunity registration form (business.opportunityInfo) as an agent's person fills it in: a
 * healthcare lead for rack servers in Jiangsu. Its project and end customer are new on each call, so no
 * earlier registration of the run, or of an earlier run on the same database, collides with it; the
 * test names the agent (AgentName) and changes whatever its case is about.
 */
export function registrationBody(fields: Record<string, unknown> = {}) {
  serial += 1;
  const unique = `${Date.now()}-${serial}`;
  return {
    PageID: 'business.opportunityInfo',
    ExtOpportunitySource_SDK: OpportunitySource.agentRegistration,
    Name: `Rack servers project ${unique}`,
    ExtOppCustomerName_SDK: `Registration Hospital ${unique}`,
    ExtCustomerIndustry_SDK: CustomerIndustry.healthcare,
    ProvinceName: 'Jiangsu',
    ProductLine: ProductLineInfo.rackServers,
    ExtOpportunityStage_SDK: OpportunityStage.lead,
    ExtBudgetAmount_SDK: '500000.00',
    ExtEstimatedSalesAmountcontent_SDK: '400000.00',
    ExtEstimatedBidDate_SDK: '2027-01-20',
    ExtRequirementDesc_SDK: 'Rack servers',
    ...fields,
  };
}
