import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/**
 * The ledger's list pages read the views of migrations 022 and 050: every figure comes from the flows, and
 * nothing is written through the generic engine (no page offers a create, an edit or a delete).
 */
export const rebateStorages = {
  rebateFlow: {
    table: 'rebate_flow_list',
    columns: {
      FlowNo: col('flow_no'),
      AgentName: col('agent_name'),
      AccountType: col('account_type'),
      Brand: col('brand'),
      FlowType: col('flow_type'),
      Amount: col('amount', 'numeric'),
      AvailableAfter: col('available_after', 'numeric'),
      FrozenAfter: col('frozen_after', 'numeric'),
      PendingAfter: col('pending_after', 'numeric'),
      BalanceAfter: col('balance_after', 'numeric'),
      SourceDocNo: col('source_doc_no'),
      ExpiryDate: col('expiry_date', 'date'),
      Remark: col('reason'),
    },
    defaultSort: '-CreationOn',
    keywordFields: ['FlowNo', 'AgentName', 'SourceDocNo'],
    // An account's flows are numbered 1, 2, 3… without a gap and never removed (migrations 022 and 105):
    // a list of whole accounts — by agent, account type and brand — counts them from each last number.
    keptCount: {
      table: 'rebate_account_flow_count',
      count: 'flow_count',
      fields: ['AgentName', 'AccountType', 'Brand'],
    },
  },
  rebateSummary: {
    table: 'rebate_summary_list',
    columns: {
      AgentName: col('agent_name'),
      ChannelTier: col('channel_tier'),
      ProvinceName: col('province_name'),
      AccountType: col('account_type'),
      Brand: col('brand'),
      AccruedAmount: col('accrued_amount', 'numeric'),
      PostedAmount: col('posted_amount', 'numeric'),
      StiAmount: col('sti_amount', 'numeric'),
      FrozenAmount: col('frozen_amount', 'numeric'),
      UsedAmount: col('used_amount', 'numeric'),
      ReversedAmount: col('reversed_amount', 'numeric'),
      AdjustedAmount: col('adjusted_amount', 'numeric'),
      ExpiredAmount: col('expired_amount', 'numeric'),
      PaidOutAmount: col('paid_out_amount', 'numeric'),
      AvailableBalance: col('available_balance', 'numeric'),
      Balance: col('balance', 'numeric'),
      PendingAmount: col('pending_amount', 'numeric'),
      NextExpiryDate: col('next_expiry_date', 'date'),
      LastFlowDate: col('last_flow_date', 'timestamptz'),
    },
    defaultSort: '-AvailableBalance',
    keywordFields: ['AgentName'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
