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
    defaultSort: '-CreationOn',
    keywordFields: ['Name', 'AccountID', 'ExtCreditCode_SDK'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
