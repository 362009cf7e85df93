import { and, assign, setup } from 'xstate';
import { z } from 'zod';
import { CREDIT_LIMIT_MAX_YUAN, type CreditLimits } from '../../domain/credit-limits';
import { ROLE } from '../../domain/roles';
import type { ActorEvent, WorkflowActor } from './actor';
import { AWAITING_DECISION, defineWorkflow, payloads } from './declaration';

/** Who asks for a change of an agent's credit limit, and who decides it. */
export const CREDIT_LIMIT_REQUESTER = ROLE.salesOperations;
export const CREDIT_LIMIT_DECIDER = ROLE.finance;

/** A limit as a person types it: yuan, at most two decimals, within the sanity bound. */
const limitText = z
  .string()
  .trim()
  .regex(/^\d{1,11}(\.\d{1,2})?$/)
  .refine((text) => Number(text) <= CREDIT_LIMIT_MAX_YUAN);

/** What a request asks for: the own line's new limit (required), the partner line's, and why. */
export const creditLimitRequestSchema = z.object({
  CreditLimit: limitText,
  PartnerCreditLimit: limitText.nullish(),
  RequestReason: z.string().trim().min(1).max(500),
});
export type CreditLimitRequest = z.infer<typeof creditLimitRequestSchema>;

export interface CreditLimitChangeInput {
  applicant: WorkflowActor;
  customerId: string;
  /** The agent's limits when the request was made. */
  previous: CreditLimits;
}

export interface CreditLimitChangeContext extends CreditLimitChangeInput {
  requested?: CreditLimits;
  requestReason?: string;
  /** Finance's reason for a return or a rejection. */
  reason?: string;
  decidedBy?: WorkflowActor;
}

type Figures = { CreditLimit: string; PartnerCreditLimit?: string | null; RequestReason: string };

export type CreditLimitChangeEvent =
  | ({ type: 'request.submit' } & Figures & ActorEvent)
  | ({ type: 'request.withdraw'; reason?: string } & ActorEvent)
  | ({ type: 'review.agree'; comment?: string } & ActorEvent)
  | ({ type: 'review.return'; reason: string } & ActorEvent)
  | ({ type: 'review.reject'; reason: string } & ActorEvent);

const hasText = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/**
 * A change of an agent's credit limit (docs/credit-limits.md): the sales operations desk asks for the
 * own line's new limit — and the partner line's, for an agent with partner-line business — with a
 * reason; finance agrees, returns it with a reason to be corrected, or rejects it. The agreement
 * writes the new limits on the agent in its own transaction; until then the agent orders within the
 * old ones. Nobody edits a limit on the agent record.
 */
export const creditLimitChangeWorkflow = setup({
  types: {
    context: {} as CreditLimitChangeContext,
    events: {} as CreditLimitChangeEvent,
    input: {} as CreditLimitChangeInput,
  },
  guards: {
    isCreditRequester: ({ event }) => event.actor.role === CREDIT_LIMIT_REQUESTER,
    isCreditDecider: ({ event }) => event.actor.role === CREDIT_LIMIT_DECIDER,
    isApplicant: ({ context, event }) => event.actor.id === context.applicant.id,
    hasReason: ({ event }) => hasText((event as { reason?: unknown }).reason),
    mayRefuseLimit: and(['isCreditDecider', 'hasReason']),
  },
  actions: {
    takeRequest: assign({
      requested: ({ event }) => {
        const e = event as Figures;
        return { CreditLimit: e.CreditLimit ?? null, PartnerCreditLimit: e.PartnerCreditLimit ?? null };
      },
      requestReason: ({ event }) => (event as Figures).RequestReason,
      reason: undefined,
    }),
    keepDecision: assign({
      reason: ({ event }) => (event as { reason?: string }).reason,
      decidedBy: ({ event }) => event.actor,
    }),
  },
}).createMachine({
  id: 'creditLimitChange',
  context: ({ input }) => ({ ...input }),
  initial: 'draft',
  states: {
    draft: {
      description: 'The sales operations desk names the new limits and the reason; submitted at once.',
      on: {
        'request.submit': {
          guard: 'isCreditRequester',
          target: 'requested',
          actions: 'takeRequest',
          description: 'The new limits are amounts in yuan and the reason is written (the command’s schema).',
        },
      },
    },
    requested: {
      tags: [AWAITING_DECISION],
      description: 'Finance decides; the agent orders within its old limits meanwhile.',
      on: {
        'review.agree': {
          guard: 'isCreditDecider',
          target: 'approved',
          actions: 'keepDecision',
          description: 'The new limits are written on the agent in the same transaction.',
        },
        'review.return': { guard: 'mayRefuseLimit', target: 'returned', actions: 'keepDecision' },
        'review.reject': { guard: 'mayRefuseLimit', target: 'rejected', actions: 'keepDecision' },
      },
    },
    returned: {
      tags: [AWAITING_DECISION],
      description:
        'Back with finance’s reason to whoever asked, in their to-do: corrected and resubmitted, or withdrawn.',
      on: {
        'request.submit': { guard: 'isApplicant', target: 'requested', actions: 'takeRequest' },
        'request.withdraw': { guard: 'isApplicant', target: 'withdrawn' },
      },
    },
    approved: {
      type: 'final',
      description: 'The agent’s limits are the ones approved, until the next approval.',
    },
    rejected: { type: 'final' },
    withdrawn: { type: 'final' },
  },
});

/** Finance decides a request; a returned one waits for the person who asked (their to-do). */
function decider(snapshot: { value: unknown; context: unknown }) {
  const state = String(snapshot.value);
  if (state === 'requested') return { role: CREDIT_LIMIT_DECIDER };
  if (state === 'returned') {
    const { applicant } = snapshot.context as CreditLimitChangeContext;
    return { role: applicant.role, personId: applicant.id, personName: applicant.name };
  }
  return null;
}

/** Credit-limit requests on an agent: many per agent, one open at a time, decided on its record page. */
export const creditLimitChangeDeclaration = defineWorkflow({
  name: 'creditLimitChange',
  machine: creditLimitChangeWorkflow,
  subject: { resource: 'customer', streams: 'many' },
  chains: [],
  commands: {
    agree: { event: 'review.agree', payload: payloads.comment },
    return: { event: 'review.return', payload: payloads.reason, asks: 'reason' },
    reject: { event: 'review.reject', payload: payloads.reason, asks: 'reason' },
    resubmit: { event: 'request.submit', payload: creditLimitRequestSchema },
    withdraw: { event: 'request.withdraw', payload: payloads.optionalReason, asks: 'optionalReason' },
  },
  payloadGuards: ['hasReason'],
  decider,
  // 2: a returned request is the asker's to correct or withdraw, no longer any colleague's of the desk.
  version: 2,
  example: {
    input: {
      applicant: { id: 'ops-1', name: 'Sun (sales operations)', role: ROLE.salesOperations },
      customerId: '00000000-0000-4000-8000-000000000001',
      previous: { CreditLimit: '3000000.00', PartnerCreditLimit: null },
    },
    actors: [
      { id: 'ops-1', name: 'Sun (sales operations)', role: ROLE.salesOperations },
      { id: 'ops-2', name: 'Qian (sales operations)', role: ROLE.salesOperations },
      { id: 'finance-1', name: 'Zhou (finance)', role: ROLE.finance },
      { id: 'finance-2', name: 'Wu (finance)', role: ROLE.finance },
      { id: 'channel-1', name: 'Wang (channel)', role: ROLE.channelManager },
    ],
  },
});
