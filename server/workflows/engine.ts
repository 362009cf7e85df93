import { sql } from 'kysely';
import { type AnyMachineSnapshot, getNextTransitions, initialTransition, transition } from 'xstate';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import { appendEvent, readStream, type StoredEvent } from './event-store';
import { workflowMachine } from './registry';

export const STARTED = 'workflow.started';

export interface StreamState {
  streamId: string;
  workflow: string;
  snapshot: AnyMachineSnapshot;
  version: number;
  events: StoredEvent[];
}

/** The current state of a stream: its events replayed through its machine, nothing else. */
export function replay(workflow: string, events: StoredEvent[]): AnyMachineSnapshot {
  const machine = workflowMachine(workflow);
  const [first, ...rest] = events;
  if (first?.type !== STARTED) throw new Error('A stream starts with workflow.started');
  let [snapshot] = initialTransition(machine, first.payload.input);
  for (const event of rest)
    [snapshot] = transition(machine, snapshot, { ...event.payload, type: event.type });
  return snapshot;
}

export async function loadStream(db: Db, streamId: string): Promise<StreamState> {
  const events = await readStream(db, streamId);
  if (!events.length) throw new PortalError(404, 'server.workflow.unknownStream');
  const workflow = String(events[0].payload.workflow);
  return { streamId, workflow, snapshot: replay(workflow, events), version: events.length, events };
}

const topState = (snapshot: AnyMachineSnapshot) =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];

/** The role the stream waits for, if it waits for one (a review or approval node). */
function pendingRole(snapshot: AnyMachineSnapshot): string | null {
  const context = snapshot.context as { chain?: (string | { role: string })[]; node?: number };
  if (snapshot.status !== 'active' || !context.chain || context.node === undefined) return null;
  if (!['inReview', 'inApproval'].includes(topState(snapshot))) return null;
  const step = context.chain[context.node];
  return typeof step === 'string' ? step : (step?.role ?? null);
}

async function writeProjection(
  db: Db,
  stream: { id: string; workflow: string; subject: [string, string] },
  snapshot: AnyMachineSnapshot,
  version: number,
) {
  const state = JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
  await sql`insert into workflow_stream (stream_id, workflow, subject_resource, subject_id, state, status, pending_role, version, updated_at)
    values (${stream.id}, ${stream.workflow}, ${stream.subject[0]}, ${stream.subject[1]}, ${state}::jsonb, ${topState(snapshot)},
            ${pendingRole(snapshot)}, ${version}, now())
    on conflict (stream_id) do update set state = excluded.state, status = excluded.status,
      pending_role = excluded.pending_role, version = excluded.version, updated_at = now()`.execute(db);
}

/** Starts a stream for a subject record; the first event carries the machine's input. */
export async function startStream(
  db: Db,
  params: {
    streamId: string;
    workflow: string;
    subject: [resource: string, id: string];
    input: unknown;
    actor: WorkflowActor;
  },
) {
  const payload = { workflow: params.workflow, input: params.input, subject: params.subject };
  await appendEvent(db, {
    stream_id: params.streamId,
    seq: 1,
    type: STARTED,
    payload,
    actor_id: params.actor.id,
    actor_name: params.actor.name,
    role: params.actor.role,
  });
  const [snapshot] = initialTransition(workflowMachine(params.workflow), params.input);
  await writeProjection(
    db,
    { id: params.streamId, workflow: params.workflow, subject: params.subject },
    snapshot,
    1,
  );
  return snapshot;
}

/** Why an event is refused, in words a person can act on. */
function refusal(
  state: StreamState,
  event: { type: string; actor: WorkflowActor } & Record<string, unknown>,
) {
  const snapshot = state.snapshot;
  const handled = getNextTransitions(snapshot).some((t) => t.eventType === event.type);
  if (!handled)
    return new PortalError(409, 'server.workflow.notNow', {
      state: { key: `server.workflow.states.${topState(snapshot)}`, params: {} },
    });
  const role = pendingRole(snapshot);
  if (role && role !== event.actor.role) return new PortalError(403, 'server.workflow.notYourStep', { role });
  if (/reject|return|void/.test(event.type) && !String(event.reason ?? '').trim()) {
    return new PortalError(400, 'server.fieldRequired', { field: 'reason' });
  }
  return new PortalError(403, 'server.workflow.notAllowed');
}

/**
 * Runs one command on a stream: replay, ask the machine whether the event may happen (state and the
 * actor's role), append it at the next sequence number and update the projection — one transaction.
 * `expectedVersion` is the version the person saw; acting on an older one is refused.
 */
export async function dispatch(
  db: Db,
  params: {
    streamId: string;
    event: { type: string } & Record<string, unknown>;
    actor: WorkflowActor;
    expectedVersion?: number;
  },
  onChange?: (trx: Db, state: StreamState, next: AnyMachineSnapshot) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const state = await loadStream(trx, params.streamId);
    if (params.expectedVersion !== undefined && params.expectedVersion !== state.version) {
      throw new PortalError(409, 'server.workflow.raced');
    }
    const event = { ...params.event, actor: params.actor };
    if (!state.snapshot.can(event)) throw refusal(state, event);
    const [next] = transition(workflowMachine(state.workflow), state.snapshot, event);
    const { type, actor: _actor, ...payload } = event;
    await appendEvent(trx, {
      stream_id: state.streamId,
      seq: state.version + 1,
      type,
      payload: { ...payload, actor: params.actor },
      actor_id: params.actor.id,
      actor_name: params.actor.name,
      role: params.actor.role,
    });
    const subject = state.events[0].payload.subject as [string, string];
    await writeProjection(
      trx,
      { id: state.streamId, workflow: state.workflow, subject },
      next,
      state.version + 1,
    );
    if (onChange) await onChange(trx, state, next);
    return { snapshot: next, version: state.version + 1 };
  });
}

/** The events an actor may send now (for the buttons a screen enables). */
export function allowedEvents(snapshot: AnyMachineSnapshot, actor: WorkflowActor): string[] {
  const types = [...new Set(getNextTransitions(snapshot).map((t) => t.eventType))].filter(
    (t) => t && !t.startsWith('xstate.'),
  );
  // Sample payloads satisfy the payload guards, so what remains is the state and the actor's role.
  return types.filter((type) => snapshot.can({ type, actor, reason: '—', to: actor.id, customerId: '—' }));
}

/** Rebuilds every projection row from the events alone (the proof that the projection is derived). */
export async function rebuildProjections(db: Db) {
  const streams = await sql<{ stream_id: string }>`select distinct stream_id from workflow_event`.execute(db);
  for (const { stream_id } of streams.rows) {
    const state = await loadStream(db, stream_id);
    const subject = state.events[0].payload.subject as [string, string];
    await writeProjection(
      db,
      { id: stream_id, workflow: state.workflow, subject },
      state.snapshot,
      state.version,
    );
  }
  return streams.rows.length;
}
