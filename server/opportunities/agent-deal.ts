import { type RawBuilder, sql } from 'kysely';
import type { Caller } from '../http/auth';
import { type ResourceDef, resourceDef } from '../resources/registry';
import { baseConditions } from '../resources/search';

/**
 * The deal (`deal`, an opportunity record's alias) is one of the agent's (`agent`, its company id): the
 * agent registered it, and its rebate and target credit are the agent's. An order or a loan names, by
 * its 报备编号 / 商机编号, a deal of its own agent only.
 */
const isDealOf = (deal: string, agent: unknown) => sql<boolean>`${sql.ref(`${deal}.company_id`)} = ${agent}`;

/** The number a deal goes by on the forms that name it. */
const numberOf = (deal: string) => sql<string>`${sql.ref(`${deal}.data`)}->>'ExtOpportunityNOText_SDK'`;

/**
 * The opportunity resource as an order's or a loan's form reads it for its agent: the deals of that
 * agent that the caller sees, through the opportunity list's own scope — what the form's picker offers
 * and what the save accepts (server/opportunities/seen-opportunity.ts), one rule for both.
 */
export function agentDeals(agentId: string): ResourceDef {
  const deals = resourceDef('opportunity')!;
  return {
    ...deals,
    readScope: (caller: Caller) =>
      sql<boolean>`(${sql.join([...baseConditions(deals, caller), isDealOf('t', agentId)], sql` and `)})`,
  };
}

/** The deals of `def` (the opportunity list's scope, or an agent's deals in it) going by the number `no`. */
export const dealsNumbered = (def: ResourceDef, caller: Caller, no: string) =>
  sql.join([...baseConditions(def, caller), sql<boolean>`${numberOf('t')} = ${no}`], sql` and `);

/**
 * For the books, whoever looks: whether the number (an SQL expression) names a deal of the agent (an
 * SQL expression of its company id), as the save checks it within the writer's scope.
 */
export const namesDealOf = (no: RawBuilder<unknown>, agent: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from record d where d.resource = 'opportunity'
    and ${numberOf('d')} = ${no} and ${isDealOf('d', agent)})`;
