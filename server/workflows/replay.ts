import { type AnyMachineSnapshot, type AnyStateMachine, initialTransition, transition } from 'xstate';
import { commandOfEvent, eventVersion, type WorkflowDeclaration } from '../../machines/workflows/declaration';
import { findWorkflow } from '../../machines/workflows/registry';
import type { StoredEvent } from './event-store';

export const STARTED = 'workflow.started';

/** A stored event the declaration or the machine does not accept: the history is not what it claims. */
export class ReplayRefused extends Error {
  constructor(
    readonly streamId: string,
    readonly seq: number,
    readonly type: string,
    readonly why: string,
  ) {
    super(`Stream ${streamId}, event ${seq} (${type}): ${why}`);
  }
}

/** A stored payload read at its type's current schema version, upcast step by step. */
export function upcast(declaration: WorkflowDeclaration, event: StoredEvent): Record<string, unknown> {
  const target = eventVersion(declaration, event.type);
  let payload = event.payload;
  for (let version = event.schema_version ?? 1; version < target; version += 1) {
    const step = declaration.events?.[event.type]?.upcast?.[version];
    if (!step) throw new ReplayRefused(event.stream_id, event.seq, event.type, `no upcast from v${version}`);
    payload = step(payload);
  }
  if ((event.schema_version ?? 1) > target)
    throw new ReplayRefused(
      event.stream_id,
      event.seq,
      event.type,
      `schema v${event.schema_version} is newer`,
    );
  return payload;
}

/** Why a command's payload is refused: the first wrong field, or null when it is right. */
export function payloadProblem(
  declaration: WorkflowDeclaration,
  type: string,
  payload: Record<string, unknown>,
) {
  const command = commandOfEvent(declaration, type);
  if (!command) return { field: 'type', message: 'not a command of this workflow' };
  const checked = declaration.commands[command].payload.safeParse(payload);
  if (checked.success) return null;
  const issue = checked.error.issues[0];
  return { field: String(issue?.path[0] ?? 'payload'), message: issue?.message ?? 'invalid' };
}

/** The state a stream has reached, stream id and first event's workflow aside. */
export interface Replayed {
  declaration: WorkflowDeclaration;
  machine: AnyStateMachine;
  subject: [string, string];
  snapshot: AnyMachineSnapshot;
}

/**
 * The current state of a stream: its events replayed through its declared machine, strictly. An
 * event whose payload its command refuses, or that the machine would not take in the state it meets,
 * stops the replay with the stream and the event named (`npm run verify-events` lists them all).
 */
export function replay(events: StoredEvent[]): Replayed {
  const [first, ...rest] = events;
  if (first?.type !== STARTED)
    throw new ReplayRefused(
      first?.stream_id ?? '?',
      first?.seq ?? 0,
      String(first?.type),
      'no workflow.started',
    );
  const declaration = findWorkflow(String(first.payload.workflow));
  if (!declaration)
    throw new ReplayRefused(first.stream_id, 1, STARTED, `no workflow ${first.payload.workflow}`);
  const machine = declaration.machine;
  let [snapshot] = initialTransition(machine, first.payload.input);
  for (const stored of rest) {
    const payload = upcast(declaration, stored);
    const problem = payloadProblem(declaration, stored.type, payload);
    if (problem)
      throw new ReplayRefused(
        stored.stream_id,
        stored.seq,
        stored.type,
        `${problem.field}: ${problem.message}`,
      );
    const event = { ...payload, type: stored.type };
    if (!snapshot.can(event))
      throw new ReplayRefused(
        stored.stream_id,
        stored.seq,
        stored.type,
        `refused in ${JSON.stringify(snapshot.value)}`,
      );
    [snapshot] = transition(machine, snapshot, event);
  }
  return { declaration, machine, subject: first.payload.subject as [string, string], snapshot };
}
