import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { isCodeOf } from '../../domain/codes/code';
import { OpportunityChannelType } from '../../domain/codes/opportunities.codes';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { echoed, fieldError, fieldMissing, parseBody } from '../http/validate';
import { resourceDef } from '../resources/registry';
import { scopeCondition } from '../resources/scope';
import { WRITE_RESERVED } from '../resources/values';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { ACTIVE_AGENT, OWNING_AGENT_TYPES, ownCompanies } from './agent-companies';
import { closedDealRefusal } from './deal-open';
import { opportunityDef } from './opportunity-create.service';

/**
 * The agents taking part in an opportunity, each with its role in the deal (商机渠道管理, the table of
 * what a channel sales team asked for in docs/opportunities.md). Rows are read from the view
 * `opportunity_participant` (migration 101), which lists the registering agent of each deal beside the agents added here and
 * gives every row its opportunity's scope.
 */
const RESOURCE = 'opportunityParticipant';
const participantDef = () => resourceDef(RESOURCE)!;

const text = z.string().trim().max(200).optional();
export const addParticipantCommand = z.object({
  OpportunityID: z.string().uuid().optional(),
  /** The opportunity as its picker puts it in: by number. */
  ExtOpportunityNOText_SDK: z.string().trim().max(40).optional(),
  AgentID: z.string().uuid().optional(),
  /** The agent as the customer picker puts it in: by name. */
  AgentName: text,
  ParticipantRole: text,
});
export const changeRoleCommand = z.object({
  ObjectID: z.string().uuid(),
  ParticipantRole: text,
  // What the form sends back as it shows it: an added agent's deal and company stay as they are.
  ExtOpportunityNOText_SDK: text,
  AgentName: text,
});
export const removeParticipantsCommand = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });

/** A role of the SPEC's channel-type dictionary (RSP, CSP, ASP, CCP), or a refusal naming the field. */
function roleOf(value: unknown) {
  if (value === undefined || value === null || value === '') throw fieldMissing(RESOURCE, 'ParticipantRole');
  if (!isCodeOf(OpportunityChannelType, value))
    throw fieldError(RESOURCE, 'ParticipantRole', 'server.opportunity.participantRole');
  return value;
}

interface DealScope {
  id: string;
  company_id: string | null;
  province_code: string | null;
  city_code: string | null;
}

/** The opportunity a command names, by id or number: read through the caller's scope (outside it: 404). */
async function namedOpportunity(trx: Db, caller: Caller, command: z.infer<typeof addParticipantCommand>) {
  if (command.OpportunityID) return getRecord(trx, opportunityDef(), caller, command.OpportunityID);
  if (!command.ExtOpportunityNOText_SDK) throw fieldMissing(RESOURCE, 'ExtOpportunityNOText_SDK');
  const found = await sql<{ id: string }>`select object_id::text as id from record
    where resource = 'opportunity' and data->>'ExtOpportunityNOText_SDK' = ${command.ExtOpportunityNOText_SDK}`.execute(
    trx,
  );
  if (!found.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return getRecord(trx, opportunityDef(), caller, found.rows[0].id);
}

/**
 * Who keeps a deal's agents, the one rule the commands and the deal's page share: the caller sees the
 * deal (else 404); an agent's staff keep the agents only of a deal their company holds (an RSP reading a
 * CCP's deal does not own it: 404), vendor staff of any deal in their scope; and only while the deal is
 * open (409 naming its state). Answers the refusal, or nothing when the caller keeps them.
 */
function keepingRefusal(caller: Caller, deal: DealScope, record: Record<string, unknown>) {
  if (caller.dataScope === 'company' && caller.companyId !== deal.company_id)
    return new PortalError(404, 'server.recordNotFound');
  return closedDealRefusal(record, 'server.opportunity.participantsClosed');
}

/** The deal's owning company and scope, locked when its agents are about to change. */
async function dealScope(trx: Db, id: string, lock: boolean) {
  const rows = await sql<DealScope>`select object_id::text as id, company_id::text, province_code, city_code
    from record where resource = 'opportunity' and object_id = ${id} ${lock ? sql`for update` : sql``}`.execute(
    trx,
  );
  if (!rows.rows[0]) throw new PortalError(404, 'server.recordNotFound');
  return rows.rows[0];
}

/** The opportunity whose agents change, locked for the change, when the caller keeps them (else refused). */
async function keptOpenDeal(trx: Db, caller: Caller, record: Record<string, unknown>) {
  const deal = await dealScope(trx, String(record.ObjectID), true);
  const refusal = keepingRefusal(caller, deal, record);
  if (refusal) throw refusal;
  return deal;
}

/**
 * The agent a command names, by id or by name: an agent company (general distributor, RSP, CCP) in
 * cooperation and within the caller's reach — for an agent's staff their own company or a CCP it
 * supplies, for vendor staff an agent of their scope. Anything else is refused naming the field, and
 * says nothing of the company named.
 */
async function namedAgent(trx: Db, caller: Caller, command: z.infer<typeof addParticipantCommand>) {
  if (!command.AgentID && !command.AgentName) throw fieldMissing(RESOURCE, 'AgentName');
  const own = await ownCompanies(trx, caller, { supplied: true });
  const reach = own
    ? sql<boolean>`t.object_id in (${sql.join(own.length ? own.map((c) => c.id) : [null])})`
    : scopeCondition(caller);
  const named = command.AgentID
    ? sql<boolean>`t.object_id = ${command.AgentID}`
    : sql<boolean>`t.name = ${command.AgentName}`;
  const found = await sql<{ id: string; name: string }>`select t.object_id::text as id, t.name from customer t
    where ${named} and t.customer_type in (${sql.join(OWNING_AGENT_TYPES)})
      and t.status in (${sql.join(ACTIVE_AGENT)}) and ${reach} limit 1`.execute(trx);
  const agent = found.rows[0];
  if (!agent) throw fieldError(RESOURCE, 'AgentName', 'server.opportunity.participantNotAgent');
  return agent;
}

/** Adds an agent to an open opportunity with its role in the deal; one role per agent per deal. */
export async function addParticipant(db: Db, caller: Caller, body: unknown, clock?: Clock) {
  const command = parseBody(addParticipantCommand, body);
  const at = clock?.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const deal = await keptOpenDeal(trx, caller, await namedOpportunity(trx, caller, command));
    const agent = await namedAgent(trx, caller, command);
    const role = roleOf(command.ParticipantRole);
    if (agent.id === deal.company_id)
      throw fieldError(RESOURCE, 'AgentName', 'server.opportunity.participantIsRegistrant');
    const taken = await sql<{ n: number }>`select count(*)::int as n from record where resource = ${RESOURCE}
      and data->>'opportunityId' = ${deal.id} and data->>'AgentID' = ${agent.id}`.execute(trx);
    if (taken.rows[0]?.n) throw fieldError(RESOURCE, 'AgentName', 'server.opportunity.participantTaken');
    const id = clock?.uuid() ?? randomUUID();
    const data = { opportunityId: deal.id, AgentID: agent.id, AgentName: agent.name, ParticipantRole: role };
    await sql`insert into record (object_id, resource, data, company_id, province_code, city_code, created_at,
        updated_at, created_by, created_by_name, updated_by_name)
      values (${id}, ${RESOURCE}, ${JSON.stringify(data)}::jsonb, ${deal.company_id}, ${deal.province_code},
        ${deal.city_code}, ${at}, ${at}, ${caller.employeeId}, ${caller.lastName}, ${caller.lastName})`.execute(
      trx,
    );
    return getRecord(trx, participantDef(), caller, id);
  });
}

/**
 * An added agent of a deal the caller keeps, seen through the caller's scope (else 404). The
 * registering agent is the deal's owner: its role is its channel type and it leaves only by an owner
 * change (409).
 */
async function addedParticipant(trx: Db, caller: Caller, id: string) {
  const row = await getRecord(trx, participantDef(), caller, id);
  if (row.Registrant === true || row.Registrant === 'true')
    throw new PortalError(409, 'server.opportunity.participantRegistrant');
  const opportunity = await getRecord(trx, opportunityDef(), caller, row.opportunityId);
  await keptOpenDeal(trx, caller, opportunity);
  return row;
}

/**
 * A field the form does not send is refused before anything is read, naming it, as the engine's own
 * update refuses a field no form offers (400, never a lookup that could say whether the row exists).
 */
function refuseUnofferedFields(body: unknown) {
  if (!body || typeof body !== 'object') return;
  for (const key of Object.keys(body))
    if (!WRITE_RESERVED.has(key) && !(key in changeRoleCommand.shape))
      throw new PortalError(400, 'server.notWritable', { field: echoed(key) });
}

/** Changes the role of an added agent in the deal. */
export async function changeParticipantRole(db: Db, caller: Caller, body: unknown, clock?: Clock) {
  refuseUnofferedFields(body);
  const command = parseBody(changeRoleCommand, body);
  const at = clock?.at ?? new Date();
  return inTransaction(db, async (trx) => {
    const row = await addedParticipant(trx, caller, command.ObjectID);
    for (const field of ['ExtOpportunityNOText_SDK', 'AgentName'] as const)
      if (command[field] && command[field] !== row[field])
        throw fieldError(RESOURCE, field, 'server.opportunity.participantFixed');
    const role = roleOf(command.ParticipantRole);
    await sql`update record set data = data || ${JSON.stringify({ ParticipantRole: role })}::jsonb,
        version = version + 1, updated_at = ${at}, updated_by_name = ${caller.lastName}
      where resource = ${RESOURCE} and object_id = ${command.ObjectID}`.execute(trx);
    return getRecord(trx, participantDef(), caller, command.ObjectID);
  });
}

/** The rows a delete names as every delete may (SPEC §7): `ids`, `ObjectIDs`, or one `ObjectID`. */
function namedIds(body: unknown) {
  const named = (body ?? {}) as { ids?: unknown; ObjectIDs?: unknown; ObjectID?: unknown };
  return {
    ids: named.ids ?? named.ObjectIDs ?? (named.ObjectID === undefined ? undefined : [named.ObjectID]),
  };
}

/** Removes added agents from their deals: all named or none. */
export async function removeParticipants(db: Db, caller: Caller, body: unknown) {
  const command = parseBody(removeParticipantsCommand, namedIds(body));
  return inTransaction(db, async (trx) => {
    for (const id of command.ids) await addedParticipant(trx, caller, id);
    const removed = await sql`delete from record where resource = ${RESOURCE}
      and object_id in (${sql.join(command.ids)})`.execute(trx);
    return Number(removed.numAffectedRows ?? 0);
  });
}

/**
 * The agents of one opportunity the caller sees, the registering agent first (its page's list), and
 * whether the caller may keep them now (`canKeep`, by the rule the commands apply).
 */
export async function participantsOf(db: Db, caller: Caller, body: unknown) {
  const { OpportunityID } = parseBody(z.object({ OpportunityID: z.string().uuid() }), body);
  const opportunity = await getRecord(db, opportunityDef(), caller, OpportunityID);
  const deal = await dealScope(db, OpportunityID, false);
  const rows = await sql<{
    ObjectID: string;
    AgentName: string;
    ParticipantRole: string | null;
    Registrant: boolean;
  }>`
    select object_id::text as "ObjectID", data->>'AgentName' as "AgentName",
      data->>'ParticipantRole' as "ParticipantRole", (data->>'Registrant')::boolean as "Registrant"
    from opportunity_participant where data->>'opportunityId' = ${OpportunityID}
    order by (data->>'Registrant')::boolean desc, created_at, object_id`.execute(db);
  return { canKeep: !keepingRefusal(caller, deal, opportunity), rows: rows.rows };
}

/** The engine's form calls on this resource: a new row is an added agent, a save changes its role. */
export const participantWrites = {
  create: (db: Db, caller: Caller, body: Record<string, unknown>) => addParticipant(db, caller, body),
  update: (db: Db, caller: Caller, body: Record<string, unknown>) => changeParticipantRole(db, caller, body),
};
