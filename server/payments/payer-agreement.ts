import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Whether a third-party payment agreement (代付协议) lets `payer` pay for the agent on `day`: a row of
 * 第三方代付协议 (resource payerAgreement) naming both, enabled, with the day inside its validity.
 */
export async function hasPayerAgreement(db: Db, agentName: string, payer: string, day: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'payerAgreement' and data->>'AgentName' = ${agentName}
      and data->>'PayerName' = ${payer} and coalesce((data->>'Enabled')::boolean, true)
      and (data->>'ValidFrom')::date <= ${day}::date
      and (nullif(data->>'ValidTo', '') is null or (data->>'ValidTo')::date >= ${day}::date)`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}
