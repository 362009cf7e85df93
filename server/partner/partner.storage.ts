import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

const errorColumns = {
  PartnerOrderNo: col('partner_order_no'),
  BatchNo: col('batch_no'),
  ErrorType: col('error_type'),
  ErrorMessage: col('error_message'),
  RetryCount: col('retry_count', 'integer'),
  SynchState: col('synch_state'),
  RawPayload: col('raw_payload'),
};

/**
 * Where the partner pull's logs live (migrations 026 and 036): written only by the pull and its retry
 * (server/partner), read by the log pages through the resource engine like any list.
 */
export const partnerStorages = {
  orderPullLog: {
    table: 'partner_pull_run',
    columns: {
      BatchNo: col('batch_no'),
      PullTime: col('pull_time', 'timestamptz'),
      QueryStartTime: col('query_start', 'timestamptz'),
      QueryEndTime: col('query_end', 'timestamptz'),
      TotalCount: col('total_count', 'integer'),
      SuccessCount: col('success_count', 'integer'),
      FailCount: col('fail_count', 'integer'),
      SynchState: col('synch_state'),
      DurationMs: col('duration_ms', 'integer'),
      Message: col('message'),
    },
    defaultSort: '-PullTime',
    keywordFields: ['BatchNo'],
  },
  productPullLog: {
    table: 'product_pull_run',
    columns: {
      BatchNo: col('batch_no'),
      PullTime: col('pull_time', 'timestamptz'),
      TotalCount: col('total_count', 'integer'),
      NewCount: col('new_count', 'integer'),
      UpdatedCount: col('updated_count', 'integer'),
      FailCount: col('fail_count', 'integer'),
      SynchState: col('synch_state'),
      DurationMs: col('duration_ms', 'integer'),
      Message: col('message'),
    },
    defaultSort: '-PullTime',
    keywordFields: ['BatchNo'],
  },
  partnerOriginalOrder: {
    table: 'partner_original_order',
    columns: {
      PartnerOrderNo: col('partner_order_no'),
      BatchNo: col('batch_no'),
      PullTime: col('pull_time', 'timestamptz'),
      SynchState: col('synch_state'),
      ErrorMessage: col('error_message'),
      RawPayload: col('raw_payload'),
    },
    defaultSort: '-PullTime',
    keywordFields: ['PartnerOrderNo'],
  },
  partnerOrderError: {
    table: 'partner_order_error',
    columns: errorColumns,
    defaultSort: '-CreationOn',
    keywordFields: ['PartnerOrderNo'],
  },
  partnerShippingError: {
    table: 'partner_shipping_error',
    columns: { ...errorColumns, ShippingInstructionNo: col('shipping_instruction_no') },
    defaultSort: '-CreationOn',
    keywordFields: ['ShippingInstructionNo', 'PartnerOrderNo'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
