import {
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  initialTransition,
  transition,
} from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { errorText } from '../kit/error-text';
import { transitionId, transitionsOf } from './diagram-graph';

/**
 * What a machine needs to be walked: its input, payload cases for the events whose guards read the
 * payload (or whose actions do), and the part of the context that decides what can happen next.
 */
export interface PathSample {
  input?: unknown;
  events?: AnyEventObject[];
  contextKey?: (snapshot: { context: never; value: unknown }) => unknown;
}

export interface PlanStep {
  /** 1-based position in its path. */
  n: number;
  state: string;
  event: string;
  next: string;
}

export interface PlanPath {
  /** 1-based position in the plan. */
  n: number;
  /** The state the path ends in. */
  target: string;
  steps: PlanStep[];
}

export interface TestPlan {
  machine: string;
  kind: 'shortest' | 'simple';
  paths: PlanPath[];
  /** Simple paths stopped at the cap: there are more than the plan lists. */
  truncated: boolean;
  /** Event types that could not be sent without a sample payload (their guard or action failed). */
  needsSample: string[];
  /** Why no plan could be made (input missing, state space not finite). */
  error?: string;
  /**
   * Transitions (ids as the diagram names them) on no shortest path: their guard never passed with
   * the sample's payloads. Eventless transitions are not counted.
   */
  uncovered?: string[];
  /** The caps simple paths were cut at. */
  cap?: { paths: number; depth: number };
}

/** Caps that keep simple paths finite: the states explored and the paths listed. */
export const SIMPLE_LIMITS = { states: 2000, paths: 200, depth: 30 };
const SHORTEST_STATE_LIMIT = 5000;

/** Every event type the machine handles anywhere: user events, service outcomes, timers. */
export function eventTypesOf(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const walk = (node: AnyStateNode) => {
    for (const t of transitionsOf(node)) if (t.eventType && t.eventType !== '*') types.add(t.eventType);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return [...types];
}

/** The events to try: the sample's payload cases where it has them, a bare `{ type }` elsewhere. */
export function eventsFor(machine: AnyStateMachine, sample: PathSample = {}): AnyEventObject[] {
  const cases = sample.events ?? [];
  return eventTypesOf(machine).flatMap((type) => {
    const own = cases.filter((e) => e.type === type);
    return own.length ? own : [{ type }];
  });
}

/** A state value as one readable line: `authenticated.active`, `a.x + b.y` for parallel regions. */
export function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return String(value);
  const parts = Object.entries(value as Record<string, unknown>).map(([key, inner]) => {
    const rest = stateName(inner);
    return rest ? `${key}.${rest}` : key;
  });
  return parts.length > 1 ? parts.join(' + ') : (parts[0] ?? '');
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

function payloadText(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (value === '') return '""';
  if (value && typeof value === 'object' && 'role' in value) {
    const actor = value as { name?: string; role: string };
    return actor.name ? `${actor.name}/${actor.role}` : actor.role;
  }
  return short(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** An event as a tester reads it: its type, then the payload that matters. */
export function eventText(event: AnyEventObject): string {
  const { type, ...payload } = event;
  const detail = Object.entries(payload)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${payloadText(v)}`)
    .join(', ');
  return detail ? `${type} (${detail})` : type;
}

type Snap = { value: unknown; context: unknown; can(e: AnyEventObject): boolean };

function walker(machine: AnyStateMachine, sample: PathSample) {
  const needsSample = new Set<string>();
  const key = (s: unknown) => {
    const snap = s as Snap;
    return `${JSON.stringify(snap.value)}|${JSON.stringify(sample.contextKey?.(snap as never) ?? null)}`;
  };
  // An event whose guard, action or resulting context fails without a payload is left out and named.
  const filterEvents = (snapshot: unknown, event: AnyEventObject) => {
    try {
      if (!(snapshot as Snap).can(event)) return false;
      const [next] = transition(machine, snapshot as never, event);
      if (next.status === 'error') throw new Error('error state');
      key(next);
      return true;
    } catch {
      needsSample.add(event.type);
      return false;
    }
  };
  return { needsSample, filterEvents, key, events: eventsFor(machine, sample) };
}

function toPath(steps: { event: AnyEventObject; state: unknown }[], n = 0): PlanPath {
  const planSteps = steps.slice(1).map((step, i) => ({
    n: i + 1,
    state: stateName((steps[i].state as Snap).value),
    event: eventText(step.event),
    next: stateName((step.state as Snap).value),
  }));
  return { n, target: stateName((steps[steps.length - 1].state as Snap).value), steps: planSteps };
}

/** The evented transitions of the machine that no path takes. */
function uncoveredTransitions(
  machine: AnyStateMachine,
  paths: { steps: { event: AnyEventObject; state: unknown }[] }[],
) {
  const taken = new Set<string>();
  for (const path of paths) {
    path.steps.slice(1).forEach((step, i) => {
      for (const t of machine.getTransitionData(path.steps[i].state as never, step.event as never)) {
        taken.add(transitionId(t));
      }
    });
  }
  const all: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const list of node.transitions.values()) for (const t of list) all.push(transitionId(t));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return all.filter((id) => !taken.has(id));
}

/** Why the machine cannot start with the sample's input (a context that needs an input it lacks). */
function startProblem(machine: AnyStateMachine, input: unknown): string | undefined {
  try {
    const [snapshot] = initialTransition(machine, input as never);
    if (snapshot.status !== 'error') return undefined;
    const error = (snapshot as { error?: unknown }).error;
    return `cannot start without a sample input (${errorText(error)})`;
  } catch (error) {
    return `cannot start without a sample input (${errorText(error)})`;
  }
}

const failed = (machine: AnyStateMachine, kind: TestPlan['kind'], error: unknown): TestPlan => ({
  machine: machine.id,
  kind,
  paths: [],
  truncated: false,
  needsSample: [],
  error: errorText(error),
});

/**
 * Shortest paths to every state, one through each transition into it (the state key carries the
 * event and the previous state, as the model tests do), so every reachable transition is on a path.
 */
export function shortestPlan(machine: AnyStateMachine, sample: PathSample = {}): TestPlan {
  const problem = startProblem(machine, sample.input);
  if (problem) return failed(machine, 'shortest', problem);
  const w = walker(machine, sample);
  try {
    const model = new TestModel(
      machine as never,
      {
        events: w.events,
        input: sample.input,
        serializeState: (s: unknown, e: AnyEventObject | undefined, prev: unknown) =>
          `${w.key(s)}${e && prev ? ` via ${JSON.stringify(e)} from ${w.key(prev)}` : ''}`,
      } as never,
    );
    const paths = model.getShortestPaths({
      filterEvents: w.filterEvents as never,
      limit: SHORTEST_STATE_LIMIT,
    });
    const kept = paths.filter((p) => p.steps.length > 1);
    return {
      machine: machine.id,
      kind: 'shortest',
      paths: kept.map((p, i) => toPath(p.steps as never, i + 1)),
      truncated: false,
      needsSample: [...w.needsSample],
      uncovered: uncoveredTransitions(machine, kept as never),
    };
  } catch (error) {
    const finite = String(error).includes('limit')
      ? `state space exceeds ${SHORTEST_STATE_LIMIT} states`
      : error;
    return failed(machine, 'shortest', finite);
  }
}

/**
 * Simple paths (no state twice) from the initial state to every state, found depth first over the
 * state graph. They grow exponentially, so the walk stops at SIMPLE_LIMITS and says so.
 */
export function simplePlan(
  machine: AnyStateMachine,
  sample: PathSample = {},
  limits = SIMPLE_LIMITS,
): TestPlan {
  const problem = startProblem(machine, sample.input);
  if (problem) return failed(machine, 'simple', problem);
  const w = walker(machine, sample);
  let adjacency: Record<
    string,
    { state: unknown; transitions: Record<string, { event: AnyEventObject; state: unknown }> }
  >;
  try {
    adjacency = getAdjacencyMap(
      machine as never,
      {
        events: w.events,
        input: sample.input,
        filterEvents: w.filterEvents as never,
        serializeState: (s: unknown) => w.key(s),
        limit: limits.states,
      } as never,
    ) as never;
  } catch (error) {
    const finite = String(error).includes('limit') ? `state space exceeds ${limits.states} states` : error;
    return failed(machine, 'simple', finite);
  }
  const keys = Object.keys(adjacency);
  const paths: PlanPath[] = [];
  let truncated = false;
  const visit = (key: string, trail: { event: AnyEventObject; state: unknown }[], seen: Set<string>) => {
    if (paths.length >= limits.paths) {
      truncated = true;
      return;
    }
    if (trail.length > 1) paths.push(toPath(trail, paths.length + 1));
    if (trail.length > limits.depth) {
      truncated = true;
      return;
    }
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = w.key(state);
      if (seen.has(next)) continue;
      seen.add(next);
      visit(next, [...trail, { event, state }], seen);
      seen.delete(next);
    }
  };
  if (keys.length)
    visit(keys[0], [{ event: { type: 'xstate.init' }, state: adjacency[keys[0]].state }], new Set([keys[0]]));
  const cap = { paths: limits.paths, depth: limits.depth };
  return { machine: machine.id, kind: 'simple', paths, truncated, needsSample: [...w.needsSample], cap };
}

/** The plan as numbered paths a tester can follow by hand. */
export function planText(plan: TestPlan): string {
  const title =
    plan.kind === 'shortest'
      ? 'shortest paths (every state, through every transition into it)'
      : 'simple paths';
  const lines = [`${plan.machine}: ${plan.paths.length} ${title}`];
  if (plan.error) lines.push(`  cannot plan: ${plan.error}`);
  for (const path of plan.paths) {
    lines.push('', `${path.n}. → ${path.target}`);
    for (const step of path.steps) lines.push(`   in ${step.state}: send ${step.event} → ${step.next}`);
  }
  if (plan.truncated && plan.cap) {
    lines.push(
      '',
      `(stopped at ${plan.cap.paths} paths / ${plan.cap.depth} steps: there are more simple paths)`,
    );
  }
  if (plan.needsSample.length)
    lines.push('', `events needing a sample payload: ${plan.needsSample.join(', ')}`);
  if (plan.uncovered?.length)
    lines.push('', `transitions on no path (no sample passes their guard): ${plan.uncovered.join(', ')}`);
  return lines.join('\n');
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The plan as CSV: path,step,state,event,next_state. */
export function planCsv(plan: TestPlan): string {
  const rows = [['path', 'step', 'state', 'event', 'next_state']];
  for (const path of plan.paths) {
    for (const step of path.steps)
      rows.push([String(path.n), String(step.n), step.state, step.event, step.next]);
  }
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\n')}\n`;
}
