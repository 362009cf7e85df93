import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  initialTransition,
  transition,
} from 'xstate';
import type { WorkflowActor } from '../workflows/actor';
import { commandEvents } from '../workflows/declaration-events';
import { findWorkflow } from '../workflows/registry';
import { activeStateIds } from './diagram-graph';
import type { DiagramHighlight } from './diagram-svg';
import { transitionsOfEvent } from './replay';
import { type PathSample, type PlanPath, type PlanStep, stateName } from './test-paths';

/**
 * A what-if simulation of one machine in the viewer: an analyst plays the chart as the people of its
 * example, one event at a time, with xstate's pure `initialTransition` / `transition` — no server,
 * no data. Pure: the view keeps the simulation and hands it back to these functions.
 */

/** Someone who sends events: a person of the workflow's example, the page's user, or the system. */
export interface SimPerson {
  /** The example actor's id, or `user` / `system`. */
  key: string;
  /** A role code, `applicant`, `user` (a page machine's user) or `system`. */
  role: string;
  /** Their place among the people of the same role, from 1. */
  n: number;
  actor?: WorkflowActor;
  /** The example's applicant: who starts, withdraws and resubmits. */
  applicant: boolean;
}

/** What a simulation of a machine starts from and whom it is played by. */
export interface SimSetup {
  machine: AnyStateMachine;
  /** The machine is a declared business workflow (its people and commands come from the declaration). */
  workflow: boolean;
  input: unknown;
  people: SimPerson[];
  /** Sample events (payloads to start the forms with), as the test plans send them. */
  samples: AnyEventObject[];
  /** The event types a person sends, by the declaration's commands; every other type is the system's. */
  commands: Set<string>;
  /** Guards that read what a person sends; taken as met when asking what a person may do. */
  payloadGuards: string[];
  /** The start failed (a machine that needs an input nobody sampled). */
  error?: string;
}

export interface SimStep {
  /** The event sent; `xstate.init` for the start. */
  event: AnyEventObject;
  /** Who sent it (a person's key). */
  person?: string;
  snapshot: AnyMachineSnapshot;
  /** Transitions it took, by the diagram's ids. */
  taken: string[];
  /** The state node ids active after it. */
  current: string[];
}

/** The steps played so far: the first is the start. */
export interface Simulation {
  steps: SimStep[];
  /** The last event sent failed in the machine's own actions (a payload it needs and lacks), as thrown. */
  failed?: { type: string; error: string };
}

const SYSTEM: SimPerson = { key: 'system', role: 'system', n: 1, applicant: false };
const USER: SimPerson = { key: 'user', role: 'user', n: 1, applicant: false };
/** The guard of a forward that checks the colleague named, met when asking who may forward. */
const COLLEAGUE_GUARD = 'forwardsToColleague';

/** Every event type some state of the machine handles (timers and services' answers included). */
function eventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  const walk = (node: AnyStateNode) => {
    for (const type of node.transitions.keys()) if (type !== '*') types.add(type);
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return [...types];
}

/**
 * How a machine is played: a declared workflow from its declaration's example (its input, its people,
 * each command with the payloads the test plans send); any other machine with its path sample's input
 * and events, by the page's user and the system.
 */
export function simulatorSetup(machine: AnyStateMachine, sample: PathSample = {}): SimSetup {
  const declaration = findWorkflow(machine.id);
  if (!declaration) {
    const people = eventTypes(machine).some((t) => !t.startsWith('xstate.')) ? [USER, SYSTEM] : [SYSTEM];
    return {
      machine,
      workflow: false,
      input: sample.input,
      people,
      samples: sample.events ?? [],
      commands: new Set(),
      payloadGuards: [],
    };
  }
  const { input, actors } = declaration.example;
  const applicantId = (input as { applicant?: WorkflowActor }).applicant?.id;
  const seen = new Map<string, number>();
  const people: SimPerson[] = actors.map((actor) => {
    const n = (seen.get(actor.role) ?? 0) + 1;
    seen.set(actor.role, n);
    return { key: actor.id, role: actor.role, n, actor, applicant: actor.id === applicantId };
  });
  const commands = new Set(Object.values(declaration.commands).map((c) => c.event));
  if (eventTypes(machine).some((t) => !commands.has(t))) people.push(SYSTEM);
  return {
    machine,
    workflow: true,
    input,
    people,
    samples: [...commandEvents(declaration), ...(sample.events ?? [])],
    commands,
    payloadGuards: [...declaration.payloadGuards, COLLEAGUE_GUARD],
  };
}

/** The roles of a setup's people, in the order their first person appears. */
export const rolesOf = (setup: SimSetup) => [...new Set(setup.people.map((p) => p.role))];

/** A person of the setup by key. */
export const personOf = (setup: SimSetup, key: string | undefined) => setup.people.find((p) => p.key === key);

/** The simulation at the machine's initial state, with the setup's input. */
export function startSimulation(setup: SimSetup): Simulation {
  const [snapshot] = initialTransition(setup.machine, setup.input as never) as [AnyMachineSnapshot, unknown];
  return {
    steps: [
      {
        event: { type: 'xstate.init' },
        snapshot,
        taken: [],
        current: activeStateIds(setup.machine, snapshot),
      },
    ],
  };
}

const messageOf = (error: unknown) => String(error instanceof Error ? error.message : error);

/** Why a machine cannot be simulated with its sample (it needs an input), or undefined. */
export function startError(setup: SimSetup): string | undefined {
  try {
    const { snapshot } = startSimulation(setup).steps[0];
    return snapshot.status === 'error' ? String((snapshot as { error?: unknown }).error) : undefined;
  } catch (error) {
    return messageOf(error);
  }
}

/** Where the simulation stands. */
export const currentStep = (sim: Simulation) => sim.steps[sim.steps.length - 1];

/** The simulation reached a final state: nothing more can happen. */
export const isFinished = (sim: Simulation) => currentStep(sim).snapshot.status === 'done';

/**
 * The simulation one event further, when the machine accepts it now; unchanged when it refuses it
 * (the guard fails, or no state handles it), and marked `failed` when its actions fail on the payload.
 */
export function sendEvent(
  setup: SimSetup,
  sim: Simulation,
  event: AnyEventObject,
  person?: string,
): Simulation {
  const { snapshot } = currentStep(sim);
  const steps = sim.steps;
  try {
    if (snapshot.status !== 'active' || !snapshot.can(event as never)) return sim;
    const taken = transitionsOfEvent(setup.machine, snapshot, event);
    const [next] = transition(setup.machine, snapshot as never, event as never) as [
      AnyMachineSnapshot,
      unknown,
    ];
    if (next.status === 'error')
      return { steps, failed: { type: event.type, error: messageOf((next as { error?: unknown }).error) } };
    const current = activeStateIds(setup.machine, next);
    return { steps: [...steps, { event, person, snapshot: next, taken, current }] };
  } catch (error) {
    return { steps, failed: { type: event.type, error: messageOf(error) } };
  }
}

/** The last event undone. */
export const stepBack = (sim: Simulation): Simulation =>
  sim.steps.length > 1 ? { steps: sim.steps.slice(0, -1) } : { steps: sim.steps };

/** Back at the start. */
export const resetSimulation = (sim: Simulation): Simulation => ({ steps: sim.steps.slice(0, 1) });

/** The simulation's steps as a path, so the test plans' words can say them (who, what, input, status). */
export function simulationPath(sim: Simulation): PlanPath {
  const steps: PlanStep[] = sim.steps.slice(1).map((step, i) => {
    const from = sim.steps[i].snapshot;
    return {
      n: i + 1,
      state: stateName(from.value),
      event: step.event.type,
      next: stateName(step.snapshot.value),
      sent: step.event,
      taken: step.taken,
      from,
      to: step.snapshot,
    };
  });
  return { n: 0, target: stateName(currentStep(sim).snapshot.value), steps };
}

/** The states and transitions a planned path passes through, as the diagram names them. */
export function pathHighlight(machine: AnyStateMachine, path: PlanPath): DiagramHighlight {
  const states = new Set<string>();
  for (const step of path.steps) {
    if (step.n === 1) for (const id of activeStateIds(machine, step.from)) states.add(id);
    for (const id of activeStateIds(machine, step.to)) states.add(id);
  }
  return { states: [...states], transitions: [...new Set(path.steps.flatMap((s) => s.taken))], current: [] };
}

/**
 * What the chart emphasises: every state visited and transition taken so far, the planned path's
 * too when one is loaded, and the current state stronger.
 */
export function simulationHighlight(sim: Simulation, planned?: DiagramHighlight): DiagramHighlight {
  return {
    states: [...new Set([...(planned?.states ?? []), ...sim.steps.flatMap((s) => s.current)])],
    transitions: [...new Set([...(planned?.transitions ?? []), ...sim.steps.flatMap((s) => s.taken)])],
    current: currentStep(sim).current,
  };
}

const same = (a: AnyEventObject, b: AnyEventObject) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The planned path's next step while the simulation follows it (every event so far the path's), with
 * the person who sends it; undefined at its end or once the simulation left it.
 */
export function plannedNext(
  setup: SimSetup,
  sim: Simulation,
  path: PlanPath,
): { event: AnyEventObject; person: string } | undefined {
  const played = sim.steps.slice(1);
  if (played.length >= path.steps.length) return undefined;
  if (!played.every((step, i) => same(step.event, path.steps[i].sent))) return undefined;
  const event = path.steps[played.length].sent;
  const actor = (event as { actor?: WorkflowActor }).actor;
  const person = actor
    ? actor.id
    : setup.people.some((p) => p.key === USER.key) && !event.type.startsWith('xstate.')
      ? USER.key
      : SYSTEM.key;
  return { event, person };
}
