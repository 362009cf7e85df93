import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * The opportunity reports read from views over the opportunities (migrations 037 and 054), never from
 * stored figures; read-only, as no page offers a write on them. 客户信息报表 and 商机客户查询 both read
 * `opportunity_customer_report`, which counts only effective registrations (not rejected or withdrawn).
 */
export const opportunityReportStorages = {
  opportunityReport: {
    table: 'opportunity_report',
    columns: {},
    defaultSort: '-CreationOn',
    keywordFields: ['ExtOpportunityNOText_SDK', 'Name', 'ExtOppCustomerName_SDK'],
  },
  opportunityCustomerReport: {
    table: 'opportunity_customer_report',
    columns: {
      OpportunityCount: col('opportunity_count', 'integer'),
      WonCount: col('won_count', 'integer'),
      OpportunityAmount: col('opportunity_amount', 'numeric'),
      WonAmount: col('won_amount', 'numeric'),
      LastFollowUpDate: col('last_follow_up', 'date'),
      // The agents of the customer's effective opportunities, as one text a name filter finds them in.
      AgentName: col('agent_names'),
    },
    defaultSort: '-OpportunityAmount',
    keywordFields: ['customerName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
