import { sql } from 'kysely';
import { CustomerType } from '../../domain/codes/customers.codes';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { ACTIVE_AGENT, ownCompanies } from '../opportunities/agent-companies';

const RESOURCE = 'specialApproval';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The companies a special price names beside its opportunity, checked against their masters and never
 * taken from the body on trust: the agent is the opportunity's (a body naming another company, or a
 * name no company has, is refused naming the field); the supplier (供货总代) is the general
 * distributor on that agent's record when none is named. An agent's staff may name no other supplier;
 * vendor staff may name another active general distributor. No refusal names another company.
 */
export async function partiesOf(
  db: Db,
  caller: Caller,
  body: Record<string, unknown>,
  opportunityAgent: unknown,
) {
  const agent = text(opportunityAgent);
  const named = text(body.AgentName);
  if (named && named !== agent)
    throw fieldError(RESOURCE, 'AgentName', 'specialPrices.problems.agentNotOpportunity');
  const record = await sql<{ supplier: string | null }>`select data->>'ExtSupplierName_SDK' as supplier
    from customer where name = ${agent} limit 1`.execute(db);
  const supplier = record.rows[0]?.supplier?.trim() || null;
  const sent = text(body.ExtSupplierName_SDK);
  if (!sent || sent === supplier) return { AgentName: agent || null, ExtSupplierName_SDK: supplier };
  if (await ownCompanies(db, caller, { supplied: false }))
    throw fieldError(RESOURCE, 'ExtSupplierName_SDK', 'specialPrices.problems.supplierNotAgents');
  const distributor = await sql<{ n: number }>`select count(*)::int as n from customer
    where name = ${sent} and customer_type = ${CustomerType.generalDistributor}
      and status in (${sql.join(ACTIVE_AGENT)})`.execute(db);
  if (!distributor.rows[0]?.n)
    throw fieldError(RESOURCE, 'ExtSupplierName_SDK', 'specialPrices.problems.supplierUnknown');
  return { AgentName: agent || null, ExtSupplierName_SDK: sent };
}
