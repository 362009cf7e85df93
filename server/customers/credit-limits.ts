import { sql } from 'kysely';
import { OrderChannel } from '../../domain/codes/orders.codes';
import { CREDIT_LIMIT_FIELDS, type CreditLimits } from '../../domain/credit-limits';
import { fenToYuanString, yuanToFen } from '../../domain/money';
import type { CreditLimitRequest } from '../../machines/workflows/credit-limit-change.workflow';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';

/** A limit as stored and recorded: yuan with two decimals, or null where none was granted. */
export const limitText = (value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : fenToYuanString(yuanToFen(String(value)));

/** An agent's limits as its record holds them now. */
export async function limitsOf(db: Db, agentId: string): Promise<CreditLimits> {
  const found = await sql<{ own: string | null; partner: string | null }>`select
      data->>${CREDIT_LIMIT_FIELDS.own} as own, data->>${CREDIT_LIMIT_FIELDS.partner} as partner
    from customer where object_id = ${agentId}`.execute(db);
  const row = found.rows[0];
  return { CreditLimit: limitText(row?.own), PartnerCreditLimit: limitText(row?.partner) };
}

/**
 * Whether an agent has partner-line business: partner-line orders of its company came in from the
 * partner, or a partner-line limit was granted before. Only such an agent has a partner-line limit.
 */
export async function hasPartnerLine(db: Db, agentId: string): Promise<boolean> {
  const found = await sql<{ has: boolean }>`select exists (select 1 from sales_order
      where company_id = ${agentId} and order_channel = ${sql.lit(OrderChannel.partnerLine)})
    or exists (select 1 from customer where object_id = ${agentId}
      and coalesce(data->>${CREDIT_LIMIT_FIELDS.partner}, '') <> '') as has`.execute(db);
  return found.rows[0]?.has ?? false;
}

/**
 * The limits a request asks for, complete: the own line's as typed; the partner line's as typed, or
 * unchanged when left out — and refused, naming the field, for an agent without partner-line business.
 */
export async function requestedLimits(
  db: Db,
  agentId: string,
  request: Pick<CreditLimitRequest, 'CreditLimit' | 'PartnerCreditLimit'>,
): Promise<CreditLimits> {
  const partnerAsked = request.PartnerCreditLimit !== undefined && request.PartnerCreditLimit !== null;
  const partnerLine = await hasPartnerLine(db, agentId);
  if (partnerAsked && !partnerLine)
    throw fieldError(undefined, 'PartnerCreditLimit', 'creditLimits.problems.noPartnerLine');
  const current = await limitsOf(db, agentId);
  return {
    CreditLimit: limitText(request.CreditLimit),
    PartnerCreditLimit: partnerAsked ? limitText(request.PartnerCreditLimit) : current.PartnerCreditLimit,
  };
}

/** Writes approved limits on the agent (the only writer of these fields). */
export async function writeLimits(trx: Db, agentId: string, limits: CreditLimits, by: string, at: Date) {
  const values: [string, string | null][] = [
    [CREDIT_LIMIT_FIELDS.own, limits.CreditLimit],
    [CREDIT_LIMIT_FIELDS.partner, limits.PartnerCreditLimit],
  ];
  const kept = Object.fromEntries(values.filter(([, v]) => v !== null));
  const removed = values.filter(([, v]) => v === null).map(([k]) => k);
  await sql`update customer set data = (data - ${sql.val(removed)}::text[]) || ${JSON.stringify(kept)}::jsonb,
      version = version + 1, updated_at = ${at}, updated_by_name = ${by}
    where object_id = ${agentId}`.execute(trx);
}
