import { sql } from 'kysely';
import type { Invariant } from '../books/invariant';
import { dealRecords, outOfDealScope } from './opportunity.repo';

/** What hangs off an opportunity and must follow it (docs/opportunities.md "Owner", docs/books.md). */
export const opportunityInvariants = {
  // A deal's products and progress records are read through the deal's scope: one kept in another
  // (an owner change that left them behind) is read by the agent that lost the deal and hidden from
  // the one that holds it.
  recordsInDealScope: {
    page: 'business.opportunityManagementDetail',
    query: sql`select d.deal_id as object_id, o.data->>'ExtOpportunityNOText_SDK' as label,
        coalesce(oc.name, '-') as owner, coalesce(rc.name, '-') as "recordOwner", count(*)::int as records
      from (${dealRecords()}) d join record o on o.object_id = d.deal_id
        left join customer oc on oc.object_id = d.deal_company_id
        left join customer rc on rc.object_id = d.company_id
      where ${outOfDealScope}
      group by d.deal_id, o.data->>'ExtOpportunityNOText_SDK', oc.name, rc.name`,
  },
} satisfies Record<string, Invariant>;
