import { sql } from 'kysely';
import { UUID_PATTERN } from '../../domain/uuid';
import { commitmentLetterDeclaration } from '../../machines/workflows/commitment-letter.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { scopeCondition } from '../resources/scope';

/** The states in which a letter covers a bid: stamped (and received). Earlier ones are still on their way. */
const ISSUED = new Set(['stamped', 'done']);

export interface LineQuery {
  opportunityId: string;
  pn?: string;
  parentRelationship?: string;
}

/**
 * POST /commitmentLetter/getByOppProductLine (SPEC §7), what the letter cell of a product line shows
 * (SPEC §4): the active letters of the line's opportunity — a sub-BOM line is covered by the letters of
 * its configuration's opportunity, so the parent relationship narrows nothing. An issued letter carries
 * the link to its stamped scan. The opportunity is named by its ObjectID or its number and read
 * through the caller's scope: another company's is a 404, like getOne.
 */
export async function lettersOfLine(db: Db, caller: Caller, query: LineQuery) {
  const byId = UUID_PATTERN.test(query.opportunityId);
  const opportunity = await sql<{ id: string; no: string }>`select t.object_id::text as id,
      t.data->>'ExtOpportunityNOText_SDK' as no from record t
    where t.resource = 'opportunity' and ${scopeCondition(caller)}
      and ${byId ? sql`t.object_id = ${query.opportunityId}::uuid` : sql`t.data->>'ExtOpportunityNOText_SDK' = ${query.opportunityId}`}
    limit 1`.execute(db);
  const found = opportunity.rows[0];
  if (!found) throw new PortalError(404, 'server.recordNotFound');
  const rows = await sql<{
    id: string;
    no: string;
    type: string;
    brand: string;
    tender: string;
    bid: string | null;
    state: string | null;
    scan: { FileURL?: string; FileName?: string }[] | null;
  }>`select l.object_id::text as id, l.commitment_letter_no as no, l.letter_type as type, l.brand,
      l.tender_no as tender, to_char(l.estimated_bid_opening_date, 'YYYY-MM-DD') as bid, s.status as state,
      l.data->'commitmentLetterUrl' as scan
    from commitment_letter l
      left join workflow_stream s on s.stream_id = ${`${commitmentLetterDeclaration.name}-`} || l.object_id::text
    where l.opportunity_id = ${found.id}::uuid and l.active
    order by l.created_at desc, l.object_id`.execute(db);
  return rows.rows.map((l) => {
    const scan = Array.isArray(l.scan) ? l.scan[0] : undefined;
    const issued = ISSUED.has(String(l.state));
    return {
      ObjectID: l.id,
      commitmentLetterNo: l.no,
      opportunityId: found.id,
      opportunityNo: found.no,
      pn: query.pn ?? null,
      parentRelationship: query.parentRelationship ?? null,
      type: l.type,
      brand: l.brand,
      tenderNo: l.tender,
      estimatedBidOpeningDate: l.bid,
      state: l.state,
      issued,
      commitmentLetterUrl: issued ? (scan?.FileURL ?? null) : null,
    };
  });
}

/**
 * The letters a deal the caller holds may take, as the condition of a read of `commitment_letter t`:
 * the active letters of each opportunity in the caller's scope, whoever asked for them. Read through
 * the deal and not the letter, which stays in the scope of the agent that asked for it
 * (docs/opportunities.md "Owner"): after an owner change the new owner is offered the deal's letters,
 * and the agent that lost the deal (or the RSP over a CCP that asked for one) no longer is.
 */
export function takenByDealsInScope(caller: Caller) {
  if (caller.dataScope === 'all') return sql<boolean>`t.active`;
  // The subquery's `t` is the opportunity, as the scope condition names it; the letter's is outside.
  return sql<boolean>`(t.active and t.opportunity_id in (select t.object_id from record t
    where t.resource = 'opportunity' and ${scopeCondition(caller)}))`;
}
