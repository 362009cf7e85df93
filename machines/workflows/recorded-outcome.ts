import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type StateValue,
  transition,
} from 'xstate';

/**
 * The key of a stored payload that holds the state value the event led to, written by the engine at
 * append (never by the person sending the command) so a replay under later rules reaches it too.
 */
export const REACHED = 'reached';

/**
 * How a stored event moved a replayed stream:
 * - `taken`: today's machine takes it to the state it reached when it was appended (or, for an event
 *   stored without that state, takes it at all);
 * - `followed`: today's guards refuse it or choose another transition, and the replay takes the
 *   transition that leads where the event led when it was appended (its actions run as usual);
 * - `placed`: no transition of today's machine leads there, but the state still exists: the stream is
 *   put in it with the context it had;
 * - `unresolved`: today's machine refuses an event stored before its state was recorded, or the state
 *   it reached no longer exists: the stream stays where it was and its state is in doubt.
 */
export type Outcome = 'taken' | 'followed' | 'placed' | 'unresolved';

export interface Followed {
  snapshot: AnyMachineSnapshot;
  outcome: Outcome;
}

/** Two state values alike whatever the order of their keys (jsonb stores keys in its own order). */
export function sameStateValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) =>
    sameStateValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** Named guards inside a guard, through `and`, `or` and `not`. */
function guardNames(guard: unknown, into: Set<string>) {
  if (typeof guard === 'string') into.add(guard);
  else if (typeof guard === 'function')
    for (const inner of (guard as { guards?: unknown[] }).guards ?? []) guardNames(inner, into);
  else if (guard && typeof guard === 'object' && 'type' in guard) into.add(String(guard.type));
}

/** The named guards that decide where an event of this type goes: its transitions and the eventless ones. */
function guardsOfEvent(machine: AnyStateMachine, eventType: string): string[] {
  const names = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const t of [...(node.transitions.get(eventType) ?? []), ...(node.always ?? [])])
      guardNames(t.guard, names);
    for (const child of Object.values(node.states)) visit(child as AnyStateNode);
  };
  visit(machine.root);
  return [...names];
}

// Beyond this many guards on one event the search would take too long; none comes near it.
const MOST_GUARDS = 10;

interface Oracle {
  names: string[];
  answers: boolean[];
  machine: AnyStateMachine;
}
const oracles = new WeakMap<AnyStateMachine, Map<string, Oracle>>();

/** The machine with the event's guards answering what `answers` says, made once per machine and event. */
function oracleOf(machine: AnyStateMachine, eventType: string): Oracle {
  const byEvent = oracles.get(machine) ?? new Map<string, Oracle>();
  oracles.set(machine, byEvent);
  let oracle = byEvent.get(eventType);
  if (!oracle) {
    const names = guardsOfEvent(machine, eventType).slice(0, MOST_GUARDS);
    const answers = names.map(() => false);
    const guards = Object.fromEntries(names.map((name, i) => [name, () => answers[i]]));
    oracle = { names, answers, machine: machine.provide({ guards } as never) };
    byEvent.set(eventType, oracle);
  }
  return oracle;
}

/** What today's guard answers, where it is a plain predicate (a composed one counts as no). */
function todaysAnswer(
  machine: AnyStateMachine,
  name: string,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
) {
  const guard = (machine.implementations.guards as Record<string, unknown>)[name];
  if (typeof guard !== 'function' || 'check' in guard) return false;
  try {
    return Boolean(guard({ context: snapshot.context, event }, undefined));
  } catch {
    return false;
  }
}

const rebind = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot) =>
  machine.resolveState({
    value: snapshot.value,
    context: snapshot.context,
    status: snapshot.status,
    output: snapshot.output,
  });

/**
 * Where the event goes for every way its guards could answer (only the ways that take it at all), the
 * fewest changes from today's answers first: of two transitions to the same state, the one today's
 * rules come closest to is the one replayed.
 */
function* alternatives(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject) {
  const oracle = oracleOf(machine, event.type);
  const today = oracle.names.map((name) => todaysAnswer(machine, name, snapshot, event));
  const masks = Array.from({ length: 2 ** oracle.names.length }, (_, mask) => mask);
  const changes = (mask: number) => today.filter((answer, i) => answer !== Boolean(mask & (1 << i))).length;
  masks.sort((a, b) => changes(a) - changes(b));
  const start = rebind(oracle.machine, snapshot);
  for (const mask of masks) {
    oracle.names.forEach((_, i) => {
      oracle.answers[i] = Boolean(mask & (1 << i));
    });
    if (!start.can(event)) continue;
    const [next] = transition(oracle.machine, start, event);
    yield rebind(machine, next);
  }
}

/** The state exists in the machine (a stored value may name one since removed). */
function resolvable(machine: AnyStateMachine, value: StateValue, context: unknown) {
  try {
    return machine.resolveState({ value, context });
  } catch {
    return null;
  }
}

/**
 * One stored event applied to a replayed stream. The guards decided when the event was appended: a
 * stored event is a fact, not a request, so a rule tightened since never refuses it. `reached` is the
 * state value the event led to, recorded at append; events stored before it was recorded have none.
 */
export function followEvent(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
  reached: StateValue | undefined,
): Followed {
  if (snapshot.can(event)) {
    const [next] = transition(machine, snapshot, event);
    if (reached === undefined || sameStateValue(next.value, reached))
      return { snapshot: next, outcome: 'taken' };
  }
  // Stored before outcomes were recorded: today's machine is all there is to go by.
  if (reached === undefined) return { snapshot, outcome: 'unresolved' };
  for (const way of alternatives(machine, snapshot, event))
    if (sameStateValue(way.value, reached)) return { snapshot: way, outcome: 'followed' };
  const placed = resolvable(machine, reached, snapshot.context);
  return placed ? { snapshot: placed, outcome: 'placed' } : { snapshot, outcome: 'unresolved' };
}
