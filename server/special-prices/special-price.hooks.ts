import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { OpportunityStatus, SpecialPriceStatus } from '../../domain/codes/opportunities.codes';
import { addWorkingDays, chainForDepth } from '../../machines/workflows/special-price.rules';
import type { SpecialPriceContext } from '../../machines/workflows/special-price.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { priceBandChains, priceBands } from './price-bands';
import { figuresOf, pricedOf, specialPriceSettings, storedLines } from './special-price-lines';
import { tellSpecialPriceDecision } from './special-price-notices';

/** OpportunityStatus: protected, and protected but without recent progress. */
const PROTECTED: string[] = [OpportunityStatus.protected, OpportunityStatus.atRisk];
/** SpecialPriceStatus of an approved price still waiting for its bid result. */
const APPROVED = SpecialPriceStatus.approved;

const idOf = (call: HookCall) => String(call.subject.ObjectID);
const todayOf = (call: HookCall) => businessDay(call.clock?.at ?? new Date());

/**
 * A submission is refused unless the opportunity is still protected and no approved price of the same
 * agent is past its bid-result deadline; it carries the chain its depth and margin choose.
 */
async function submission(trx: Db, call: HookCall) {
  const id = idOf(call);
  const opportunity = await sql<{ status: string | null; no: string | null }>`
    select o.data->>'ExtOpportunityStatus_SDK' as status, o.data->>'ExtOpportunityNOText_SDK' as no
    from record o where o.resource = 'opportunity' and o.object_id::text = ${String(call.subject.OpportunityID ?? '')}`.execute(
    trx,
  );
  const row = opportunity.rows[0];
  if (!row || !PROTECTED.includes(row.status ?? ''))
    throw new PortalError(409, 'specialPrices.refusals.notProtected', { no: row?.no ?? '' });
  const settings = await specialPriceSettings(trx);
  const late = await sql<{ no: string; opening: string }>`select data->>'ExtSpecialApprovalNo_SDK' as no,
      data->>'ExtBidOpeningDate_SDK' as opening from record r
    where resource = 'specialApproval' and company_id = (select company_id from record where object_id = ${id})
      and data->>'ExtSpecialPriceStatus_SDK' = ${APPROVED} and data->>'ExtBidOpeningDate_SDK' is not null
    order by data->>'ExtBidOpeningDate_SDK' limit 20`.execute(trx);
  const today = todayOf(call);
  const overdue = late.rows.find(
    (r) => addWorkingDays(r.opening.slice(0, 10), settings.bidResultWorkingDays) < today,
  );
  if (overdue)
    throw new PortalError(409, 'specialPrices.refusals.bidResultOverdue', {
      no: overdue.no,
      day: addWorkingDays(overdue.opening.slice(0, 10), settings.bidResultWorkingDays),
    });
  const lines = (await storedLines(trx, id)).map(pricedOf);
  if (!lines.length) throw new PortalError(409, 'specialPrices.refusals.noLines');
  const figures = figuresOf(lines);
  return { chain: chainForDepth(figures.depthBp, figures.marginBp, await priceBands(trx)) };
}

/**
 * Two levels of one chain may be the same role (the regional desk and the head of sales operations):
 * one person never agrees at two of them since the last submission.
 */
function checkFreshApprover(call: HookCall) {
  const events = call.state.events;
  const since = events.map((e) => e.type).lastIndexOf('application.submit');
  const agreed = events
    .slice(since + 1)
    .some((e) => e.type === 'approval.agree' && e.actor_id === call.actor.id);
  if (agreed) throw new PortalError(409, 'specialPrices.refusals.sameApprover');
}

/** The approval: every line's approved price is its requested one, valid for the configured days. */
async function approve(trx: Db, call: HookCall) {
  const id = idOf(call);
  const settings = await specialPriceSettings(trx);
  await sql`update special_price_line set approved_price = requested_price where special_price_id = ${id}`.execute(
    trx,
  );
  const total = await sql<{
    total: string;
  }>`select coalesce(sum(requested_price * quantity), 0)::numeric(18, 2)::text
    as total from special_price_line where special_price_id = ${id}`.execute(trx);
  const today = todayOf(call);
  const fields = {
    ExtApprovedPriceTotal_SDK: total.rows[0]?.total ?? '0.00',
    ExtApprovedOn_SDK: today,
    ExtValidUntil_SDK: addDays(today, settings.validityDays),
  };
  await sql`update record set data = data || ${JSON.stringify(fields)}::jsonb where object_id = ${id}`.execute(
    trx,
  );
}

/** Who agreed last, and when a request was last submitted: the list's columns. */
async function stamp(trx: Db, call: HookCall) {
  if (call.command !== 'submit') return;
  const fields = { ExtSubmittedOn_SDK: (call.clock?.at ?? new Date()).toISOString() };
  await sql`update record set data = data || ${JSON.stringify(fields)}::jsonb where object_id = ${idOf(call)}`.execute(
    trx,
  );
}

/**
 * The server side of a special price: the chain of its depth at submission, the approved prices and
 * validity at the final agreement; the applicant told of each decision.
 */
export const specialPriceHooks: WorkflowHooks = {
  chains: priceBandChains,
  explain: (call) => {
    const context = call.state.snapshot.context as SpecialPriceContext;
    const decided = String(call.state.snapshot.value) === 'inApproval' && context.decisions > 0;
    return call.command === 'withdraw' && decided && context.applicant.id === call.actor.id
      ? new PortalError(409, 'specialPrices.refusals.alreadyDecided')
      : undefined;
  },
  prepare: async (trx, call) => {
    if (call.command === 'submit') return submission(trx, call);
    if (call.command === 'agree') checkFreshApprover(call);
    return undefined;
  },
  after: async (trx, call) => {
    const before = String(call.state.snapshot.value);
    if (before !== 'approved' && String(call.next.value) === 'approved') await approve(trx, call);
    await stamp(trx, call);
    await tellSpecialPriceDecision(trx, call);
  },
};
