import { SYSTEM_ACTOR } from '../../machines/workflows/actor';
import { hasStartedOn, type PolicyDates } from '../../machines/workflows/rebate-policy.workflow';
import { workflowDeclaration } from '../../machines/workflows/registry';
import type { Db } from '../db/database';
import { PortalError } from '../http/envelope';
import { allowedCommands } from '../workflows/allowed';
import { fixedChain } from '../workflows/configured-chains';
import { subjectStreamId } from '../workflows/decisions';
import { dispatch, loadStream } from '../workflows/engine';
import type { FactsCall, HookCall, WorkflowHooks } from '../workflows/hooks';
import { topState } from '../workflows/projection';
import { businessDay } from './ledger.service';
import { POLICY_CHAIN } from './policy.rules';

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

const dayOf = (call: Pick<HookCall, 'clock'>) => businessDay(call.clock?.at ?? new Date());

/** The business day and the policy's start date, as the machine's guard `hasStarted` reads them. */
const datesOf = (call: FactsCall): PolicyDates => ({
  today: dayOf(call),
  startDate: String(call.subject.StartDate ?? ''),
});

/**
 * The server side of a policy announcement: its publication day is written in business time; putting
 * it into effect carries the business day and its start date, which the machine's guard reads (so the
 * page does not offer it before the start date, and the command is refused naming the date); publishing
 * a new version replaces the one it corrects.
 */
export const rebatePolicyHooks: WorkflowHooks = {
  chains: fixedChain(POLICY_CHAIN),
  facts: (call) => (call.command === 'takeEffect' ? { dates: datesOf(call) } : undefined),
  explain: (call) => {
    if (call.command !== 'takeEffect') return undefined;
    const dates = datesOf(call);
    if (hasStartedOn(dates)) return undefined;
    // Its date is the reason only when the caller could put it into effect on the start date.
    const onTheDay = allowedCommands(call.state.declaration, call.state.snapshot, call.actor);
    return onTheDay.includes('takeEffect')
      ? new PortalError(409, 'rebate.policy.notStartedYet', {
          date: dates.startDate,
          field: 'StartDate',
          resource: 'rebateAnnouncement',
        })
      : undefined;
  },
  prepare: async (_trx, call) => (call.command === 'publish' ? { publishedOn: dayOf(call) } : undefined),
  after: async (trx, call) => {
    if (call.command === 'publish' && topState(call.next) === 'published') await supersedePrevious(trx, call);
  },
};
