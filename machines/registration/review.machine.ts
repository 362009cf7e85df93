import { assign, emit, fromPromise, setup } from 'xstate';
import type { ReviewOptions } from '../../services/registration.service';

export type ReviewDecision = 'agree' | 'reject' | 'return';

export interface ReviewContext {
  objectId: string;
  options?: ReviewOptions;
  /** The decision waiting for its reason (reject and return need one). */
  decision?: 'reject' | 'return';
  reason: string;
  reasonMissing: boolean;
  error?: string;
}

export type ReviewEvent =
  | { type: 'review.agree' }
  | { type: 'review.reject' }
  | { type: 'review.return' }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'agreement.sign' }
  | { type: 'options.reload' };

export interface DecideInput {
  ObjectID: string;
  action: ReviewDecision;
  reason?: string;
  WorkflowVersion: number;
}

export type ReviewEmitted =
  | { type: 'notify'; severity: 'success' | 'error'; message: string }
  | { type: 'decided' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const allows = (context: ReviewContext, event: string) => context.options?.Allowed.includes(event) ?? false;

/**
 * A reviewer's decision on a registration (SPEC §7 processApproval): the server says which decisions
 * are open to this reviewer now; reject and return need a reason; a decision taken on an outdated
 * version is refused by the server, told, and the options are loaded again.
 */
export const reviewMachine = setup({
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as { objectId: string },
    emitted: {} as ReviewEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadOptions: fromPromise<ReviewOptions, string>(async () => ({
      State: 'inReview',
      WorkflowVersion: 1,
      Allowed: [],
    })),
    decide: fromPromise<unknown, DecideInput>(async () => undefined),
    sign: fromPromise<unknown, string>(async () => undefined),
  },
  guards: {
    mayAgree: ({ context }) => allows(context, 'review.agree'),
    mayReject: ({ context }) => allows(context, 'review.reject'),
    mayReturn: ({ context }) => allows(context, 'review.return'),
    maySign: ({ context }) => allows(context, 'agreement.sign'),
    hasReason: ({ context }) => context.reason.trim().length > 0,
  },
  actions: {
    notifyFailure: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorText((event as { error?: unknown }).error),
    })),
  },
}).createMachine({
  id: 'registrationReview',
  context: ({ input }) => ({ objectId: input.objectId, reason: '', reasonMissing: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'ready',
          actions: assign({ options: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'unavailable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    unavailable: { on: { 'options.reload': 'loading' } },
    ready: {
      description: 'Only the decisions the server allows this reviewer now are offered.',
      on: {
        'review.agree': {
          guard: 'mayAgree',
          target: 'submitting',
          actions: assign({ decision: undefined, reason: '' }),
        },
        'review.reject': {
          guard: 'mayReject',
          target: 'deciding',
          actions: assign({ decision: 'reject' as const }),
        },
        'review.return': {
          guard: 'mayReturn',
          target: 'deciding',
          actions: assign({ decision: 'return' as const }),
        },
        'agreement.sign': { guard: 'maySign', target: 'signing' },
        'options.reload': 'loading',
      },
    },
    deciding: {
      description: 'Reject and return are sent only with a reason.',
      entry: assign({ reason: '', reasonMissing: false }),
      on: {
        'reason.change': { actions: assign({ reason: ({ event }) => event.reason, reasonMissing: false }) },
        'decision.confirm': [
          { guard: 'hasReason', target: 'submitting' },
          { actions: assign({ reasonMissing: true }) },
        ],
        'decision.cancel': { target: 'ready', actions: assign({ decision: undefined }) },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({
          ObjectID: context.objectId,
          action: context.decision ?? 'agree',
          reason: context.decision ? context.reason.trim() : undefined,
          WorkflowVersion: context.options?.WorkflowVersion ?? 0,
        }),
        onDone: {
          target: 'loading',
          actions: [
            assign({ decision: undefined, reason: '' }),
            emit({ type: 'notify', severity: 'success', message: 'registration.review.decided' }),
            emit({ type: 'decided' }),
          ],
        },
        onError: {
          target: 'loading',
          description: 'Outdated or refused: told, then the options reload.',
          actions: 'notifyFailure',
        },
      },
    },
    signing: {
      tags: 'busy',
      invoke: {
        id: 'sign',
        src: 'sign',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'loading',
          actions: [
            emit({ type: 'notify', severity: 'success', message: 'registration.review.signed' }),
            emit({ type: 'decided' }),
          ],
        },
        onError: { target: 'loading', actions: 'notifyFailure' },
      },
    },
  },
});
