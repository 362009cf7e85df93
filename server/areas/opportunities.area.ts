import { afterOpportunityItemWrite } from '../opportunities/letter-cell.rules';
import { opportunityInvariants } from '../opportunities/opportunity.invariants';
import { afterOpportunityWrite } from '../opportunities/opportunity.rules';
import { afterOpportunityChannelWrite } from '../opportunities/opportunity-channel.rules';
import { afterOpportunityCustomerWrite } from '../opportunities/opportunity-customer.rules';
import { opportunityProtection } from '../opportunities/opportunity-protection.job';
import { opportunityRegistrationHooks } from '../opportunities/opportunity-registration.hooks';
import { opportunityReportStorages } from '../opportunities/opportunity-report.storage';
import { afterSalesProductConfigWrite, afterSpecialConfigWrite } from '../opportunities/product-config.rules';
import { protectionEndingNotices } from '../opportunities/protection-ending.job';
import { afterSalesAreaWrite } from '../opportunities/sales-area.rules';
import { type AreaParts, defineArea, stored } from './area';

/** Opportunities: registration, protection, strategic customers and their reports. */
export const opportunitiesArea = defineArea(
  'opportunities',
  (): AreaParts<'opportunities'> => ({
    resources: {
      ...stored(opportunityReportStorages),
      // Opportunities are registered and decided through their commands; their progress records with them.
      opportunity: { afterWrite: afterOpportunityWrite, demo: 'story' },
      oppMainProgress: { demo: 'story' },
      // A deal's products are added, changed and removed by their commands; the engine writes only the
      // letter cell of a line, checked against the deal's letters.
      opportunityItem: { afterWrite: afterOpportunityItemWrite },
      // A strategic customer is unique by name and credit code, in a real province and city.
      opportunityCustomer: { afterWrite: afterOpportunityCustomerWrite },
      // The configuration of 商机管理, each checked against its masters and read by a process
      // (docs/opportunities.md "The four configuration pages").
      h3cSalesArea: { afterWrite: afterSalesAreaWrite },
      salesProductConfig: { afterWrite: afterSalesProductConfigWrite },
      specialConfig: { afterWrite: afterSpecialConfigWrite },
      opportunityChannel: { afterWrite: afterOpportunityChannelWrite },
      // The agents of each deal with their role in it (商机渠道管理), read from a view that adds the
      // registering agent and gives each row its opportunity's scope (migration 101); written by commands.
      opportunityParticipant: {
        storage: {
          table: 'opportunity_participant',
          columns: {},
          defaultSort: '-CreationOn',
          keywordFields: ['ExtOpportunityNOText_SDK', 'ExtOpportunityName_SDK', 'AgentName'],
        },
      },
    },
    workflows: { opportunityRegistration: opportunityRegistrationHooks },
    jobs: { opportunityProtection, protectionEndingNotices },
    invariants: { ...opportunityInvariants },
  }),
);
