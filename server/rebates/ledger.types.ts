import { RebateAccountType, RebateFlowType } from '../../domain/codes/rebates.codes';
/**
 * The ledger's vocabulary (notes §5.2): flow types are the keywords of the RebateFlowType dictionary,
 * account types those of RebateAccountType. Money is integer fen throughout the service.
 */
export const FLOW = {
  accrue: RebateFlowType.accrual,
  post: RebateFlowType.posted,
  freeze: RebateFlowType.frozen,
  use: RebateFlowType.used,
  release: RebateFlowType.released,
  reverse: RebateFlowType.reversed,
  expire: RebateFlowType.expired,
  adjust: RebateFlowType.adjustment,
  payout: RebateFlowType.cashPayout,
} as const;
export type FlowType = (typeof FLOW)[keyof typeof FLOW];

export const ACCOUNT_TYPE = {
  rebate: RebateAccountType.rebate,
  cashDiscount: RebateAccountType.cashDiscount,
} as const;

/** Which account a flow goes to: an agent's rebate account of a brand line, or its cash-discount account. */
export type AccountKey =
  | { companyId: string; type: 'rebate'; brand: string }
  | { companyId: string; type: 'cashDiscount' };

/** The document a flow comes from (a settlement, an order, an adjustment…), by kind and number. */
export interface SourceDoc {
  type: 'settlement' | 'order' | 'adjustment' | 'return' | 'payout' | 'accrual' | 'expiry' | 'cashDiscount';
  no: string;
}

/** Who writes a flow and when: a person on the real clock, or the demo seed on its own. */
export interface LedgerActor {
  employeeId: string | null;
  name: string;
  at?: Date;
  /** Ids for the flows and accounts it writes: the demo seed's come from its seeded generator. */
  uuid?: () => string;
}

export interface Balances {
  availableFen: number;
  frozenFen: number;
  pendingFen: number;
}
