import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import { scopeCondition } from '../resources/scope';

/** An agent as a receipt or a payer agreement keeps it: its id, name and region. */
export interface Agent {
  object_id: string;
  name: string;
  province_code: string | null;
  city_code: string | null;
}

/**
 * The agent a receipt or a payer agreement is for, by name as the customer picker fills it: exactly
 * one agent of that name within the caller's scope. An agent out of the scope, a name shared by two
 * and a name no agent has are refused alike, naming the field and nothing of other companies.
 */
export async function agentNamed(
  db: Db,
  caller: Caller,
  name: unknown,
  resource = 'payment',
): Promise<Agent> {
  if (typeof name !== 'string' || !name.trim()) throw fieldMissing(resource, 'AgentName');
  const found = await sql<Agent>`select t.object_id::text as object_id, t.name, t.province_code, t.city_code
    from customer t where t.name = ${name.trim()} and ${scopeCondition(caller)} limit 2`.execute(db);
  if (found.rows.length !== 1)
    throw fieldError(resource, 'AgentName', { key: 'payments.problems.noSuchAgent', params: {} });
  return found.rows[0];
}
