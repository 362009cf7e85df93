import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { businessDay } from '../../domain/business-clock';
import type { WorkflowActor } from '../../machines/workflows/actor';
import {
  applicantSide,
  type ChangeKind,
  type ChangeRequest,
  changeProblem,
  type Problem,
  type Starter,
  startableKinds,
  starterProblem,
} from '../../machines/workflows/customer-change.rules';
import {
  CHANGE_PROCESS_TYPES,
  type CustomerChangeContext,
  customerChangeDeclaration,
} from '../../machines/workflows/customer-change.workflow';
import { type Db, inTransaction } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { allowedEvents } from '../workflows/allowed';
import { chainFor } from '../workflows/chains';
import type { Clock } from '../workflows/clock';
import { actorOf, decide as decideOnStream } from '../workflows/decisions';
import { dispatch, loadStream, type StreamState, startStream } from '../workflows/engine';
import { customerFacts, type OpenApplication, openApplication } from './customer-facts';

export const WORKFLOW = customerChangeDeclaration.name;
export type Decision = 'agree' | 'reject' | 'return' | 'forward' | 'resubmit';
const refuse = (status: number, problem: Problem) => new PortalError(status, problem.key, problem.params);
const kindLabel = (kind: string) => ({ key: `server.customerWorkflow.kinds.${kind}`, params: {} });

/** The agent, read within the caller's scope (404 outside it) and locked for the rest of the transaction. */
async function lockedCustomer(trx: Db, caller: Caller, customerId: string) {
  const record = await getRecord(trx, resourceDef('customer')!, caller, customerId);
  await sql`select object_id from customer where object_id = ${customerId} for update`.execute(trx);
  return record;
}

/** The caller as the starter of an application on this agent (customer-change.rules.ts STARTERS). */
const starterOf = (caller: Caller, customerId: string): Starter => ({
  side: applicantSide(caller.dataScope),
  ownCompany: caller.companyId === customerId,
});

/**
 * A new application on an agent (SPEC §7 /customer/renewal, seniorCertification, convert, and the
 * suspension, blacklist and reinstatement applications): one open application per agent, checked
 * against the rules, chained by the process configuration, recorded and submitted in one transaction.
 */
export async function applyForChange(
  db: Db,
  caller: Caller,
  params: { customerId: string; kind: ChangeKind; change: ChangeRequest },
  clock?: Clock,
) {
  return inTransaction(db, async (trx) => {
    const record = await lockedCustomer(trx, caller, params.customerId);
    const notStarter = starterProblem(params.kind, starterOf(caller, params.customerId));
    if (notStarter) throw refuse(403, notStarter);
    const open = await openApplication(trx, params.customerId);
    if (open) throw new PortalError(409, 'server.customerWorkflow.pending', { kind: kindLabel(open.kind) });
    const facts = await customerFacts(trx, params.customerId);
    const problem = changeProblem(params.kind, params.change, facts);
    if (problem) throw refuse(problem.key.endsWith('Required') ? 400 : 409, problem);
    const row = await sql<{ province_code: string | null }>`select province_code from customer
      where object_id = ${params.customerId}`.execute(trx);
    const chain = await chainFor(
      trx,
      CHANGE_PROCESS_TYPES[params.kind],
      facts.channelType,
      row.rows[0]?.province_code ?? null,
    );
    const applicant = actorOf(caller);
    const streamId = `customer-change-${clock?.uuid() ?? randomUUID()}`;
    await startStream(trx, {
      streamId,
      workflow: WORKFLOW,
      subject: ['customer', params.customerId],
      input: {
        kind: params.kind,
        chain,
        applicant,
        customerId: params.customerId,
        change: params.change,
        facts,
      },
      actor: applicant,
      at: clock?.at,
    });
    await dispatch(trx, {
      streamId,
      event: { type: 'application.submit' },
      actor: applicant,
      at: clock?.at,
    });
    return summary(trx, await loadStream(trx, streamId), applicant, String(record.Name ?? ''));
  });
}

/**
 * The open application of an agent, or a clear refusal. A caller who names the version they saw
 * and finds the application already closed lost a race: they are told so, not that nothing exists.
 */
async function requireOpen(db: Db, customerId: string, version?: number): Promise<OpenApplication> {
  const open = await openApplication(db, customerId);
  if (!open && version !== undefined) throw new PortalError(409, 'server.workflow.raced');
  if (!open) throw new PortalError(404, 'server.customerWorkflow.noPending');
  return open;
}

/**
 * An approver's decision on an agent's open application (SPEC §7 /customer/processApproval), or the
 * applicant's resubmission of a returned one, through the decision layer (customer-change.hooks.ts
 * re-checks the agent at the last agreement and applies the change).
 */
export async function decide(
  db: Db,
  caller: Caller,
  params: { customerId: string; action: Decision; reason?: string; to?: string; version?: number },
  clock?: Clock,
) {
  const payload = {
    ...(params.reason !== undefined ? { reason: params.reason } : {}),
    ...(params.to ? { to: params.to } : {}),
  };
  return onOpenApplication(db, caller, params, params.action, payload, clock);
}

/**
 * The applicant takes back a pending application (SPEC §7 /customer/rejectCustomerCommit): before
 * the first decision, or after it was returned to them. Nothing changes on the agent.
 */
export async function withdraw(
  db: Db,
  caller: Caller,
  params: { customerId: string; reason?: string; version?: number },
) {
  return onOpenApplication(db, caller, params, 'withdraw', params.reason ? { reason: params.reason } : {});
}

async function onOpenApplication(
  db: Db,
  caller: Caller,
  params: { customerId: string; version?: number },
  command: string,
  payload: Record<string, unknown>,
  clock?: Clock,
) {
  const record = await getRecord(db, resourceDef('customer')!, caller, params.customerId);
  const open = await requireOpen(db, params.customerId, params.version);
  await decideOnStream(db, caller, {
    workflow: WORKFLOW,
    subjectId: params.customerId,
    streamId: open.streamId,
    command,
    payload,
    version: params.version,
    clock,
  });
  return summary(db, await loadStream(db, open.streamId), actorOf(caller), String(record.Name ?? ''));
}

/** An application as the panel shows it: where it stands, its chain, what the caller may do, its history. */
async function summary(db: Db, state: StreamState, actor: WorkflowActor, customerName: string) {
  const context = state.snapshot.context as CustomerChangeContext;
  // A forwarded step is decided by that colleague, so the panel names them rather than the role.
  const forwarded = context.forwardedTo
    ? await sql<{ name: string }>`select last_name as name from employee
        where object_id::text = ${context.forwardedTo}`.execute(db)
    : undefined;
  return {
    ApplicationID: state.streamId,
    CustomerName: customerName,
    Kind: context.kind,
    State: String(state.snapshot.value),
    Change: context.change,
    Chain: context.chain.map((step) =>
      typeof step === 'string' ? { Role: step } : { Role: step.role, Approver: step.approverName ?? null },
    ),
    Node: context.node,
    ForwardedTo: context.forwardedTo ? (forwarded?.rows[0]?.name ?? context.forwardedTo) : null,
    Reason: context.reason ?? null,
    Applicant: context.applicant.name,
    WorkflowVersion: state.version,
    Allowed: allowedEvents(customerChangeDeclaration, state.snapshot, actor),
    History: state.events.map((e) => ({
      Seq: e.seq,
      Type: e.type,
      ActorName: e.actor_name,
      Role: e.role,
      At: new Date(e.at).toISOString(),
      Reason: (e.payload.reason as string | undefined) ?? null,
    })),
  };
}

/** Every application of an agent, newest first, with what the caller may do on each. */
export async function applicationsOf(db: Db, caller: Caller, customerId: string) {
  const record = await getRecord(db, resourceDef('customer')!, caller, customerId);
  const streams = await sql<{ stream_id: string }>`select stream_id from workflow_stream
    where workflow = ${WORKFLOW} and subject_resource = 'customer' and subject_id = ${customerId}
    order by updated_at desc, stream_id limit 20`.execute(db);
  const actor = actorOf(caller);
  const list = [];
  for (const { stream_id } of streams.rows)
    list.push(await summary(db, await loadStream(db, stream_id), actor, String(record.Name ?? '')));
  // A new application waits until the open one is closed (one open application per agent).
  const open = await openApplication(db, customerId);
  const facts = await customerFacts(db, customerId);
  return {
    Today: businessDay(),
    Status: record.ExtCustomerStatus_SDK,
    ChannelType: facts.channelType,
    Startable: open ? [] : startableKinds(facts, starterOf(caller, customerId)),
    Applications: list,
  };
}
