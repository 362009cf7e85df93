import { and, assign, setup } from 'xstate';
import type { ActorEvent, WorkflowActor } from './actor';
import { type ChainProgress, chainGuards, decisions } from './approval.states';

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

export interface RegistrationContext extends RegistrationInput, Omit<ChainProgress, 'chain'> {
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
    isApplicant: chainGuards.isApplicant,
    isCurrentReviewer: chainGuards.isCurrentApprover,
    isLastStep: chainGuards.isLastNode,
    hasReason: chainGuards.hasReason,
    noDecisionYet: chainGuards.noDecisionYet,
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
          decisions.finish(and(['isCurrentReviewer', 'isLastStep']), 'toSign'),
          decisions.advance('isCurrentReviewer', 'inReview', true),
        ],
        'review.reject': decisions.reject(and(['isCurrentReviewer', 'hasReason']), 'rejected'),
        'review.return': decisions.giveBack(and(['isCurrentReviewer', 'hasReason']), 'supplement'),
        'review.forward': decisions.forward(
          'isCurrentReviewer',
          'Forwarded to another reviewer of the same role; the step stays.',
        ),
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
