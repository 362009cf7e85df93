import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import { RspPaymentMethod } from '../../domain/codes/payments.codes';
import { yuanToFen } from '../../domain/money';
import type { Db } from '../db/database';

/** Payment terms of an agent (dictionary RspPaymentMethod): pay before delivery, or N days' credit. */
export const PAYMENT_TERMS = {
  prepay: RspPaymentMethod.payBeforeDelivery,
  net30: RspPaymentMethod.net30,
  net60: RspPaymentMethod.net60,
} as const;
const CREDIT_DAYS: Record<string, number> = { [PAYMENT_TERMS.net30]: 30, [PAYMENT_TERMS.net60]: 60 };

/** Dictionary CustomerType: a city agent (CCP). */
const CITY_AGENT = CustomerType.ccp;

/** What the credit checks read of an agent: its terms, its credit limit and its name. */
export interface AgentCredit {
  id: string;
  name: string;
  terms: string;
  /** Days of credit; 0 for an agent that pays before delivery. */
  creditDays: number;
  /** The credit limit in fen; null where none was granted. */
  limitFen: number | null;
}

/**
 * The terms an agent orders on: the ones its agent record names (payment terms, ExtPaymentTerms_SDK), else
 * those of its tier — a city agent pays before delivery, a provincial agent or distributor has 30
 * days — so an agent nobody gave terms to is never granted more than its tier's.
 */
export function termsOf(recorded: unknown, customerType: string | null): string {
  const text = typeof recorded === 'string' ? recorded.trim() : '';
  if (text in CREDIT_DAYS || text === PAYMENT_TERMS.prepay) return text;
  return customerType === CITY_AGENT ? PAYMENT_TERMS.prepay : PAYMENT_TERMS.net30;
}

/** The agent an order is for, as its credit checks read it (the order's company). */
export async function agentCreditOf(db: Db, agentId: string): Promise<AgentCredit | null> {
  const found = await sql<{
    id: string;
    name: string;
    type: string | null;
    terms: unknown;
    limit: string | null;
  }>`
    select object_id::text as id, name, customer_type as type, data->>'ExtPaymentTerms_SDK' as terms,
      nullif(data->>'ExtCreditLimit_SDK', '') as "limit"
    from customer where object_id = ${agentId}`.execute(db);
  const row = found.rows[0];
  if (!row) return null;
  const terms = termsOf(row.terms, row.type);
  return {
    id: row.id,
    name: row.name,
    terms,
    creditDays: CREDIT_DAYS[terms] ?? 0,
    limitFen: row.limit === null ? null : yuanToFen(row.limit),
  };
}
