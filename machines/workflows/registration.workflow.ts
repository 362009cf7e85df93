import { and, assign, setup } from 'xstate';
import type { ActorEvent, WorkflowActor } from './actor';

/** One review step of the configured chain: its name (for the progress page) and the role that decides. */
export interface ReviewStep {
  step: string;
  role: string;
}

/** DOMAIN.md: pre-review (channel manager) → qualification (channel department) → risk (finance). */
export const defaultRegistrationChain: ReviewStep[] = [
  { step: 'preReview', role: 'JS010' },
  { step: 'qualificationReview', role: 'JS018' },
  { step: 'riskReview', role: 'JS014' },
];

export interface RegistrationInput {
  chain: ReviewStep[];
  applicant: WorkflowActor;
}

export interface RegistrationContext extends RegistrationInput {
  node: number;
  reason?: string;
  forwardedTo?: string;
  customerId?: string;
}

export type RegistrationEvent =
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.reject'; reason: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'review.forward'; to: string; toName?: string } & ActorEvent)
  | ({ type: 'application.resubmit' } & ActorEvent)
  | ({ type: 'application.withdraw' } & ActorEvent)
  | ({ type: 'agreement.sign'; customerId: string } & ActorEvent);

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * Agent registration and onboarding (DOMAIN.md §8): a public RSP or CCP application is reviewed step
 * by step along the configured chain, may be returned for documents and resubmitted, is rejected or
 * approved, and becomes an active agent once the agreement from the enabled template is signed.
 */
export const registrationWorkflow = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as RegistrationInput,
  },
  guards: {
    isApplicant: ({ context, event }) => event.actor.id === context.applicant.id,
    isCurrentReviewer: ({ context, event }) =>
      context.forwardedTo
        ? event.actor.id === context.forwardedTo
        : event.actor.role === context.chain[context.node]?.role,
    isLastStep: ({ context }) => context.node >= context.chain.length - 1,
    hasReason: ({ event }) => hasText((event as { reason?: unknown }).reason),
    isChannelStaff: ({ event }) => ['JS001', 'JS010', 'JS018'].includes(event.actor.role),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ ...input, node: 0 }),
  initial: 'inReview',
  states: {
    inReview: {
      description:
        'Step n of the chain reviews: agree moves on, reject ends it, return asks for documents (a reason is required).',
      on: {
        'review.agree': [
          {
            guard: and(['isCurrentReviewer', 'isLastStep']),
            target: 'toSign',
            actions: assign({ forwardedTo: undefined }),
          },
          {
            guard: 'isCurrentReviewer',
            target: 'inReview',
            reenter: true,
            actions: assign({ node: ({ context }) => context.node + 1, forwardedTo: undefined }),
          },
        ],
        'review.reject': {
          guard: and(['isCurrentReviewer', 'hasReason']),
          target: 'rejected',
          actions: assign({ reason: ({ event }) => event.reason }),
        },
        'review.return': {
          guard: and(['isCurrentReviewer', 'hasReason']),
          target: 'supplement',
          actions: assign({ reason: ({ event }) => event.reason, forwardedTo: undefined }),
        },
        'review.forward': {
          guard: 'isCurrentReviewer',
          description: 'Forwarded to another reviewer of the same role; the step stays.',
          actions: assign({ forwardedTo: ({ event }) => event.to }),
        },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    supplement: {
      description:
        'Returned for documents: the applicant completes the application and resubmits it under the same number.',
      on: {
        'application.resubmit': {
          guard: 'isApplicant',
          target: 'inReview',
          actions: assign({ node: 0, reason: undefined }),
        },
        'application.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    toSign: {
      description:
        'Approved: the agreement from the enabled template is signed, and the agent and its account are created.',
      on: {
        'agreement.sign': {
          guard: 'isChannelStaff',
          target: 'active',
          actions: assign({ customerId: ({ event }) => event.customerId }),
        },
      },
    },
    active: { type: 'final' },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});
