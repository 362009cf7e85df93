import type { AnyMachineSnapshot } from 'xstate';
import { businessDay } from '../../domain/business-clock';
import { addDays } from '../../domain/calendar-days';
import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import {
  opportunityRegistrationDeclaration as declaration,
  MAX_EXTENSIONS,
  type OpportunityRegistrationContext,
} from '../../machines/workflows/opportunity-registration.workflow';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { dispatch } from '../workflows/engine';
import type { WorkflowHooks } from '../workflows/hooks';
import { insertProgress, opportunityRow } from './opportunity.repo';
import { claimHolder, claimKeyOf, claimOf, dropClaims, moveClaim, takeClaim } from './opportunity-claims';
import { tellArbitration } from './opportunity-conflict-notices';
import { protectionSettings } from './opportunity-settings';
import { refuseLineNotOnSale } from './product-config.rules';

// The decision layer's one-stream-per-record id (subjectStreamId), spelt out here: the decision layer
// reads these hooks, so importing it back would load this module half-made.
export const registrationStreamOf = (opportunityId: string) => `${declaration.name}-${opportunityId}`;

/**
 * A command the server sends itself on a registration (the duplicate check after a submission, the
 * daily job, the release an arbitration causes), with the same follow-ups as a person's command.
 */
export async function systemCommand(
  trx: Db,
  opportunityId: string,
  command: keyof typeof declaration.commands,
  payload: Record<string, unknown>,
  at: Date,
): Promise<AnyMachineSnapshot> {
  const { snapshot } = await dispatch(trx, {
    streamId: registrationStreamOf(opportunityId),
    event: { type: declaration.commands[command].event, ...payload },
    actor: SYSTEM_ACTOR,
    at,
  });
  await afterEvent(trx, opportunityId, command, snapshot, at);
  return snapshot;
}

/** What follows any event: an ended registration frees its customer and line; a submission is checked. */
async function afterEvent(
  trx: Db,
  opportunityId: string,
  command: string,
  next: AnyMachineSnapshot,
  at: Date,
) {
  if (next.status === 'done') await dropClaims(trx, opportunityId);
  if (command === 'submit') await checkDuplicates(trx, opportunityId, at);
}

/** First to register wins: the customer and line free → protected from today; held → a conflict. */
async function checkDuplicates(trx: Db, opportunityId: string, at: Date) {
  const row = await opportunityRow(trx, opportunityId);
  const opportunityNo = String(row.data.ExtOpportunityNOText_SDK ?? '');
  const holder = await takeClaim(trx, claimKeyOf(row.data), { opportunityId, opportunityNo }, at);
  if (holder) {
    await systemCommand(trx, opportunityId, 'flagConflict', { conflictWith: holder.opportunityNo }, at);
    return;
  }
  const from = businessDay(at);
  const { protectionDays } = await protectionSettings(trx);
  await systemCommand(
    trx,
    opportunityId,
    'protect',
    { protectedFrom: from, protectedUntil: addDays(from, protectionDays) },
    at,
  );
}

/**
 * The province manager awards a conflict to this registration: the one that held the customer and line
 * is released (its reason names the registration that won the arbitration) and the claim moves here.
 */
async function awardClaim(trx: Db, opportunityId: string, at: Date) {
  const row = await opportunityRow(trx, opportunityId);
  const key = claimKeyOf(row.data);
  const me = { opportunityId, opportunityNo: String(row.data.ExtOpportunityNOText_SDK ?? '') };
  const holder = await takeClaim(trx, key, me, at);
  if (!holder || holder.opportunityId === opportunityId) return undefined;
  await systemCommand(trx, holder.opportunityId, 'release', { reason: me.opportunityNo }, at);
  if (await claimOf(trx, holder.opportunityId)) await moveClaim(trx, key, me, at);
  else await takeClaim(trx, key, me, at);
  return holder.opportunityId;
}

/** The registration that holds the customer and line a conflicting one asked for. */
async function holderOf(trx: Db, opportunityId: string) {
  const key = claimKeyOf((await opportunityRow(trx, opportunityId)).data);
  return (await claimHolder(trx, key))?.opportunityId;
}

/**
 * The server side of a registration: a submission's product line must be on sale (the sales product
 * configuration); the dates of a protection, an extension and a progress record are the server's (a
 * person's payload cannot set them); the duplicate check follows a submission; an award releases the
 * holder; both parties of an arbitration are told; a progress record is written to the progress list.
 */
export const opportunityRegistrationHooks: WorkflowHooks = {
  explain: (call) => {
    const context = call.state.snapshot.context as OpportunityRegistrationContext;
    const protectedNow = call.state.snapshot.value === 'protected';
    return call.command === 'extend' && protectedNow && context.extensions >= MAX_EXTENSIONS
      ? new PortalError(409, 'server.opportunity.extendedAlready', { max: MAX_EXTENSIONS })
      : undefined;
  },
  prepare: async (trx, call) => {
    const today = businessDay(call.clock?.at ?? new Date());
    const context = call.state.snapshot.context as OpportunityRegistrationContext;
    // Only a product line the sales product configuration has on sale is registered and protected.
    if (call.command === 'submit') await refuseLineNotOnSale(trx, call.subject, today);
    const settings = await protectionSettings(trx);
    if (call.command === 'award')
      return { protectedFrom: today, protectedUntil: addDays(today, settings.protectionDays) };
    if (call.command === 'extend')
      return { protectedUntil: addDays(context.protectedUntil ?? today, settings.extensionDays) };
    if (call.command === 'recordProgress') return { on: today };
    return undefined;
  },
  after: async (trx, call) => {
    const at = call.clock?.at ?? new Date();
    const opportunityId = call.state.subject[1];
    if (call.command === 'award' || call.command === 'keepFirst') {
      const holderId =
        call.command === 'award'
          ? await awardClaim(trx, opportunityId, at)
          : await holderOf(trx, opportunityId);
      const context = call.next.context as OpportunityRegistrationContext;
      await tellArbitration(trx, {
        command: call.command,
        opportunityId,
        holderId,
        until: context.protectedUntil,
        reason: String(call.payload.reason ?? ''),
        clock: call.clock,
      });
    }
    if (call.command === 'recordProgress')
      await insertProgress(trx, await opportunityRow(trx, opportunityId), {
        id: call.clock?.uuid(),
        day: businessDay(at),
        content: String(call.payload.reason ?? ''),
        by: call.actor.name,
        at,
      });
    await afterEvent(trx, opportunityId, call.command, call.next, at);
  },
};
