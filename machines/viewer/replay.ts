import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  getMicrosteps,
  initialTransition,
  type StateValue,
} from 'xstate';
import type { HistoryEvent } from '../../services/process-history.service';
import { followEvent, REACHED } from '../workflows/recorded-outcome';
import { activeStateIds, transitionId } from './diagram-graph';
import type { DiagramHighlight } from './diagram-svg';

export interface ReplayStep {
  event: HistoryEvent;
  /** The state value after the event, as JSON. */
  value: string;
  /** State node ids the stream is in after the event. */
  current: string[];
  /** Transitions the event took (none when the machine refused it). */
  transitions: string[];
  /** The machine accepted the event (a stored event the current machine refuses is flagged, not hidden). */
  accepted: boolean;
  /** Refused by today's rules, the event still moved the stream: to the state it led to when it happened. */
  followed: boolean;
}

export const STARTED = 'workflow.started';

// The state the event led to is kept beside its payload, not in it (server/workflows/engine.ts).
const eventOf = ({ Payload: { [REACHED]: _reached, ...payload }, Type }: HistoryEvent): AnyEventObject => ({
  ...payload,
  type: Type,
});

/** Eventless transitions taken between two microsteps: those of states left whose targets were entered. */
function eventlessTaken(machine: AnyStateMachine, before: AnyMachineSnapshot, after: AnyMachineSnapshot) {
  const was = new Set(activeStateIds(machine, before));
  const now = new Set(activeStateIds(machine, after));
  const taken: string[] = [];
  for (const id of was) {
    const node = machine.getStateNodeById(id) as AnyStateNode;
    const hit = (node.always ?? []).find((t) =>
      (t.target ?? []).every((target: AnyStateNode) => now.has(target.id)),
    );
    if (hit && (hit.target?.length ?? 0) > 0 && !now.has(id)) taken.push(transitionId(hit));
  }
  return taken;
}

/** The transitions an event takes from a snapshot, eventless microsteps after it included. */
export function transitionsOfEvent(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
) {
  const direct = machine.getTransitionData(snapshot as never, event as never).map((t) => transitionId(t));
  const steps = getMicrosteps(machine, snapshot as never, event as never).map(([s]) => s);
  const eventless = steps.slice(1).flatMap((s, i) => eventlessTaken(machine, steps[i], s));
  return [...direct, ...eventless];
}

/**
 * A stored stream replayed on the client with xstate's pure `initialTransition` / `transition`, the
 * way the server replays it (server/workflows/replay.ts): the first event carries the machine's input,
 * every later one is `{ ...payload, type }`, and an event today's rules refuse still leads where it led
 * when it happened (`followEvent`). Each step says where the stream stood and which transitions the
 * event took, so the viewer can walk the history step by step.
 */
export function replayHistory(machine: AnyStateMachine, events: HistoryEvent[]): ReplayStep[] {
  const [first, ...rest] = events;
  if (!first) return [];
  if (first.Type !== STARTED) throw new Error('A stream starts with workflow.started');
  let [snapshot] = initialTransition(machine, first.Payload.input as never) as [AnyMachineSnapshot, unknown];
  const steps: ReplayStep[] = [
    {
      event: first,
      value: JSON.stringify(snapshot.value),
      current: activeStateIds(machine, snapshot),
      transitions: [],
      accepted: true,
      followed: false,
    },
  ];
  for (const stored of rest) {
    const event = eventOf(stored);
    const reached = stored.Payload[REACHED] as StateValue | undefined;
    const { snapshot: next, outcome } = followEvent(machine, snapshot, event, reached);
    const accepted = outcome === 'taken';
    const taken = accepted ? transitionsOfEvent(machine, snapshot, event) : [];
    snapshot = next;
    steps.push({
      event: stored,
      value: JSON.stringify(snapshot.value),
      current: activeStateIds(machine, snapshot),
      transitions: taken,
      accepted,
      followed: !accepted && outcome !== 'unresolved',
    });
  }
  return steps;
}

/** What the diagram emphasises at step `index`: every state visited and transition taken so far. */
export function highlightAt(steps: ReplayStep[], index: number): DiagramHighlight {
  const upTo = steps.slice(0, Math.max(0, Math.min(index, steps.length - 1)) + 1);
  if (!upTo.length) return { states: [], transitions: [], current: [] };
  return {
    states: [...new Set(upTo.flatMap((s) => s.current))],
    transitions: [...new Set(upTo.flatMap((s) => s.transitions))],
    current: upTo[upTo.length - 1].current,
  };
}
