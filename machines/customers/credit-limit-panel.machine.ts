import { assign, emit, fromPromise, setup } from 'xstate';
import type { CreditLimitForm, CreditLimitOverview } from '../../services/credit-limit.service';
import { errorText } from '../kit/error-text';

const AMOUNT = /^\d{1,11}(\.\d{1,2})?$/;

/** What the dialog checks before sending, as the server does: amounts in yuan, a reason. */
export function creditLimitProblems(form: CreditLimitForm): Partial<Record<keyof CreditLimitForm, string>> {
  const problems: Partial<Record<keyof CreditLimitForm, string>> = {};
  if (!AMOUNT.test(form.CreditLimit.trim())) problems.CreditLimit = 'creditLimits.panel.amountHint';
  if (form.PartnerCreditLimit.trim() && !AMOUNT.test(form.PartnerCreditLimit.trim()))
    problems.PartnerCreditLimit = 'creditLimits.panel.amountHint';
  if (!form.RequestReason.trim()) problems.RequestReason = 'creditLimits.panel.reasonHint';
  return problems;
}

export interface CreditLimitPanelContext {
  objectId: string;
  overview?: CreditLimitOverview;
  form: CreditLimitForm;
  errors: Partial<Record<keyof CreditLimitForm, string>>;
  /** The open request was returned: the dialog corrects it instead of starting another. */
  correcting: boolean;
  error?: string;
  refusal?: string;
}

export type CreditLimitPanelEvent =
  | { type: 'request.open' }
  | { type: 'form.change'; field: keyof CreditLimitForm; value: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'panel.reload' };

const formFrom = (overview: CreditLimitOverview | undefined, correcting: boolean): CreditLimitForm => {
  const open = correcting ? overview?.Requests[0] : undefined;
  const limits = open?.Requested ?? overview?.Current;
  return {
    CreditLimit: limits?.CreditLimit ?? '',
    PartnerCreditLimit: limits?.PartnerCreditLimit ?? '',
    RequestReason: open?.RequestReason ?? '',
  };
};

/**
 * The credit panel of an agent's record page (docs/credit-limits.md): the limits read-only, the
 * requests with their decisions, and — for the sales operations desk — a request, or the correction
 * of one finance returned. Finance's decisions are the decision statechart's.
 */
export const creditLimitPanelMachine = setup({
  types: {
    context: {} as CreditLimitPanelContext,
    events: {} as CreditLimitPanelEvent,
    input: {} as { objectId: string },
    emitted: {} as { type: 'notify'; severity: 'success' | 'error'; message: string } | { type: 'changed' },
    tags: {} as 'busy',
  },
  actors: {
    loadCreditLimits: fromPromise<CreditLimitOverview, string>(async () => ({
      Current: { CreditLimit: null, PartnerCreditLimit: null },
      HasPartnerLine: false,
      MayRequest: false,
      MayCorrect: false,
      Requests: [],
    })),
    sendCreditLimit: fromPromise<unknown, { objectId: string; form: CreditLimitForm; correcting: boolean }>(
      async () => undefined,
    ),
  },
  guards: {
    mayOpen: ({ context }) => Boolean(context.overview?.MayRequest || context.overview?.MayCorrect),
    formValid: ({ context }) => Object.keys(creditLimitProblems(context.form)).length === 0,
  },
}).createMachine({
  id: 'creditLimitPanel',
  context: ({ input }) => ({
    objectId: input.objectId,
    form: formFrom(undefined, false),
    errors: {},
    correcting: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadCreditLimits',
        src: 'loadCreditLimits',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'ready',
          actions: assign({ overview: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'unavailable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    unavailable: {
      description: 'The limits could not be read: nothing is offered until they are read again.',
      on: { 'panel.reload': 'loading' },
    },
    ready: {
      description: 'Offers a request only where the server says the caller may make or correct one.',
      on: {
        'request.open': {
          guard: 'mayOpen',
          target: 'editing',
          actions: assign(({ context }) => {
            const correcting = Boolean(context.overview?.MayCorrect);
            return {
              correcting,
              form: formFrom(context.overview, correcting),
              errors: {},
              refusal: undefined,
            };
          }),
        },
        'panel.reload': 'loading',
      },
    },
    editing: {
      description: 'The dialog names each wrong field; nothing is sent until all are right.',
      on: {
        'form.change': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, [event.field]: event.value }),
            errors: ({ context, event }) => ({ ...context.errors, [event.field]: undefined }),
          }),
        },
        'dialog.confirm': [
          { guard: 'formValid', target: 'submitting' },
          { actions: assign({ errors: ({ context }) => creditLimitProblems(context.form) }) },
        ],
        'dialog.cancel': 'ready',
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'sendCreditLimit',
        src: 'sendCreditLimit',
        input: ({ context }) => ({
          objectId: context.objectId,
          form: context.form,
          correcting: context.correcting,
        }),
        onDone: {
          target: 'loading',
          description: 'Sent to finance: the panel and the record are read again.',
          actions: [
            emit({ type: 'notify', severity: 'success', message: 'creditLimits.panel.sent' }),
            emit({ type: 'changed' }),
          ],
        },
        onError: {
          target: 'editing',
          description:
            'Refused (a field, a request someone else just opened): the reason stays in the dialog.',
          actions: assign({ refusal: ({ event }) => errorText(event.error) }),
        },
      },
    },
  },
});
