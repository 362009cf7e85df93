import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError } from '../http/validate';
import { ACTIVE_AGENT, namesOneOf, OWNING_AGENT_TYPES, ownCompanies } from './agent-companies';
import { patchOpportunity } from './opportunity.repo';

const notAnAgent = () => fieldError('opportunity', 'AgentName', 'server.opportunity.notAnAgent');

/**
 * Who owns a new opportunity is decided here, never by the body (docs/opportunities.md): an agent
 * registers for its own company — the name it sent must be its own (the picker offers nothing else),
 * another company's or an invented one is refused naming the field, without a word of that company;
 * staff register for an active agent of their province, and the record is stored in that agent's
 * scope, so the agent reads it, adds progress and asks for special prices and letters on it.
 */
export async function settleOwner(trx: Db, caller: Caller, id: string) {
  const named = await sql<{ name: string | null }>`select data->>'AgentName' as name from record
    where resource = 'opportunity' and object_id = ${id}`.execute(trx);
  const own = await ownCompanies(trx, caller, { supplied: false });
  if (own) {
    if (!own[0]) throw notAnAgent();
    const sent = named.rows[0]?.name?.trim();
    if (sent && !namesOneOf(own, sent))
      throw fieldError('opportunity', 'AgentName', 'server.opportunity.agentNotOwn');
    await patchOpportunity(trx, id, { AgentName: own[0].name }, { by: caller.lastName, bumpVersion: false });
    return;
  }
  const name = named.rows[0]?.name?.trim();
  if (!name) throw notAnAgent();
  const agents = await sql<{ object_id: string }>`select object_id::text from customer
    where name = ${name} and customer_type in (${sql.join(OWNING_AGENT_TYPES)})
      and status in (${sql.join(ACTIVE_AGENT)})
      and (${caller.dataScope === 'all'} or province_code = ${caller.provinceCode})
    limit 2`.execute(trx);
  if (agents.rows.length !== 1) throw notAnAgent();
  await patchOpportunity(
    trx,
    id,
    {},
    { by: caller.lastName, companyId: agents.rows[0].object_id, bumpVersion: false },
  );
}

/**
 * The owner is changed by its own command (商机转移), never by editing the registration: a saved
 * AgentName must still be the name of the company that owns the record.
 */
export async function refuseOwnerEdit(trx: Db, id: string, record: Record<string, unknown>) {
  const owner = await sql<{
    name: string;
  }>`select c.name from record r join customer c on c.object_id = r.company_id
    where r.resource = 'opportunity' and r.object_id = ${id}`.execute(trx);
  if ((owner.rows[0]?.name ?? null) !== (record.AgentName ?? null))
    throw fieldError('opportunity', 'AgentName', 'server.opportunity.ownerByTransfer');
}
