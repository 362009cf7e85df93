import { type AnyMachineSnapshot, getNextTransitions, initialTransition, transition } from 'xstate';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { eventVersion, machineVersion, type WorkflowDeclaration } from '../../machines/workflows/declaration';
import { REACHED } from '../../machines/workflows/recorded-outcome';
import { workflowDeclaration } from '../../machines/workflows/registry';
import { type Db, inTransaction } from '../db/database';
import { PortalError } from '../http/envelope';
import { fieldMissing } from '../http/validate';
import { appendEvent, readStream, type StoredEvent, streamIds } from './event-store';
import { guardRefusal } from './guard-refusal';
import { awaitedDecider, topState, writeProjection } from './projection';
import { payloadProblem, type ReplayNote, ReplayRefused, replay, STARTED } from './replay';

export { STARTED } from './replay';

export interface StreamState {
  streamId: string;
  workflow: string;
  declaration: WorkflowDeclaration;
  subject: [string, string];
  snapshot: AnyMachineSnapshot;
  version: number;
  events: StoredEvent[];
  /** The machine version the stream started under. */
  machineVersion: number;
  /** Stored events today's rules would refuse, replayed all the same. */
  notes: ReplayNote[];
  /** The first event whose outcome is unknown: the stream reads, but no command may act on it. */
  doubt?: ReplayNote;
}

/** A stream whose history cannot be read or followed: named, so an administrator can look it up. */
const unreadable = (streamId: string, seq: number, type: string) =>
  new PortalError(409, 'server.workflow.unreadable', { stream: streamId, seq, type });

/**
 * A stream replayed. Facts today's rules would refuse still read (they are in `notes`); a stream nothing
 * can be read from answers 409 naming it, never a failure of the server.
 */
export async function loadStream(db: Db, streamId: string): Promise<StreamState> {
  const state = await loadStreamIfAny(db, streamId);
  if (!state) throw new PortalError(404, 'server.workflow.unknownStream');
  return state;
}

/** A stream's state, or nothing where it has no event yet: one read where "has it begun?" comes first. */
export async function loadStreamIfAny(db: Db, streamId: string): Promise<StreamState | undefined> {
  const events = await readStream(db, streamId);
  if (!events.length) return undefined;
  let replayed: ReturnType<typeof replay>;
  try {
    replayed = replay(events);
  } catch (error) {
    if (error instanceof ReplayRefused) throw unreadable(streamId, error.seq, error.type);
    throw error;
  }
  const { declaration, subject, snapshot, notes, doubt } = replayed;
  return {
    streamId,
    workflow: declaration.name,
    declaration,
    subject,
    snapshot,
    version: events.length,
    events,
    machineVersion: replayed.machineVersion,
    notes,
    doubt,
  };
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
    /** When it happened, for demo data entered on the seed's clock; now otherwise. */
    at?: Date;
  },
) {
  const declaration = workflowDeclaration(params.workflow);
  if (declaration.subject.resource !== params.subject[0])
    throw new Error(`${params.workflow} streams are about ${declaration.subject.resource}`);
  const payload = {
    workflow: params.workflow,
    machineVersion: machineVersion(declaration),
    input: params.input,
    subject: params.subject,
  };
  // One instant for the event and the projections, so a rebuild from the event gives the same row.
  const at = params.at ?? new Date();
  await appendEvent(db, {
    stream_id: params.streamId,
    seq: 1,
    type: STARTED,
    payload,
    actor_id: params.actor.id,
    actor_name: params.actor.name,
    role: params.actor.role,
    at,
  });
  const [snapshot] = initialTransition(declaration.machine, params.input);
  const stream = { id: params.streamId, declaration, subject: params.subject, snapshot, version: 1 };
  await writeProjection(db, stream, { by: params.actor.name, at });
  return snapshot;
}

/** Why an event is refused, in words a person can act on: its payload, the state, or whose turn it is. */
function refusal(
  state: StreamState,
  event: { type: string; actor: WorkflowActor } & Record<string, unknown>,
) {
  const { snapshot, declaration } = state;
  const { type, actor, ...payload } = event;
  const problem = payloadProblem(declaration, type, payload);
  // Named by its label (server.input.fields), as the decision layer names a payload's fields.
  if (problem) return fieldMissing(undefined, problem.field);
  const handled = getNextTransitions(snapshot).some((t) => t.eventType === type);
  if (!handled)
    return new PortalError(409, 'server.workflow.notNow', {
      state: { key: `server.workflow.states.${topState(snapshot)}`, params: {} },
    });
  const decider = awaitedDecider(declaration, snapshot);
  if (decider?.personId && decider.personId !== actor.id)
    return new PortalError(403, 'server.workflow.notYourPersonStep', { name: decider.personName });
  if (decider && !decider.personId && decider.role !== actor.role)
    return new PortalError(403, 'server.workflow.notYourStep', {
      role: { key: `decision.roles.${decider.role}`, params: {} },
    });
  return guardRefusal(snapshot, type) ?? new PortalError(403, 'server.workflow.notAllowed');
}

/**
 * Runs one command on a stream: replay, check the payload against the command's schema, ask the
 * machine whether the event may happen (state and actor), append it at the next sequence number with
 * its schema version and update the projections — one transaction. `expectedVersion` is the version
 * the person saw; acting on an older one is refused.
 */
export async function dispatch(
  db: Db,
  params: {
    streamId: string;
    event: { type: string } & Record<string, unknown>;
    actor: WorkflowActor;
    expectedVersion?: number;
    at?: Date;
  },
  onChange?: (trx: Db, state: StreamState, next: AnyMachineSnapshot) => Promise<void>,
) {
  return inTransaction(db, async (trx) => {
    const state = await loadStream(trx, params.streamId);
    if (params.expectedVersion !== undefined && params.expectedVersion !== state.version) {
      throw new PortalError(409, 'server.workflow.raced');
    }
    // Acting on a state in doubt would build on a guess.
    if (state.doubt) throw unreadable(state.streamId, state.doubt.seq, state.doubt.type);
    const event = { ...params.event, actor: params.actor };
    const { type, actor: _actor, ...payload } = event;
    const at = params.at ?? new Date();
    if (payloadProblem(state.declaration, type, payload) || !state.snapshot.can(event))
      throw refusal(state, event);
    const [next] = transition(state.declaration.machine, state.snapshot, event);
    await appendEvent(trx, {
      stream_id: state.streamId,
      seq: state.version + 1,
      type,
      schema_version: eventVersion(state.declaration, type),
      // The state it led to, last so no payload can name another: a later replay reaches it whatever
      // the rules by then.
      payload: { ...payload, actor: params.actor, [REACHED]: next.value },
      actor_id: params.actor.id,
      actor_name: params.actor.name,
      role: params.actor.role,
      at,
    });
    const stream = {
      id: state.streamId,
      declaration: state.declaration,
      subject: state.subject,
      snapshot: next,
      version: state.version + 1,
    };
    await writeProjection(trx, stream, { by: params.actor.name, at });
    if (onChange) await onChange(trx, state, next);
    return { snapshot: next, version: state.version + 1 };
  });
}

/**
 * Rebuilds every projection from the events alone (the proof that they are derived): the stream rows
 * and the fields mirrored onto records.
 */
export async function rebuildProjections(db: Db) {
  const ids = await streamIds(db);
  for (const id of ids) {
    const state = await loadStream(db, id);
    await writeProjection(
      db,
      {
        id,
        declaration: state.declaration,
        subject: state.subject,
        snapshot: state.snapshot,
        version: state.version,
        at: new Date(state.events[state.events.length - 1].at),
      },
      null,
    );
  }
  return ids.length;
}

/**
 * Every stream replayed. `failures`: the streams that cannot be read (with the event that stops them)
 * or whose state is in doubt (the first event nothing tells the outcome of). `refusedToday`: stored
 * facts today's payload schemas or guards would refuse, which replay all the same.
 */
export async function verifyEvents(db: Db) {
  const ids = await streamIds(db);
  const failures: { streamId: string; seq: number; type: string; why: string }[] = [];
  const refusedToday: ReplayNote[] = [];
  for (const id of ids) {
    try {
      const { notes, doubt } = replay(await readStream(db, id));
      if (doubt) failures.push(doubt);
      refusedToday.push(...notes.filter((n) => n.outcome !== 'unresolved'));
    } catch (error) {
      if (!(error instanceof ReplayRefused)) throw error;
      failures.push({ streamId: error.streamId, seq: error.seq, type: error.type, why: error.why });
    }
  }
  return { streams: ids.length, failures, refusedToday };
}
