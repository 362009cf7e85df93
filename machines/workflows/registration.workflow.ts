import { and, assign, setup } from 'xstate';
import type { ActorEvent, WorkflowActor } from './actor';
import { decidesNow } from './approval.workflow';

/**
 * One review step of the configured chain: its name (for the progress page), the role that decides
 * and, when the configuration names one, the person (then only they, or whoever they forward to).
 */
export interface ReviewStep {
  step: string;
  role: string;
  approver?: string;
  approverName?: string;
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
  /** Decisions taken so far (agree, reject, return): the applicant withdraws only before the first. */
  decisions: number;
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
    isCurrentReviewer: ({ context, event }) => decidesNow(context, event.actor),
    isLastStep: ({ context }) => context.node >= context.chain.length - 1,
    hasReason: ({ event }) => hasText((event as { reason?: unknown }).reason),
    noDecisionYet: ({ context }) => context.decisions === 0,
    isChannelStaff: ({ event }) => ['JS001', 'JS010', 'JS018'].includes(event.actor.role),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'inReview',
  states: {
    inReview: {
      description:
        'Step n of the chain reviews (the person the configuration names, else anyone of its role): agree moves on, reject ends it, return asks for documents (a reason is required).',
      on: {
        'review.agree': [
          {
            guard: and(['isCurrentReviewer', 'isLastStep']),
            target: 'toSign',
            actions: assign({ decisions: ({ context }) => context.decisions + 1, forwardedTo: undefined }),
          },
          {
            guard: 'isCurrentReviewer',
            target: 'inReview',
            reenter: true,
            actions: assign({
              node: ({ context }) => context.node + 1,
              decisions: ({ context }) => context.decisions + 1,
              forwardedTo: undefined,
            }),
          },
        ],
        'review.reject': {
          guard: and(['isCurrentReviewer', 'hasReason']),
          target: 'rejected',
          actions: assign({
            reason: ({ event }) => event.reason,
            decisions: ({ context }) => context.decisions + 1,
          }),
        },
        'review.return': {
          guard: and(['isCurrentReviewer', 'hasReason']),
          target: 'supplement',
          actions: assign({
            reason: ({ event }) => event.reason,
            decisions: ({ context }) => context.decisions + 1,
            forwardedTo: undefined,
          }),
        },
        'review.forward': {
          guard: 'isCurrentReviewer',
          description: 'Forwarded to another reviewer of the same role; the step stays.',
          actions: assign({ forwardedTo: ({ event }) => event.to }),
        },
        'application.withdraw': {
          guard: and(['isApplicant', 'noDecisionYet']),
          target: 'withdrawn',
          description:
            'The applicant may withdraw only before the first decision (a resubmitted application has had one).',
        },
      },
    },
    supplement: {
      description:
        'Returned for documents: the applicant completes the application and resubmits it under the same number, or withdraws it.',
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
