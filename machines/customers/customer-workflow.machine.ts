import { assign, emit, fromPromise, setup } from 'xstate';
import type { ApplyRequest, CustomerApplications } from '../../services/customer-workflow.service';
import { errorText } from '../kit/error-text';
import type { ChangeKind } from '../workflows/customer-change.rules';
import { type ApplicationForm, emptyForm, formProblems, requestFor } from './customer-workflow.rules';

export interface CustomerWorkflowContext {
  objectId: string;
  overview?: CustomerApplications;
  /** The kind of application whose dialog is open. */
  pending?: ChangeKind;
  form: ApplicationForm;
  errors: Partial<Record<keyof ApplicationForm, string>>;
  /** Why the list could not be read. */
  error?: string;
  /** The server's words when it refused the last application; shown until the next one. */
  refusal?: string;
}

export type CustomerWorkflowEvent =
  | { type: 'apply.start'; kind: ChangeKind }
  | { type: 'form.change'; field: keyof ApplicationForm; value: string | number }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'panel.reload' };

export type CustomerWorkflowEmitted =
  | { type: 'notify'; severity: 'success' | 'error'; message: string }
  | { type: 'changed' };

/**
 * The customer-workflow panel of an agent's detail page (docs/customer-workflows.md): the agent's
 * applications, and a new application of a kind the agent qualifies for now. Its dialogs check what
 * the server checks; after an application the list is read again. Decisions on the open application
 * are the decision statechart's (machines/kit/decision.machine.ts).
 */
export const customerWorkflowMachine = setup({
  types: {
    context: {} as CustomerWorkflowContext,
    events: {} as CustomerWorkflowEvent,
    input: {} as { objectId: string },
    emitted: {} as CustomerWorkflowEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadApplications: fromPromise<CustomerApplications, string>(async () => ({
      Today: '',
      Status: '',
      ChannelType: null,
      Startable: [],
      Applications: [],
    })),
    submit: fromPromise<unknown, ApplyRequest>(async () => undefined),
  },
  guards: {
    mayStart: ({ context, event }) =>
      event.type === 'apply.start' && (context.overview?.Startable ?? []).includes(event.kind),
    formValid: ({ context }) =>
      context.pending !== undefined && Object.keys(formProblems(context.pending, context.form)).length === 0,
  },
}).createMachine({
  id: 'customerWorkflow',
  context: ({ input }) => ({ objectId: input.objectId, form: emptyForm(), errors: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadApplications',
        src: 'loadApplications',
        input: ({ context }) => context.objectId,
        onDone: {
          target: 'ready',
          actions: assign({ overview: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'unavailable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    unavailable: {
      description: 'The list could not be read: nothing is offered until it is read again.',
      on: { 'panel.reload': 'loading' },
    },
    ready: {
      description:
        'Offers a new application only of the kinds the server lists as startable (none while one is open).',
      entry: assign({ pending: undefined }),
      on: {
        'apply.start': {
          guard: 'mayStart',
          target: 'editing',
          description: 'Every application opens its dialog: its inputs, or a confirmation.',
          actions: assign({
            pending: ({ event }) => event.kind,
            form: () => emptyForm(),
            errors: {},
            refusal: undefined,
          }),
        },
        'panel.reload': {
          target: 'loading',
          description: 'A decision on the open application was taken or refused: the list is read again.',
        },
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
          {
            description: 'A reason for suspension and blacklist, 180–3650 days, a term of 12/24/36.',
            actions: assign({
              errors: ({ context }) => (context.pending ? formProblems(context.pending, context.form) : {}),
            }),
          },
        ],
        'dialog.cancel': 'ready',
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) =>
          requestFor(
            context.pending ?? 'renewal',
            context.form,
            context.objectId,
            context.overview?.ChannelType ?? null,
          ),
        onDone: {
          target: 'loading',
          description: 'Done: the list and the record are read again.',
          actions: [
            emit({ type: 'notify', severity: 'success', message: 'customerWorkflow.done' }),
            emit({ type: 'changed' }),
          ],
        },
        onError: {
          target: 'loading',
          description:
            'Refused (a rule, an application someone else just opened): the reason is shown and the list reloads.',
          actions: [
            assign({ refusal: ({ event }) => errorText(event.error) }),
            emit(({ event }) => ({
              type: 'notify' as const,
              severity: 'error' as const,
              message: errorText(event.error),
            })),
          ],
        },
      },
    },
  },
});
