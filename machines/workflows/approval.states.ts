import { type AnyMachineSnapshot, and, assign } from 'xstate';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, type Decider } from './declaration';

/**
 * One node of a chain: a role code, or a role with the one person the configuration names
 * (then only that person — or whoever they forward to — decides at this node).
 */
export type ChainStep = string | { role: string; approver?: string; approverName?: string };

export const stepRole = (step: ChainStep | undefined) =>
  typeof step === 'string' ? step : (step?.role ?? null);

/** Whether an actor decides at the current node: the forwardee, else the named person, else the role. */
export function decidesNow(
  context: { chain: ChainStep[]; node: number; forwardedTo?: string },
  actor: WorkflowActor,
): boolean {
  if (context.forwardedTo) return actor.id === context.forwardedTo;
  const step = context.chain[context.node];
  if (step === undefined) return false;
  if (typeof step === 'string') return actor.role === step;
  return step.approver ? actor.id === step.approver : actor.role === step.role;
}

/**
 * The decisions at a chain's node, as every chain workflow's events carry them: agree (with whatever
 * the workflow's server lays on the agreement), reject or return with a reason, forward to a colleague.
 */
export type ChainDecisionEvent<TAgreement extends object = object> =
  | ({ type: 'approval.agree'; comment?: string } & TAgreement & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent);

/**
 * The applicant's own moves on an application: submit, carrying what the server read at that moment
 * (the chain of its band, depth or margin, so a resubmission takes the chain it now falls in), and
 * withdraw, with an optional reason.
 */
export type ApplicantEvent<TSubmission extends object = object> =
  | ({ type: 'application.submit' } & TSubmission & ActorEvent)
  | ({ type: 'application.withdraw'; reason?: string } & ActorEvent);

/** A submission that carries the chain the server chose for it. */
export type ChainSubmission = { chain?: ChainStep[] };

/** What every workflow decided node by node along a configured chain keeps in its context. */
export interface ChainProgress {
  chain: ChainStep[];
  applicant: WorkflowActor;
  node: number;
  /** Decisions taken so far (agree, reject, return): the applicant withdraws only before the first. */
  decisions: number;
  reason?: string;
  /** An approver of the same role the current node was forwarded to, and their name. */
  forwardedTo?: string;
  forwardedToName?: string;
}

/**
 * Who decides the current node of a chain: whoever it was forwarded to, else the person the
 * configuration names, else anyone of the step's role.
 */
export function chainDecider(snapshot: AnyMachineSnapshot): Decider | null {
  const context = snapshot.context as ChainProgress;
  const step = context.chain?.[context.node];
  const role = stepRole(step);
  if (!role) return null;
  if (context.forwardedTo)
    return {
      role,
      personId: context.forwardedTo,
      personName: context.forwardedToName ?? context.forwardedTo,
    };
  if (typeof step === 'object' && step.approver)
    return { role, personId: step.approver, personName: step.approverName ?? step.approver };
  return { role };
}

type ChainArgs = { context: ChainProgress; event: ActorEvent };

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * The checks of the approval shape. A workflow registers them under the names its diagram shows
 * (a registration says reviewer and step where an application says approver and node).
 */
export const chainGuards = {
  isApplicant: ({ context, event }: ChainArgs) => event.actor.id === context.applicant.id,
  isCurrentApprover: ({ context, event }: ChainArgs) => decidesNow(context, event.actor),
  isLastNode: ({ context }: ChainArgs) => context.node >= context.chain.length - 1,
  hasReason: ({ event }: ChainArgs) => hasText((event as { reason?: unknown }).reason),
  noDecisionYet: ({ context }: ChainArgs) => context.decisions === 0,
  /**
   * A step goes only to another enabled colleague of the role it waits for. The directory is the
   * server's: it puts the role of the enabled employee named in `to` into the event as `toRole` (none
   * for a stranger or a disabled account), so the rule itself is the machine's and the chart shows it.
   */
  forwardsToColleague: ({ context, event }: ChainArgs) => {
    const { to, toRole } = event as { to?: unknown; toRole?: unknown };
    return Boolean(toRole) && toRole === stepRole(context.chain[context.node]) && to !== event.actor.id;
  },
};

/** The guard every forward passes besides the workflow's own: a payload guard, met when offering it. */
export const COLLEAGUE_GUARD = 'forwardsToColleague';

type DecisionEvent = ActorEvent & {
  type: string;
  reason?: string;
  to?: string;
  toName?: string;
  toRole?: string;
};
type Assignment = Parameters<typeof assign<ChainProgress, DecisionEvent, undefined, never, never>>[0];
// An action made outside a machine's setup() carries one actor in its type, and each workflow is
// another actor: the assignments are checked against ChainProgress, which every workflow's context
// extends, and handed to the workflows untyped.
const decide = (assignment: Assignment): never =>
  assign<ChainProgress, DecisionEvent, undefined, never, never>(assignment) as never;

/** The assignments of each decision: the same in every workflow, so the stored streams replay alike. */
const record = {
  finish: decide({
    decisions: ({ context }) => context.decisions + 1,
    forwardedTo: undefined,
    forwardedToName: undefined,
  }),
  advance: decide({
    node: ({ context }) => context.node + 1,
    decisions: ({ context }) => context.decisions + 1,
    forwardedTo: undefined,
    forwardedToName: undefined,
  }),
  reject: decide({
    reason: ({ event }) => event.reason,
    decisions: ({ context }) => context.decisions + 1,
  }),
  giveBack: decide({
    reason: ({ event }) => event.reason,
    decisions: ({ context }) => context.decisions + 1,
    forwardedTo: undefined,
    forwardedToName: undefined,
  }),
  forward: decide({ forwardedTo: ({ event }) => event.to, forwardedToName: ({ event }) => event.toName }),
  /** A returned application resubmitted: back to the first node, the reason and any forward cleared. */
  resubmit: decide({ node: 0, reason: undefined, forwardedTo: undefined, forwardedToName: undefined }),
};

const described = (description: string | undefined) => (description ? { description } : {});

/**
 * The transitions of a deciding node, by the guard that lets them happen (each workflow's own names).
 * `finish` is the agreement at the last node, `advance` the one that moves to the next node.
 */
export const decisions = {
  finish: <const G>(guard: G, target: string, description?: string) => ({
    guard,
    target,
    ...described(description),
    actions: record.finish,
  }),
  advance: <const G>(guard: G, target: string, reenter?: true) => ({
    guard,
    target,
    ...(reenter ? { reenter } : {}),
    actions: record.advance,
  }),
  reject: <const G>(guard: G, target: string) => ({ guard, target, actions: record.reject }),
  giveBack: <const G>(guard: G, target: string, description?: string) => ({
    guard,
    target,
    ...described(description),
    actions: record.giveBack,
  }),
  /** Forwarded by whoever `guard` lets decide, to a colleague of the step's role only. */
  forward: <const G extends string>(guard: G, description: string) => ({
    // The pair typed by its names (a generic name defeats xstate's inference of one guard argument).
    guard: and<ChainProgress, DecisionEvent, [G, typeof COLLEAGUE_GUARD]>([guard, COLLEAGUE_GUARD] as never),
    description,
    actions: record.forward,
  }),
  resubmit: <const G>(guard: G, target: string) => ({ guard, target, actions: record.resubmit }),
};

/** The texts and the agreement guards in which one application's workflow differs from another's. */
export interface ApprovalShape<TFinish, TAdvance> {
  /** The deciding node's description, as the diagram shows it. */
  description: string;
  /** The agreement at the last node: the current approver there, and what else the workflow checks. */
  finish: { guard: TFinish; description?: string };
  /** The agreement that moves on to the next node; none where the chain is one step (every agreement finishes). */
  advance?: { guard: TAdvance; reenter?: true };
  returnDescription: string;
  withdrawDescription: string;
}

/**
 * `inApproval` and `returned` of the one approval shape (DOMAIN.md): decided node by node, returned
 * for changes and resubmitted under the same number, withdrawn only before the first decision.
 */
export function approvalStates<const TFinish, const TAdvance = never>(
  shape: ApprovalShape<TFinish, TAdvance>,
) {
  return {
    inApproval: {
      description: shape.description,
      tags: [AWAITING_DECISION],
      on: {
        'approval.agree': [
          decisions.finish(shape.finish.guard, 'approved', shape.finish.description),
          ...(shape.advance
            ? [decisions.advance(shape.advance.guard, 'inApproval', shape.advance.reenter)]
            : []),
        ],
        'approval.reject': decisions.reject(and(['isCurrentApprover', 'hasReason']), 'rejected'),
        'approval.return': decisions.giveBack(
          and(['isCurrentApprover', 'hasReason']),
          'returned',
          shape.returnDescription,
        ),
        'approval.forward': decisions.forward(
          'isCurrentApprover',
          'Forwarded to another approver of the same role; the node stays.',
        ),
        'application.withdraw': {
          guard: and(['isApplicant', 'noDecisionYet']),
          target: 'withdrawn',
          description: shape.withdrawDescription,
        },
      },
    },
    returned: {
      on: {
        'application.submit': decisions.resubmit('isApplicant', 'inApproval'),
        'application.withdraw': { guard: 'isApplicant' as const, target: 'withdrawn' },
      },
    },
  };
}
