/**
 * An agent's credit limits per line of business, as a credit-limit request changes them
 * (docs/credit-limits.md): the own line's, which the order credit check reads, and the partner
 * line's, kept for an agent that has partner-line business. Amounts are yuan text with two decimals.
 */
export interface CreditLimits {
  CreditLimit: string | null;
  PartnerCreditLimit: string | null;
}

/** The agent record's fields that hold the limits: read-only on every form, written by an approval. */
export const CREDIT_LIMIT_FIELDS = {
  own: 'ExtCreditLimit_SDK',
  partner: 'ExtPartnerCreditLimit_SDK',
} as const;

/** The largest limit a request may ask for, in yuan (a sanity bound, far above any agent's). */
export const CREDIT_LIMIT_MAX_YUAN = 10_000_000_000;

/** One credit-limit request on an agent's record page: who asked, what, why, and what was decided. */
export interface CreditLimitRequestRow {
  StreamID: string;
  /** State of its workflow: requested, returned, approved, rejected or withdrawn. */
  State: string;
  RequestedBy: string;
  /** Business time (Asia/Shanghai), yyyy-MM-dd HH:mm. */
  RequestedOn: string;
  Previous: CreditLimits;
  Requested: CreditLimits;
  RequestReason: string;
  DecidedBy: string | null;
  DecidedOn: string | null;
  /** The reason finance gave for a return or a rejection. */
  DecisionReason: string | null;
}

/** What the agent record's credit panel reads: the limits now, the history, and what the caller may do. */
export interface CreditLimitOverview {
  Current: CreditLimits;
  /** Whether the agent has partner-line business, so a partner-line limit may be requested. */
  HasPartnerLine: boolean;
  /** The caller may start a request now (sales operations, none open). */
  MayRequest: boolean;
  /** The open request was returned and the caller may correct and resubmit it. */
  MayCorrect: boolean;
  Requests: CreditLimitRequestRow[];
}
