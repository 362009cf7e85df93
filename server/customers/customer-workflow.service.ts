import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyMachineSnapshot } from 'xstate';
import type { WorkflowActor } from '../../machines/workflows/actor';
import type { ChainStep } from '../../machines/workflows/approval.workflow';
import {
  type ChangeKind,
  type ChangeRequest,
  type CustomerFacts,
  changeEffect,
  changeProblem,
  type Problem,
  startableKinds,
} from '../../machines/workflows/customer-change.rules';
import type { CustomerChangeContext } from '../../machines/workflows/customer-change.workflow';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { PortalError } from '../http/envelope';
import { resourceDef } from '../resources/registry';
import { getRecord } from '../resources/write';
import { chainFor, PROCESS_TYPE } from '../workflows/chains';
import { allowedEvents, dispatch, loadStream, type StreamState, startStream } from '../workflows/engine';
import { businessToday, customerFacts, type OpenApplication, openApplication } from './customer-facts';

export const WORKFLOW = 'customerChange';
export type Decision = 'agree' | 'reject' | 'return' | 'forward' | 'resubmit';

const actorOf = (caller: Caller): WorkflowActor => ({
  id: caller.employeeId,
  name: caller.lastName,
  role: caller.roleCode,
});
const refuse = (status: number, problem: Problem) => new PortalError(status, problem.key, problem.params);
const kindLabel = (kind: string) => ({ key: `server.customerWorkflow.kinds.${kind}`, params: {} });

/** The agent, read within the caller's scope (404 outside it) and locked for the rest of the transaction. */
async function lockedCustomer(trx: Db, caller: Caller, customerId: string) {
  const record = await getRecord(trx, resourceDef('customer')!, caller, customerId);
  await sql`select object_id from customer where object_id = ${customerId} for update`.execute(trx);
  return record;
}

/**
 * A new application on an agent (SPEC §7 /customer/renewal, seniorCertification, convert, and the
 * suspension, blacklist and reinstatement applications): one open application per agent, checked
 * against the rules, chained by the process configuration, recorded and submitted in one transaction.
 */
export async function applyForChange(
  db: Db,
  caller: Caller,
  params: { customerId: string; kind: ChangeKind; change: ChangeRequest },
) {
  return db.transaction().execute(async (trx) => {
    const record = await lockedCustomer(trx, caller, params.customerId);
    const open = await openApplication(trx, params.customerId);
    if (open) throw new PortalError(409, 'server.customerWorkflow.pending', { kind: kindLabel(open.kind) });
    const facts = await customerFacts(trx, params.customerId);
    const problem = changeProblem(params.kind, params.change, facts);
    if (problem) throw refuse(problem.key.endsWith('Required') ? 400 : 409, problem);
    const row = await sql<{ province_code: string | null }>`select province_code from customer
      where object_id = ${params.customerId}`.execute(trx);
    const chain = await chainFor(
      trx,
      PROCESS_TYPE[params.kind],
      facts.channelType,
      row.rows[0]?.province_code ?? null,
    );
    const applicant = actorOf(caller);
    const streamId = `customer-change-${randomUUID()}`;
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
    });
    await dispatch(trx, { streamId, event: { type: 'application.submit' }, actor: applicant });
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

/** Who the current node waits for, when the configuration names a person. */
function namedApprover(snapshot: AnyMachineSnapshot): { id: string; name: string } | null {
  const context = snapshot.context as CustomerChangeContext;
  if (snapshot.value !== 'inApproval' || context.forwardedTo) return null;
  const step = context.chain[context.node];
  return typeof step === 'object' && step.approver
    ? { id: step.approver, name: step.approverName ?? step.approver }
    : null;
}

async function applyEffect(trx: Db, caller: Caller, context: CustomerChangeContext, facts: CustomerFacts) {
  const current = await sql<{ end: string | null }>`select data->>'ExtAgreementEndDate_SDK' as "end"
    from customer where object_id = ${context.customerId}`.execute(trx);
  const effect = changeEffect(context.kind, context.change, {
    ...facts,
    agreementEndDate: current.rows[0]?.end ?? null,
  });
  const removed = Object.keys(effect.data).filter(
    (k) => effect.data[k] === null || effect.data[k] === undefined,
  );
  const kept = Object.fromEntries(Object.entries(effect.data).filter(([k]) => !removed.includes(k)));
  const sets = [
    ...Object.entries(effect.columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
    sql`data = (data - ${sql.val(removed)}::text[]) || ${JSON.stringify(kept)}::jsonb`,
    sql`version = version + 1`,
    sql`updated_at = now()`,
    sql`updated_by_name = ${caller.lastName}`,
  ];
  await sql`update customer set ${sql.join(sets)} where object_id = ${context.customerId}`.execute(trx);
}

/**
 * An approver's decision on an agent's open application (SPEC §7 /customer/processApproval), or the
 * applicant's resubmission of a returned one. The last agreement re-checks the agent as it is now
 * and applies the change in the same transaction.
 */
export async function decide(
  db: Db,
  caller: Caller,
  params: { customerId: string; action: Decision; reason?: string; to?: string; version?: number },
) {
  return db.transaction().execute(async (trx) => {
    const record = await lockedCustomer(trx, caller, params.customerId);
    const open = await requireOpen(trx, params.customerId, params.version);
    const state = await loadStream(trx, open.streamId);
    const actor = actorOf(caller);
    const named = namedApprover(state.snapshot);
    if (named && named.id !== actor.id && state.snapshot.value === 'inApproval')
      throw new PortalError(403, 'server.customerWorkflow.notYourApproval', { name: named.name });
    const context = state.snapshot.context as CustomerChangeContext;
    const facts = await customerFacts(trx, params.customerId);
    const isLast = context.node >= context.chain.length - 1;
    if (params.action === 'agree' && isLast && state.snapshot.value === 'inApproval') {
      const problem = changeProblem(context.kind, context.change, facts);
      if (problem) throw refuse(409, problem);
    }
    if (params.action === 'forward') await checkForward(trx, context, params.to);
    const event = {
      type: params.action === 'resubmit' ? 'application.submit' : `approval.${params.action}`,
      ...(params.reason !== undefined ? { reason: params.reason } : {}),
      ...(params.to ? { to: params.to } : {}),
      ...(params.action === 'agree' ? { facts } : {}),
    };
    await dispatch(
      trx,
      { streamId: open.streamId, event, actor, expectedVersion: params.version },
      async (inner, _before, next) => {
        if (next.value === 'approved') await applyEffect(inner, caller, context, facts);
      },
    );
    return summary(trx, await loadStream(trx, open.streamId), actor, String(record.Name ?? ''));
  });
}

/** A forward goes to an enabled colleague of the role the node waits for. */
async function checkForward(trx: Db, context: CustomerChangeContext, to: string | undefined) {
  const step: ChainStep | undefined = context.chain[context.node];
  const role = typeof step === 'string' ? step : step?.role;
  const found = to
    ? await sql<{ n: number }>`select count(*)::int as n from employee
        where object_id::text = ${to} and enabled and role_code = ${role ?? ''}`.execute(trx)
    : { rows: [{ n: 0 }] };
  if (!found.rows[0]?.n) throw new PortalError(400, 'server.fieldRequired', { field: 'to' });
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
  return db.transaction().execute(async (trx) => {
    const record = await lockedCustomer(trx, caller, params.customerId);
    const open = await requireOpen(trx, params.customerId, params.version);
    const actor = actorOf(caller);
    const state = await loadStream(trx, open.streamId);
    const context = state.snapshot.context as CustomerChangeContext;
    if (state.snapshot.value === 'inApproval' && context.decisions > 0 && context.applicant.id === actor.id)
      throw new PortalError(409, 'server.customerWorkflow.alreadyDecided');
    await dispatch(trx, {
      streamId: open.streamId,
      event: { type: 'application.withdraw', ...(params.reason ? { reason: params.reason } : {}) },
      actor,
      expectedVersion: params.version,
    });
    return summary(trx, await loadStream(trx, open.streamId), actor, String(record.Name ?? ''));
  });
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
    Allowed: allowedEvents(state.snapshot, actor),
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
    Today: businessToday(),
    Status: record.ExtCustomerStatus_SDK,
    ChannelType: facts.channelType,
    Startable: open ? [] : startableKinds(facts),
    Applications: list,
  };
}
