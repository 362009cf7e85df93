import type { AnyEventObject } from 'xstate';
import { type PlanPath, type PlanStep, stateName, type TestPlan } from '../../machines/viewer/test-paths';
import type { WorkflowActor } from '../../machines/workflows/actor';
import { commandOfEvent, type WorkflowDeclaration } from '../../machines/workflows/declaration';
import type { Cast } from './cast';
import type { PortalCalls } from './portal';

/** What the portal answers a step: its status and envelope, whose results name the stream's `State` and `Node`. */
export type StepAnswer = Awaited<ReturnType<PortalCalls['post']>>;

/**
 * A record's own door for the steps its people take elsewhere than at the decision endpoint (the
 * applicant of a public registration, who has no login, acts on the public pages with the number the
 * registration answered): the answer to a step it takes, or nothing for a step it leaves to
 * `/workflow/decide`. A successful answer's results give the stream's `State` and, where the page tells
 * it, its chain step as `Node`, as the decision endpoint does.
 */
export type Door = (step: PlanStepSent) => Promise<StepAnswer> | undefined;

/** A step as a person sends it: the workflow's command, its payload, and who sends it. */
export interface PlanStepSent {
  command: string;
  payload: Record<string, unknown>;
  actor: WorkflowActor;
}

/** A record a starter made: its id, and the door of its own its steps may go through. */
export interface StartedRecord {
  id: string;
  door?: Door;
}

/**
 * A new record of the workflow's subject whose stream stands where the plan's paths begin: its id, or
 * the record with its door. The path it begins is given, for a record whose makings depend on where
 * the path goes (a change applied at once, or one sent for approval).
 */
export type Starter = (portal: PortalCalls, cast: Cast, path: PlanPath) => Promise<string | StartedRecord>;

/** How one path of a plan went: passed, or the first step where the portal and the chart parted. */
export interface PathRun {
  path: number;
  target: string;
  passed: boolean;
  divergence?: { step: number; expected: string; got: string };
}

/** What a person sends of an event: its payload but the actor and the facts the server adds itself. */
const SERVER_FACTS = new Set(['type', 'actor', 'toRole', 'toName']);

async function payloadOf(step: PlanStep, actors: WorkflowActor[], cast: Cast) {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step.sent)) if (!SERVER_FACTS.has(key)) payload[key] = value;
  // A forward names the colleague by the account that plays them in this run.
  if (typeof payload.to === 'string') {
    const colleague = actors.find((a) => a.id === payload.to);
    payload.to = colleague ? (await cast.account(colleague)).employeeId : payload.to;
  }
  return payload;
}

/**
 * Runs one planned path through the portal's decision endpoint: a new record started, then each step
 * sent as the account that plays its person (or through the record's own door, where it takes the
 * step), each answer held to the state (and chain step) the chart says it leads to. Stops at the first
 * divergence: a refusal the chart did not predict, or another state.
 */
export async function runPath(
  portal: PortalCalls,
  declaration: WorkflowDeclaration,
  path: PlanPath,
  start: Starter,
  cast: Cast,
): Promise<PathRun> {
  const run = { path: path.n, target: path.target };
  const started = await start(portal, cast, path);
  const { id: subjectId, door } = typeof started === 'string' ? { id: started, door: undefined } : started;
  /** A step sent to the decision endpoint as the account that plays its person. */
  const decision = async ({ command, payload, actor }: PlanStepSent) =>
    portal.post(
      '/workflow/decide',
      { workflow: declaration.name, ObjectID: subjectId, command, payload },
      (await cast.account(actor)).token,
    );
  for (const step of path.steps) {
    const event = step.sent as AnyEventObject & { actor?: WorkflowActor };
    const expected = stateName(step.to.value);
    const command = commandOfEvent(declaration, event.type);
    const diverged = (got: string) => ({
      ...run,
      passed: false,
      divergence: { step: step.n, expected, got },
    });
    if (!command || !event.actor) return diverged(`${event.type} is no command a person sends`);
    const sent = {
      command,
      payload: await payloadOf(step, declaration.example.actors, cast),
      actor: event.actor,
    };
    const answer = (await door?.(sent)) ?? (await decision(sent));
    if (answer.status !== 200) return diverged(`${answer.status} ${answer.body?.message ?? ''}`);
    const view = answer.body.results as { State: string; Node?: number | null };
    const node = (step.to.context as { node?: number }).node ?? null;
    // A door's page that does not tell the chain step (a finished registration's progress) is held to the state.
    if (view.State !== expected || (node !== null && view.Node !== undefined && view.Node !== node))
      return diverged(`${view.State}${view.Node == null ? '' : ` #${view.Node}`}`);
  }
  return { ...run, passed: true };
}

/** Every path of a plan, each on a record of its own. */
export async function runPlan(
  portal: PortalCalls,
  declaration: WorkflowDeclaration,
  plan: TestPlan,
  start: Starter,
  cast: Cast,
): Promise<PathRun[]> {
  const runs: PathRun[] = [];
  for (const path of plan.paths) runs.push(await runPath(portal, declaration, path, start, cast));
  return runs;
}
