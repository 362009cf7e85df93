import { type AnyMachineSnapshot, type AnyStateMachine, initialTransition, type StateValue } from 'xstate';
import {
  commandOfEvent,
  eventVersion,
  machineVersion,
  type WorkflowDeclaration,
} from '../../machines/workflows/declaration';
import { followEvent, type Outcome, REACHED } from '../../machines/workflows/recorded-outcome';
import { findWorkflow } from '../../machines/workflows/registry';
import type { StoredEvent } from './event-store';

export const STARTED = 'workflow.started';

/** A stream nothing can be read from: no start, an unknown workflow, a payload no schema reads. */
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

/** A stored event today's rules would refuse, replayed all the same, or one whose outcome is unknown. */
export interface ReplayNote {
  streamId: string;
  seq: number;
  type: string;
  /** How the event moved the stream; `taken` when only today's payload schema objects to it. */
  outcome: Outcome;
  why: string;
}

/** The state a stream has reached, stream id and first event's workflow aside. */
export interface Replayed {
  declaration: WorkflowDeclaration;
  machine: AnyStateMachine;
  subject: [string, string];
  snapshot: AnyMachineSnapshot;
  /** The machine version the stream started under (1 for streams started before versions were kept). */
  machineVersion: number;
  /** The stored events today's payload schemas or guards would refuse, in order. */
  notes: ReplayNote[];
  /** The first event nothing tells the outcome of: from there on the replayed state is in doubt. */
  doubt?: ReplayNote;
}

const shown = (value: unknown) => JSON.stringify(value);

function why(outcome: Outcome, before: AnyMachineSnapshot, reached: unknown) {
  const was = shown(before.value);
  if (outcome === 'followed')
    return `in ${was} today's guards would not take it to ${shown(reached)}, where it led: followed there`;
  if (outcome === 'placed') return `no transition from ${was} leads to ${shown(reached)} today; placed there`;
  if (reached !== undefined) return `it led to ${shown(reached)}, a state the machine no longer has`;
  return `the machine cannot take it in ${was}, and the state it led to was not recorded`;
}

/**
 * The current state of a stream: its events replayed through its declared machine. A stored event is
 * a fact: the machine's guards and the command's schema decided when it was appended, so an event
 * today's rules would refuse still moves the stream — to the state it led to, recorded at append
 * (`recorded-outcome.ts`) — and is reported in `notes`. Only a stream nothing can be read from is
 * refused (`ReplayRefused`): no `workflow.started`, a workflow nobody declares, a payload schema newer
 * than the code or one no upcaster reads.
 */
export function replay(
  events: StoredEvent[],
  /** Where the stream's declaration is looked up: the registry, or a test's changed copy. */
  declarationOf: (name: string) => WorkflowDeclaration | undefined = findWorkflow,
): Replayed {
  const [first, ...rest] = events;
  if (first?.type !== STARTED)
    throw new ReplayRefused(
      first?.stream_id ?? '?',
      first?.seq ?? 0,
      String(first?.type),
      'no workflow.started',
    );
  const declaration = declarationOf(String(first.payload.workflow));
  if (!declaration)
    throw new ReplayRefused(first.stream_id, 1, STARTED, `no workflow ${first.payload.workflow}`);
  const machine = declaration.machine;
  const startedUnder = Number(first.payload.machineVersion ?? 1);
  const versions =
    startedUnder === machineVersion(declaration)
      ? ''
      : ` (started under machine v${startedUnder}, now v${machineVersion(declaration)})`;
  let [snapshot] = initialTransition(machine, first.payload.input);
  const notes: ReplayNote[] = [];
  for (const stored of rest) {
    const { [REACHED]: reached, ...written } = stored.payload;
    const payload = upcast(declaration, { ...stored, payload: written });
    const problem = payloadProblem(declaration, stored.type, payload);
    const event = { ...payload, type: stored.type };
    const before = snapshot;
    const { snapshot: after, outcome } = followEvent(
      machine,
      before,
      event,
      reached as StateValue | undefined,
    );
    snapshot = after;
    const reasons = [
      problem ? `${problem.field}: ${problem.message}` : null,
      outcome === 'taken' ? null : why(outcome, before, reached),
    ].filter(Boolean);
    if (reasons.length)
      notes.push({
        streamId: stored.stream_id,
        seq: stored.seq,
        type: stored.type,
        outcome,
        why: reasons.join('; ') + versions,
      });
  }
  return {
    declaration,
    machine,
    subject: first.payload.subject as [string, string],
    snapshot,
    machineVersion: startedUnder,
    notes,
    doubt: notes.find((n) => n.outcome === 'unresolved'),
  };
}
