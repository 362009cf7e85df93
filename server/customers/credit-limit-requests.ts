import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { initialTransition } from 'xstate';
import type { CreditLimitOverview, CreditLimitRequestRow } from '../../domain/credit-limits';
import { formatDateTime } from '../../domain/format';
import {
  type CreditLimitChangeContext,
  type CreditLimitRequest,
  creditLimitChangeDeclaration,
} from '../../machines/workflows/credit-limit-change.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import type { Clock } from '../workflows/clock';
import { actorOf } from '../workflows/decisions';
import { dispatch, loadStream, startStream } from '../workflows/engine';
import { hasPartnerLine, limitsOf, requestedLimits } from './credit-limits';

const WORKFLOW = creditLimitChangeDeclaration.name;
const OPEN_STATES = ['draft', 'requested', 'returned'];

/** The agent read through the caller's scope: another company's, or one out of scope, is a 404. */
const agentInScope = (db: Db, caller: Caller, agentId: string) =>
  getRecord(db, resourceDef('customer')!, caller, agentId);

async function openRequest(db: Db, agentId: string) {
  const found = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where workflow = ${WORKFLOW} and subject_resource = 'customer' and subject_id = ${agentId}
      and state->>'status' = 'active' limit 1`.execute(db);
  return found.rows[0]?.stream_id;
}

/** Whether the chart lets this person start a request: the button is offered only where it is taken. */
function mayStart(caller: Caller, agentId: string) {
  const actor = actorOf(caller);
  const empty = { CreditLimit: null, PartnerCreditLimit: null };
  const [snapshot] = initialTransition(creditLimitChangeDeclaration.machine, {
    applicant: actor,
    customerId: agentId,
    previous: empty,
  });
  return snapshot.can(submission(actor));
}

/** A submission as the chart weighs it: the figures are the command schema's, the sender the chart's. */
const submission = (actor: ReturnType<typeof actorOf>) => ({
  type: 'request.submit' as const,
  actor,
  CreditLimit: '0',
  RequestReason: '-',
});

/** Whether the caller may correct and resubmit the agent's returned request. */
async function mayCorrect(db: Db, caller: Caller, newest: CreditLimitRequestRow | undefined) {
  if (newest?.State !== 'returned') return false;
  const state = await loadStream(db, newest.StreamID);
  return !state.doubt && state.snapshot.can(submission(actorOf(caller)));
}

/**
 * The sales operations desk asks for new credit limits of an agent, with a reason: one open request
 * per agent; the limits as they are and as asked are recorded, and finance decides (the workflow
 * refuses anyone else's request, naming the role).
 */
export async function requestCreditLimit(
  db: Db,
  caller: Caller,
  request: CreditLimitRequest & { agentId: string },
  clock?: Clock,
) {
  return inTransaction(db, async (trx) => {
    await agentInScope(trx, caller, request.agentId);
    await sql`select object_id from customer where object_id = ${request.agentId} for update`.execute(trx);
    if (await openRequest(trx, request.agentId)) throw new PortalError(409, 'creditLimits.problems.pending');
    const requested = await requestedLimits(trx, request.agentId, request);
    const applicant = actorOf(caller);
    const streamId = `${WORKFLOW}-${clock?.uuid() ?? randomUUID()}`;
    await startStream(trx, {
      streamId,
      workflow: WORKFLOW,
      subject: ['customer', request.agentId],
      input: { applicant, customerId: request.agentId, previous: await limitsOf(trx, request.agentId) },
      actor: applicant,
      at: clock?.at,
    });
    await dispatch(trx, {
      streamId,
      event: { type: 'request.submit', ...requested, RequestReason: request.RequestReason },
      actor: applicant,
      at: clock?.at,
    });
    return creditLimitOverview(trx, caller, request.agentId);
  });
}

/**
 * What the agent record shows of its credit: the limits now (read-only), whether it has a partner
 * line, whether the caller may start a request, and every request with who asked when (business
 * time), old → new, why, and what finance decided.
 */
export async function creditLimitOverview(
  db: Db,
  caller: Caller,
  agentId: string,
): Promise<CreditLimitOverview> {
  await agentInScope(db, caller, agentId);
  const streams = await sql<{
    stream_id: string;
    state: { value: string; context: CreditLimitChangeContext };
    started: Date;
    decided: Date | null;
  }>`select s.stream_id, s.state,
      (select e.at from workflow_event e where e.stream_id = s.stream_id order by e.seq limit 1) as started,
      (select e.at from workflow_event e where e.stream_id = s.stream_id and e.type like 'review.%'
        order by e.seq desc limit 1) as decided
    from workflow_stream s
    where s.workflow = ${WORKFLOW} and s.subject_resource = 'customer' and s.subject_id = ${agentId}
    order by started desc, s.stream_id desc`.execute(db);
  const requests = streams.rows.map(({ stream_id, state, started, decided }): CreditLimitRequestRow => {
    const c = state.context;
    return {
      StreamID: stream_id,
      State: String(state.value),
      RequestedBy: c.applicant.name,
      RequestedOn: formatDateTime(started).slice(0, 16),
      Previous: c.previous,
      Requested: c.requested ?? { CreditLimit: null, PartnerCreditLimit: null },
      RequestReason: c.requestReason ?? '',
      DecidedBy: c.decidedBy?.name ?? null,
      DecidedOn: decided ? formatDateTime(decided).slice(0, 16) : null,
      DecisionReason: c.reason ?? null,
    };
  });
  const open = requests.some((r) => OPEN_STATES.includes(r.State));
  return {
    Current: await limitsOf(db, agentId),
    HasPartnerLine: await hasPartnerLine(db, agentId),
    MayRequest: !open && mayStart(caller, agentId),
    MayCorrect: await mayCorrect(db, caller, requests[0]),
    Requests: requests,
  };
}
