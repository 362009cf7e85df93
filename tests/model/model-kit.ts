import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import type {
  ActorLogic,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate';
import { fromPromise } from 'xstate';
import { getStateNodes, TestModel } from 'xstate/graph';
import type { PathSample } from '../../machines/viewer/test-paths';

/**
 * Coverage for model tests. xstate v5 has no coverage helper, so the transitions a test run really
 * took are read from the actor's microstep inspection events and compared with every transition the
 * machine defines — eventless (`always`) and invoke done/error transitions included.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const guard = t.guard
    ? `[${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'inline')}]`
    : '';
  const targets = (t.target ?? []).map((n) => n.id).join(',') || '(self)';
  return `${t.source.id} --${t.eventType || '(always)'}${guard}--> ${targets}`;
}

export function machineInventory(machine: AnyStateMachine) {
  const nodes = getStateNodes(machine.root);
  const transitions = new Set<string>();
  for (const node of nodes) {
    for (const list of node.transitions.values()) for (const t of list) transitions.add(transitionKey(t));
    for (const t of node.always ?? []) transitions.add(transitionKey(t));
  }
  const states = new Set(nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map((n) => n.id));
  return { states, transitions };
}

export class CoverageRecorder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();

  /** Pass as `inspect` when creating the actor under test. */
  readonly inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    for (const t of event._transitions) this.transitions.add(transitionKey(t));
    const snapshot = event.snapshot as { _nodes?: { id: string; type: string }[] };
    for (const node of snapshot._nodes ?? [])
      if (node.type === 'atomic' || node.type === 'final') this.states.add(node.id);
  };

  /** Initial states are entered without a microstep event; record them from the first snapshot. */
  recordSnapshot(snapshot: unknown) {
    for (const node of (snapshot as { _nodes: { id: string; type: string }[] })._nodes) {
      if (node.type === 'atomic' || node.type === 'final') this.states.add(node.id);
    }
  }

  report(machine: AnyStateMachine) {
    const all = machineInventory(machine);
    // A transient state (left at once by an `always` transition) never rests in a snapshot; it counts
    // as visited when one of its eventless transitions was taken.
    const leftAtOnce = (id: string) => [...this.transitions].some((t) => t.startsWith(`${id} --(always)`));
    const missingStates = [...all.states].filter((s) => !this.states.has(s) && !leftAtOnce(s));
    const missingTransitions = [...all.transitions].filter((t) => !this.transitions.has(t));
    return {
      machine: machine.id,
      states: `${all.states.size - missingStates.length}/${all.states.size}`,
      transitions: `${all.transitions.size - missingTransitions.length}/${all.transitions.size}`,
      missingStates,
      missingTransitions,
    };
  }
}

/** Appends a machine's coverage line to test-results/model-coverage.md, the report testers read. */
export function writeCoverageReport(report: ReturnType<CoverageRecorder['report']>, paths: number) {
  mkdirSync('test-results', { recursive: true });
  const file = 'test-results/model-coverage.md';
  const header = '| machine | paths | states | transitions |\n|---|---|---|---|\n';
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : header;
  const lines = previous.split('\n').filter((l) => !l.startsWith(`| ${report.machine} |`));
  const body = `${lines.join('\n').trimEnd()}\n| ${report.machine} | ${paths} | ${report.states} | ${report.transitions} |\n`;
  writeFileSync(file, body);
  console.log(
    `model coverage ${report.machine}: ${paths} paths, states ${report.states}, transitions ${report.transitions}`,
  );
}

/** A promise the test settles by hand: an invoked service whose answer is a step of the path. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}
export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Model tests for a machine without invoked services: one test per generated shortest path (one path
 * per transition, thanks to the event in the state key), each run on a fresh actor whose state must
 * follow the model step by step while `check` holds the invariants a user relies on.
 */
export function pathsFor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events: AnyEventObject[];
    input?: unknown;
    /** The part of the context that matters for what happens next (kept small so paths stay finite). */
    contextKey?: (snapshot: SnapshotFrom<TMachine>) => unknown;
  },
) {
  const model = new TestModel(
    machine as unknown as ActorLogic<SnapshotFrom<TMachine>, AnyEventObject, unknown>,
    {
      events: options.events,
      input: options.input,
      serializeState: (s, e, prev) =>
        `${JSON.stringify(stateValueOf(s))}|${JSON.stringify(options.contextKey?.(s) ?? null)}${
          e ? ` via ${JSON.stringify(e)} from ${JSON.stringify(prev && stateValueOf(prev))}` : ''
        }`,
    },
  );
  return model.getShortestPaths({ filterEvents: (s, e) => (s as { can(e: unknown): boolean }).can(e) });
}

/**
 * pathsFor with a machine's sample (machines/viewer/path-samples*.ts): the model test walks the paths
 * the viewer plans. Another input of the same events may be given.
 */
export const samplePaths = <TMachine extends AnyStateMachine>(
  machine: TMachine,
  sample: PathSample,
  input: unknown = sample.input,
) =>
  pathsFor(machine, {
    events: sample.events ?? [],
    input,
    contextKey: sample.contextKey as ((snapshot: SnapshotFrom<TMachine>) => unknown) | undefined,
  });

const stateValueOf = (snapshot: unknown) => (snapshot as { value: unknown }).value;

export const describeEvent = (e: AnyEventObject) => {
  const { type, ...payload } = e;
  const detail = Object.values(payload)
    .map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join(' ');
  return detail ? `${type}(${detail.length > 40 ? `${detail.slice(0, 40)}…` : detail})` : type;
};

/**
 * Runs one path step on the actor under test. A step that is an invoked call's answer
 * (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) settles that call's pending promise, so the
 * actor takes it exactly as it would from the real service; any other step is sent as it is.
 */
export async function performStep(
  actor: { send(event: never): void },
  pending: Map<string, Deferred<unknown>>,
  event: AnyEventObject,
) {
  const answer = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (!answer) {
    actor.send(event as never);
    return;
  }
  const call = pending.get(answer[2]);
  if (!call) throw new Error(`no pending ${answer[2]} call to answer`);
  pending.delete(answer[2]);
  if (answer[1] === 'done') call.resolve(event.output);
  else call.reject(event.error);
  await settle();
}

/**
 * Invoked calls that wait for the path to answer them: `call(id)` is a promise actor that records its
 * input (when asked) and parks a deferred under `id` in `pending`, where `performStep` settles it.
 */
export function pendingCalls() {
  const pending = new Map<string, Deferred<unknown>>();
  const call = (id: string, record?: (input: any) => void): any =>
    fromPromise<never, unknown>(({ input }) => {
      record?.(input);
      const d = deferred<unknown>();
      pending.set(id, d);
      return d.promise as Promise<never>;
    });
  return { pending, call };
}

/** A generated path as a test title: its events after the start, or 'start' for the empty path. */
export const pathTitle = (path: { steps: { event: AnyEventObject }[] }) =>
  path.steps
    .slice(1)
    .map((s) => describeEvent(s.event).replace('xstate.', ''))
    .join(' → ') || 'start';

/** An event as a key of the explored graph (an Error by its message). */
export const eventKey = (e: AnyEventObject) =>
  JSON.stringify(e, (_key, v) => (v instanceof Error ? v.message : v));

/**
 * The shortest paths of a machine with invoked calls, whose answers are model events among `events`:
 * a state is told apart by `stateKey` and by the event that led to it, so every transition gets a path.
 */
export function shortestPathsOf<TSnapshot extends AnyMachineSnapshot, TInput>(
  machine: AnyStateMachine,
  options: { events: AnyEventObject[]; input?: TInput; stateKey: (s: TSnapshot) => string },
) {
  const { stateKey } = options;
  const model = new TestModel<TSnapshot, AnyEventObject, TInput>(
    machine as unknown as ActorLogic<TSnapshot, AnyEventObject, TInput>,
    {
      events: options.events,
      ...(options.input !== undefined ? { input: options.input } : {}),
      serializeState: (s, e, prev) =>
        `${stateKey(s)}${e ? ` via ${eventKey(e)} from ${prev ? stateKey(prev) : ''}` : ''}`,
    },
  );
  return model.getShortestPaths({ filterEvents: (s, e) => s.can(e as never) });
}

/**
 * Walks one generated path on a started actor with pending calls: each step is sent (or its call
 * answered), the actor must reach the state the model says, and `check` sees the state before and after.
 */
export async function walkPath<TSnapshot extends AnyMachineSnapshot>(
  page: {
    actor: { getSnapshot(): TSnapshot; send(event: never): void };
    pending: Map<string, Deferred<unknown>>;
  },
  steps: { state: { value: unknown }; event: AnyEventObject }[],
  check: (before: TSnapshot, after: TSnapshot, event: AnyEventObject) => void,
) {
  expect(page.actor.getSnapshot().value).toEqual(steps[0].state.value);
  for (const step of steps.slice(1)) {
    const before = page.actor.getSnapshot();
    await performStep(page.actor, page.pending, step.event);
    const after = page.actor.getSnapshot();
    expect(after.value).toEqual(step.state.value);
    check(before, after, step.event);
  }
}
