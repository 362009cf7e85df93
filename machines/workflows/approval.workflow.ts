import { and, assign, setup } from 'xstate';
import type { ActorEvent, WorkflowActor } from './actor';

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

export interface ApprovalInput {
  /** The nodes that decide in order (configuration: DOMAIN.md "Chains are configuration"). */
  chain: ChainStep[];
  applicant: WorkflowActor;
}

export interface ApprovalContext extends ApprovalInput {
  node: number;
  decisions: number;
  reason?: string;
  /** An approver of the same role the current node was forwarded to. */
  forwardedTo?: string;
}

export type ApprovalEvent =
  | ({ type: 'application.submit' } & ActorEvent)
  | ({ type: 'application.withdraw' } & ActorEvent)
  | ({ type: 'approval.agree'; comment?: string } & ActorEvent)
  | ({ type: 'approval.reject'; reason: string } & ActorEvent)
  | ({ type: 'approval.return'; reason: string } & ActorEvent)
  | ({ type: 'approval.forward'; to: string; toName?: string } & ActorEvent)
  | ({ type: 'application.void'; reason: string } & ActorEvent);

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * The one approval shape of every application (DOMAIN.md): draft → in approval, node by node
 * along the configured chain → approved or rejected; returned for changes and resubmitted under the
 * same number; withdrawn before the first decision; an approved application voided by the vendor.
 * Pure: the server replays it over the event stream and asks it what may happen next.
 */
export const approvalWorkflow = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
    input: {} as ApprovalInput,
  },
  guards: {
    isApplicant: ({ context, event }) => event.actor.id === context.applicant.id,
    isCurrentApprover: ({ context, event }) => decidesNow(context, event.actor),
    isLastNode: ({ context }) => context.node >= context.chain.length - 1,
    hasReason: ({ event }) => hasText((event as { reason?: unknown }).reason),
    noDecisionYet: ({ context }) => context.decisions === 0,
    isVendorAdministrator: ({ event }) => event.actor.role === 'JS001' || event.actor.role === 'JS013',
  },
}).createMachine({
  id: 'approval',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          actions: assign({ node: 0, decisions: 0 }),
        },
      },
    },
    inApproval: {
      description:
        'Node n of the configured chain decides: agree, reject or return (with a reason), or forward.',
      on: {
        'approval.agree': [
          {
            guard: and(['isCurrentApprover', 'isLastNode']),
            target: 'approved',
            actions: assign({ decisions: ({ context }) => context.decisions + 1, forwardedTo: undefined }),
          },
          {
            guard: 'isCurrentApprover',
            target: 'inApproval',
            actions: assign({
              node: ({ context }) => context.node + 1,
              decisions: ({ context }) => context.decisions + 1,
              forwardedTo: undefined,
            }),
          },
        ],
        'approval.reject': {
          guard: and(['isCurrentApprover', 'hasReason']),
          target: 'rejected',
          actions: assign({
            reason: ({ event }) => event.reason,
            decisions: ({ context }) => context.decisions + 1,
          }),
        },
        'approval.return': {
          guard: and(['isCurrentApprover', 'hasReason']),
          target: 'returned',
          description: 'Returned to the applicant, who edits and resubmits under the same number.',
          actions: assign({
            reason: ({ event }) => event.reason,
            decisions: ({ context }) => context.decisions + 1,
            forwardedTo: undefined,
          }),
        },
        'approval.forward': {
          guard: 'isCurrentApprover',
          description: 'Forwarded to another approver of the same role; the node stays.',
          actions: assign({ forwardedTo: ({ event }) => event.to }),
        },
        'application.withdraw': {
          guard: and(['isApplicant', 'noDecisionYet']),
          target: 'withdrawn',
          description: 'The applicant may withdraw only before the first decision.',
        },
      },
    },
    returned: {
      on: {
        'application.submit': {
          guard: 'isApplicant',
          target: 'inApproval',
          actions: assign({ node: 0, reason: undefined, forwardedTo: undefined }),
        },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    approved: {
      on: {
        'application.void': {
          guard: and(['isVendorAdministrator', 'hasReason']),
          target: 'void',
          description: 'An approved application cancelled by the vendor becomes read-only.',
          actions: assign({ reason: ({ event }) => event.reason }),
        },
      },
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
    void: { type: 'final' },
  },
});
