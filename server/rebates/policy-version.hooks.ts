import { SYSTEM_ACTOR } from '../../machines/workflows/opportunity-registration.workflow';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { subjectStreamId } from '../workflows/decisions';
import { dispatch, loadStream } from '../workflows/engine';
import type { HookCall, WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { businessDay } from './ledger.service';

/** States a published version replaces; an ended or voided policy is left as it is. */
const REPLACEABLE_STATES = ['published', 'effective'];

/**
 * When a new version is published, the version it corrects stops: a server-signed `supersede` on the
 * old stream names the new number (its history says by what it was replaced). An old version that
 * meanwhile ended or was voided is left as it is.
 */
async function supersedePrevious(trx: Db, call: HookCall) {
  const previous = call.subject.PreviousVersionID;
  if (typeof previous !== 'string' || !previous) return;
  const streamId = subjectStreamId(workflowDeclaration('rebatePolicy'), previous);
  const old = await loadStream(trx, streamId);
  if (!REPLACEABLE_STATES.includes(topState(old.snapshot))) return;
  await dispatch(trx, {
    streamId,
    event: { type: 'policy.supersede', supersededBy: String(call.subject.AnnouncementNo ?? '') },
    actor: SYSTEM_ACTOR,
    at: call.clock?.at,
  });
}

const dayOf = (call: HookCall) => businessDay(call.clock?.at ?? new Date());

/**
 * The server side of a policy announcement: its publication day is written in business time; it takes
 * effect only from its start date (refused before, naming the date); publishing a new version replaces
 * the one it corrects.
 */
export const rebatePolicyHooks: WorkflowHooks = {
  prepare: async (_trx, call) => {
    if (call.command === 'publish') return { publishedOn: dayOf(call) };
    if (call.command === 'takeEffect') {
      const start = String(call.subject.StartDate ?? '');
      if (start && dayOf(call) < start)
        throw new PortalError(409, 'rebate.policy.notStartedYet', {
          date: start,
          field: 'StartDate',
          resource: 'rebateAnnouncement',
        });
    }
    return undefined;
  },
  after: async (trx, call) => {
    if (call.command === 'publish' && topState(call.next) === 'published') await supersedePrevious(trx, call);
  },
};
