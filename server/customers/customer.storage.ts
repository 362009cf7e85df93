import { CustomerStatus } from '../../domain/codes/customers.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/** Agents (customers) have a table of their own: the lists filter and sort them at volume (migration 003). */
export const customerStorages = {
  customer: {
    table: 'customer',
    columns: {
      Name: col('name'),
      AccountID: col('account_id'),
      ExtCreditCode_SDK: col('credit_code'),
      ExtCustomerType_SDK: col('customer_type'),
      ExtChannelSmallType_SDK: col('channel_type'),
      ExtCustomerStatus_SDK: col('status'),
    },
    number: { field: 'AccountID', prefix: NUMBER_PREFIX.agentAccount },
    // An agent entered on a form rather than through registration is a general distributor, appointed
    // by the vendor: it cooperates from the day it is entered (its type comes from the GD list's lens).
    startingValues: { ExtCustomerStatus_SDK: CustomerStatus.active },
    defaultSort: '-CreationOn',
    keywordFields: ['Name', 'AccountID', 'ExtCreditCode_SDK'],
  },
  /**
   * Credit-limit requests (view credit_limit_request, migration 098): each request of an agent as its
   * stream and the agent read now, with who it waits for (the to-do lens of agents.area.ts reads it).
   */
  creditLimitRequest: {
    table: 'credit_limit_request',
    columns: {
      CustomerID: col('customer_id', 'uuid'),
      AgentName: col('agent_name'),
      ExtCustomerType_SDK: col('customer_type'),
      RequestStatus: col('request_status'),
      PreviousCreditLimit: col('previous_credit_limit', 'numeric'),
      CreditLimit: col('credit_limit', 'numeric'),
      PreviousPartnerCreditLimit: col('previous_partner_credit_limit', 'numeric'),
      PartnerCreditLimit: col('partner_credit_limit', 'numeric'),
      RequestReason: col('request_reason'),
      RequestedBy: col('requested_by'),
      RequestedOn: col('requested_on', 'timestamptz'),
      DecidedBy: col('decided_by'),
      DecidedOn: col('decided_on', 'timestamptz'),
      DecisionReason: col('decision_reason'),
    },
    defaultSort: '-RequestedOn',
    keywordFields: ['AgentName', 'RequestReason'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
