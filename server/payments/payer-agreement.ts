import { sql } from 'kysely';
import type { Db } from '../db/database';
import { fieldError } from '../http/validate';
import type { AfterWrite } from '../resources/rules';
import { agentNamed } from './agent-named';

/**
 * Whether a third-party payment agreement (代付协议) lets `payer` pay for the agent on `day`: a row of
 * 第三方代付协议 (resource payerAgreement) kept for that agent (its `company_id`, set from the agent
 * its form named when it was saved) naming the payer, enabled, with the day inside its validity.
 */
export async function hasPayerAgreement(db: Db, agentId: string, payer: string, day: string) {
  const found = await sql<{ n: number }>`select count(*)::int as n from record
    where resource = 'payerAgreement' and company_id = ${agentId}
      and data->>'PayerName' = ${payer} and coalesce((data->>'Enabled')::boolean, true)
      and (data->>'ValidFrom')::date <= ${day}::date
      and (nullif(data->>'ValidTo', '') is null or (data->>'ValidTo')::date >= ${day}::date)`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}

/**
 * A payer agreement as its form saves it, in the write's transaction: the agent it names is exactly one
 * agent within the writer's scope (refused naming the field otherwise, as a receipt refuses it), and
 * the row is kept for that agent — its id and region — so only that agent's receipts may name the
 * payer, and the agent's province sees the agreement whoever entered it. It ends no earlier than it
 * starts.
 */
export const afterPayerAgreementWrite: AfterWrite = async (trx, def, caller, record, changed) => {
  const { ValidFrom: from, ValidTo: to } = record;
  if (typeof from === 'string' && typeof to === 'string' && to < from)
    throw fieldError(def.name, 'ValidTo', {
      key: 'server.problems.notBeforeStart',
      params: { start: { key: `field.${def.name}.ValidFrom`, params: {} } },
    });
  if (!changed.has('AgentName')) return;
  const agent = await agentNamed(trx, caller, record.AgentName, def.name);
  record.AgentName = agent.name;
  await sql`update record set company_id = ${agent.object_id}, province_code = ${agent.province_code},
      city_code = ${agent.city_code}, data = data || ${JSON.stringify({ AgentName: agent.name })}::jsonb
    where object_id = ${String(record.ObjectID)}`.execute(trx);
};
