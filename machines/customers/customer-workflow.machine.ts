import { and, assign, emit, fromPromise, setup } from 'xstate';
import type {
  CustomerApplication,
  CustomerApplications,
  WorkflowRequest,
} from '../../services/customer-workflow.service';
import type { ChangeKind } from '../workflows/customer-change.rules';
import {
  type Decision,
  EVENT_OF,
  emptyForm,
  formProblems,
  isImmediate,
  openApplication,
  type Pending,
  requestFor,
  type WorkflowForm,
} from './customer-workflow.rules';

export interface CustomerWorkflowContext {
  objectId: string;
  overview?: CustomerApplications;
  pending?: Pending;
  form: WorkflowForm;
  errors: Partial<Record<keyof WorkflowForm, string>>;
  /** Why the list could not be read. */
  error?: string;
  /** The server's words when it refused the last action; shown until the next one. */
  refusal?: string;
}

export type CustomerWorkflowEvent =
  | { type: 'apply.start'; kind: ChangeKind }
  | { type: 'decision.start'; decision: Decision }
  | { type: 'form.change'; field: 'termMonths' | 'reason' | 'days'; value: string | number }
  | { type: 'forward.pick'; to: string; toName: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'panel.reload' };

export type CustomerWorkflowEmitted =
  | { type: 'notify'; severity: 'success' | 'error'; message: string }
  | { type: 'changed' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const openOf = (context: CustomerWorkflowContext): CustomerApplication | undefined =>
  openApplication(context.overview?.Applications);

/**
 * The customer-workflow panel of an agent's detail page (docs/customer-workflows.md): the agent's
 * applications, a new application of a kind the agent qualifies for now, and the decisions the server
 * allows this person on the open one. Dialogs check what the server checks; every decision carries the
 * version the person saw, so a stale one is refused; after any action the list is read again.
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
    submit: fromPromise<unknown, WorkflowRequest>(async () => undefined),
  },
  guards: {
    mayStart: ({ context, event }) =>
      event.type === 'apply.start' && (context.overview?.Startable ?? []).includes(event.kind),
    mayDecide: ({ context, event }) =>
      event.type === 'decision.start' && (openOf(context)?.Allowed ?? []).includes(EVENT_OF[event.decision]),
    needsNoInput: ({ event }) => event.type === 'decision.start' && isImmediate(event.decision),
    formValid: ({ context }) =>
      context.pending !== undefined && Object.keys(formProblems(context.pending, context.form)).length === 0,
  },
  actions: {
    clearForm: assign({ form: () => emptyForm(), errors: {}, refusal: undefined }),
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
        'Offers a new application only of the kinds the server lists as startable (none while one is open), and on the open application only the events it allows this person.',
      entry: assign({ pending: undefined }),
      on: {
        'apply.start': {
          guard: 'mayStart',
          target: 'editing',
          description: 'Every application opens its dialog: its inputs, or a confirmation.',
          actions: [
            'clearForm',
            assign({ pending: ({ event }) => ({ call: 'apply' as const, kind: event.kind }) }),
          ],
        },
        'decision.start': [
          {
            guard: and(['mayDecide', 'needsNoInput']),
            target: 'submitting',
            description: 'Agree and resubmit are sent at once.',
            actions: [
              'clearForm',
              assign({ pending: ({ event }) => ({ call: 'decide' as const, decision: event.decision }) }),
            ],
          },
          {
            guard: 'mayDecide',
            target: 'editing',
            description:
              'Reject and return ask for a reason, forward for an employee, withdraw for a confirmation.',
            actions: [
              'clearForm',
              assign({ pending: ({ event }) => ({ call: 'decide' as const, decision: event.decision }) }),
            ],
          },
        ],
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
        'forward.pick': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, to: event.to, toName: event.toName }),
            errors: ({ context }) => ({ ...context.errors, to: undefined }),
          }),
        },
        'dialog.confirm': [
          { guard: 'formValid', target: 'submitting' },
          {
            description: 'A reason where required, 180–3650 days, a term of 12/24/36, someone to forward to.',
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
            context.pending ?? { call: 'decide', decision: 'agree' },
            context.form,
            context.objectId,
            context.overview?.ChannelType ?? null,
            openOf(context),
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
            'Refused (a stale version, a rule, someone else first): the reason is shown and the list reloads.',
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
