import { afterOpportunityWrite } from '../opportunities/opportunity.rules';
import { afterOpportunityCustomerWrite } from '../opportunities/opportunity-customer.rules';
import { opportunityProtection } from '../opportunities/opportunity-protection.job';
import { opportunityRegistrationHooks } from '../opportunities/opportunity-registration.hooks';
import { opportunityReportStorages } from '../opportunities/opportunity-report.storage';
import { protectionEndingNotices } from '../opportunities/protection-ending.job';
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
      // A strategic customer is unique by name and credit code, in a real province and city.
      opportunityCustomer: { afterWrite: afterOpportunityCustomerWrite },
    },
    workflows: { opportunityRegistration: opportunityRegistrationHooks },
    jobs: { opportunityProtection, protectionEndingNotices },
  }),
);
