import { type AnyMachineSnapshot, and, assign, setup } from 'xstate';
import { CustomerProcessType, CustomerStatus } from '../../domain/codes/customers.codes';
import { NUMBER_PREFIX } from '../../domain/numbering';
import { CHANNEL_STAFF, ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { type ChainProgress, chainDecider, chainGuards, decisions } from './approval.states';
import { AWAITING_DECISION, chainDecisionCommands, defineWorkflow, payloads } from './declaration';

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
  { step: 'preReview', role: ROLE.channelManager },
  { step: 'qualificationReview', role: ROLE.channelDepartment },
  { step: 'riskReview', role: ROLE.finance },
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
    forwardsToColleague: chainGuards.forwardsToColleague,
    isChannelStaff: ({ event }) => CHANNEL_STAFF.includes(event.actor.role),
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({ ...input, node: 0, decisions: 0 }),
  initial: 'inReview',
  states: {
    inReview: {
      tags: [AWAITING_DECISION],
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

/** Process types of the public registrations (dictionary CustomerProcessType). */
export const REGISTRATION_PROCESS_TYPES = {
  RSP: CustomerProcessType.rspOnboarding,
  CCP: CustomerProcessType.ccpOnboarding,
} as const;

/** CustomerStatus keywords the registration record shows for each review step (dictionary CustomerStatus). */
const STEP_STATUS: Record<string, string> = {
  preReview: CustomerStatus.preReview,
  qualificationReview: CustomerStatus.qualificationReview,
  riskReview: CustomerStatus.riskReview,
};
const STATE_STATUS: Record<string, string> = {
  supplement: CustomerStatus.awaitingDocuments,
  toSign: CustomerStatus.awaitingSignature,
  active: CustomerStatus.active,
  rejected: CustomerStatus.rejected,
  withdrawn: CustomerStatus.terminated,
};

/** The status and step a registration record shows for a state of its review. */
export function registrationStatus(snapshot: AnyMachineSnapshot): { status: string; step: string } {
  const context = snapshot.context as RegistrationContext;
  const state = String(snapshot.value);
  if (state === 'inReview') {
    const step = context.chain[context.node]?.step ?? 'preReview';
    return { status: STEP_STATUS[step] ?? STEP_STATUS.preReview, step };
  }
  return { status: STATE_STATUS[state] ?? STATE_STATUS.rejected, step: state };
}

/** Public RSP and CCP registrations, reviewed at registrar approval (/customers/registrar-approval). */
export const registrationDeclaration = defineWorkflow({
  name: 'registration',
  machine: registrationWorkflow,
  subject: { resource: 'registrationInfo', streams: 'onePerSubject' },
  numberPrefix: NUMBER_PREFIX.registration,
  chains: Object.values(REGISTRATION_PROCESS_TYPES).map((processType) => ({
    processType,
    defaultRoles: defaultRegistrationChain.map((s) => s.role),
  })),
  commands: {
    ...chainDecisionCommands('review'),
    resubmit: { event: 'application.resubmit', payload: payloads.none },
    withdraw: { event: 'application.withdraw', payload: payloads.optionalReason },
    sign: { event: 'agreement.sign', payload: payloads.none },
  },
  payloadGuards: ['hasReason'],
  decider: chainDecider,
  example: {
    input: {
      chain: defaultRegistrationChain,
      applicant: { id: 'applicant:1', name: 'Zhou (applicant)', role: 'applicant' },
    },
    actors: [
      { id: 'applicant:1', name: 'Zhou (applicant)', role: 'applicant' },
      { id: 'channel-1', name: 'Wang (channel)', role: ROLE.channelManager },
      { id: 'channel-2', name: 'Li (channel)', role: ROLE.channelManager },
      { id: 'department-1', name: 'Zhao (channel dept.)', role: ROLE.channelDepartment },
      { id: 'finance-1', name: 'Sun (finance)', role: ROLE.finance },
      { id: 'agent-1', name: 'Chen (RSP staff)', role: ROLE.rspAgent },
    ],
  },
  projection: (snapshot) => {
    const { status, step } = registrationStatus(snapshot);
    const reason = (snapshot.context as RegistrationContext).reason;
    return { ExtCustomerStatus_SDK: status, ApprovalNode: step, ExtReturnReason_SDK: reason ?? '' };
  },
});
