import { and, assign, emit, fromPromise, setup } from 'xstate';
import type { DecisionOptions, DecisionPosition, DecisionRequest } from '../../domain/workflow-decisions';
import {
  changedLine,
  type DecisionForm,
  type DecisionProblems,
  decisionPayload,
  decisionProblems,
  emptyDecisionForm,
  isAnswered,
} from './decision.rules';
import { errorText } from './error-text';

/** A record's workflow; a record with several streams (an agent's applications) names the one meant. */
export interface DecisionInput {
  workflow: string;
  objectId: string;
  streamId?: string;
}

type Command = DecisionOptions['Commands'][number];

export interface DecisionContext extends DecisionInput {
  options?: DecisionOptions;
  /** The command in hand: asked for in the dialog, then sent. */
  command?: Command;
  form: DecisionForm;
  problems: DecisionProblems;
  /** Why the options could not be read. */
  error?: string;
  /** The server's words when it refused the last decision; shown until the next one. */
  refusal?: string;
  /** Where the browser says the person is, for a command that asks for the position. */
  position?: DecisionPosition;
}

export type DecisionEvent =
  | { type: 'command.choose'; command: string }
  | { type: 'reason.change'; reason: string }
  | { type: 'amount.change'; amount: string }
  | { type: 'date.change'; date: string }
  | { type: 'lossReason.change'; lossReason: string }
  | { type: 'position.change'; latitude?: string; longitude?: string }
  | { type: 'colleague.pick'; to: string; toName: string }
  | {
      type: 'line.change';
      lineNo: number;
      quantity?: string;
      inspection?: 'good' | 'damaged';
      /** The units chosen by serial, where the line was lent with serials. */
      serials?: string[];
    }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'options.reload' };

export type DecisionEmitted =
  | {
      type: 'notify';
      severity: 'success' | 'error';
      message: string;
      command?: string;
      state?: string;
      /** Whom a forward handed the step to, as the server's directory names them. */
      to?: string;
    }
  | { type: 'decided'; command: string }
  | { type: 'refused'; message: string };

const commandNamed = (context: DecisionContext, name: string) =>
  context.options?.Commands.find((c) => c.Name === name);

/**
 * A person's decision on a record's workflow through the one decision layer (docs/workflows.md): the
 * server says what this person may do now; a command that asks for a reason or a colleague opens the
 * dialog first; every decision carries the version the person saw; the server answers a decision with
 * the options after it, and a refusal with its reason, after which the options are read again.
 */
export const decisionMachine = setup({
  types: {
    context: {} as DecisionContext,
    events: {} as DecisionEvent,
    input: {} as DecisionInput,
    emitted: {} as DecisionEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadOptions: fromPromise<DecisionOptions, DecisionInput>(async () => {
      throw new Error('loadOptions is provided by decision.actors.ts');
    }),
    decide: fromPromise<DecisionOptions, DecisionRequest>(async () => {
      throw new Error('decide is provided by decision.actors.ts');
    }),
    locate: fromPromise<DecisionPosition>(async () => {
      throw new Error('locate is provided by decision.actors.ts');
    }),
  },
  guards: {
    mayDecide: ({ context, event }) =>
      event.type === 'command.choose' && commandNamed(context, event.command) !== undefined,
    needsNoInput: ({ context, event }) =>
      event.type === 'command.choose' && !commandNamed(context, event.command)?.Asks,
    asksPosition: ({ context, event }) =>
      event.type === 'command.choose' && commandNamed(context, event.command)?.Asks === 'position',
    isAnswered: ({ context }) =>
      isAnswered(context.command?.Asks ?? null, context.form, context.options?.Lines),
  },
  actions: {
    takeCommand: assign({
      command: ({ context, event }) =>
        event.type === 'command.choose' ? commandNamed(context, event.command) : undefined,
      form: () => emptyDecisionForm(),
      problems: {},
      refusal: undefined,
      position: undefined,
    }),
    dropCommand: assign({
      command: undefined,
      form: () => emptyDecisionForm(),
      problems: {},
      position: undefined,
    }),
    // A failed actor (the browser's position, the server's decision): its words stay on the panel and
    // the person is told.
    keepRefusal: assign({ refusal: ({ event }) => errorText((event as { error?: unknown }).error) }),
    tellRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorText((event as { error?: unknown }).error),
    })),
  },
}).createMachine({
  id: 'decision',
  context: ({ input }) => ({ ...input, form: emptyDecisionForm(), problems: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        input: ({ context }) => ({
          workflow: context.workflow,
          objectId: context.objectId,
          streamId: context.streamId,
        }),
        onDone: {
          target: 'ready',
          description:
            'The stream first found is kept: once it is decided it is still the one shown, not the next open one.',
          actions: assign({
            options: ({ event }) => event.output,
            streamId: ({ context, event }) => context.streamId ?? event.output.StreamID,
            error: undefined,
          }),
        },
        onError: { target: 'unavailable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    unavailable: {
      description:
        'The options could not be read (out of scope, no such stream): nothing is offered until read again.',
      on: { 'options.reload': 'loading' },
    },
    ready: {
      description: "Offers exactly the server's commands for this person now, and nothing else.",
      on: {
        'command.choose': [
          {
            guard: and(['mayDecide', 'needsNoInput']),
            target: 'submitting',
            description: 'A command that asks nothing (agree, resubmit, sign) is sent at once.',
            actions: 'takeCommand',
          },
          {
            guard: and(['mayDecide', 'asksPosition']),
            target: 'locating',
            description:
              'A check-in asks the browser where the person is first: the dialog opens only when it cannot say.',
            actions: 'takeCommand',
          },
          {
            guard: 'mayDecide',
            target: 'asking',
            description:
              'Reject and return ask for a reason, withdraw for an optional one, forward for a colleague of the step’s role, a loan’s return or conversion for the units per line.',
            actions: 'takeCommand',
          },
        ],
        'options.reload': 'loading',
      },
    },
    asking: {
      description: 'The dialog names each missing or wrong field; nothing is sent until it is right.',
      on: {
        'reason.change': {
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, reason: event.reason }),
            problems: ({ context }) => ({ ...context.problems, reason: undefined }),
          }),
        },
        'amount.change': {
          description: 'The figure an objection proposes instead, typed in the same dialog as its reason.',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, amount: event.amount }),
            problems: ({ context }) => ({ ...context.problems, amount: undefined }),
          }),
        },
        'lossReason.change': {
          description: 'The loss reason a lost deal names, chosen from its dictionary.',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, lossReason: event.lossReason }),
            problems: ({ context }) => ({ ...context.problems, lossReason: undefined }),
          }),
        },
        'date.change': {
          description: 'The later due date an extension gives, picked in the dialog.',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, date: event.date }),
            problems: ({ context }) => ({ ...context.problems, date: undefined }),
          }),
        },
        'position.change': {
          description: 'A check-in’s position typed in degrees, when the browser could not say it.',
          actions: assign({
            form: ({ context, event }) => ({
              ...context.form,
              latitude: event.latitude ?? context.form.latitude,
              longitude: event.longitude ?? context.form.longitude,
            }),
            problems: ({ context, event }) => ({
              ...context.problems,
              ...(event.latitude !== undefined ? { latitude: undefined } : {}),
              ...(event.longitude !== undefined ? { longitude: undefined } : {}),
            }),
          }),
        },
        'colleague.pick': {
          description: 'Picked among the enabled employees of the role the step waits for.',
          actions: assign({
            form: ({ context, event }) => ({ ...context.form, to: event.to, toName: event.toName }),
            problems: ({ context }) => ({ ...context.problems, to: undefined }),
          }),
        },
        'line.change': {
          description:
            'How many units of a line still open — chosen by serial where it was lent with serials — and for a return what inspection found.',
          actions: assign({
            form: ({ context, event }) => ({
              ...context.form,
              lines: {
                ...context.form.lines,
                [event.lineNo]: changedLine(context.form.lines[event.lineNo], event),
              },
            }),
            problems: ({ context }) => ({ ...context.problems, lines: undefined }),
          }),
        },
        'dialog.confirm': [
          { guard: 'isAnswered', target: 'submitting' },
          {
            description:
              'A reason where required (at most 500 characters), someone to forward to, some units of the lines still open and none past what is open.',
            actions: assign({
              problems: ({ context }) =>
                decisionProblems(context.command?.Asks ?? null, context.form, context.options?.Lines),
            }),
          },
        ],
        'dialog.cancel': { target: 'ready', actions: 'dropCommand' },
      },
    },
    locating: {
      tags: 'busy',
      invoke: {
        id: 'locate',
        src: 'locate',
        onDone: {
          target: 'submitting',
          description: 'The position and its accuracy as the browser reported them go with the command.',
          actions: assign({ position: ({ event }) => event.output }),
        },
        onError: {
          target: 'asking',
          description:
            'The browser may not or cannot say where the person is: they are told why, and type the position instead.',
          actions: 'keepRefusal',
        },
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({
          workflow: context.workflow,
          ObjectID: context.objectId,
          ...(context.streamId ? { StreamID: context.streamId } : {}),
          command: context.command?.Name ?? '',
          payload: context.position ?? decisionPayload(context.command?.Asks ?? null, context.form),
          WorkflowVersion: context.options?.WorkflowVersion ?? 0,
        }),
        onDone: {
          target: 'ready',
          description:
            'Decided: the answer is the options after the decision, so the buttons change with it; the person is told and the record page reloads its record.',
          actions: [
            // A check-in typed after the browser could not locate went through: its words are done with.
            assign({ options: ({ event }) => event.output, refusal: undefined }),
            emit(({ context, event }) => ({
              type: 'notify' as const,
              severity: 'success' as const,
              message: 'decision.done',
              command: context.command?.Name,
              // The state the record is in after it, so the words say where it went.
              state: event.output?.State,
              ...(context.command?.Asks === 'colleague'
                ? { to: event.output?.Decider?.PersonName ?? (context.form.toName || undefined) }
                : {}),
            })),
            emit(({ context }) => ({ type: 'decided' as const, command: context.command?.Name ?? '' })),
            'dropCommand',
          ],
        },
        onError: {
          target: 'loading',
          description:
            'Refused (a stale version — someone else decided first —, not your step, a colleague of another role): the server’s words stay on the panel and the options reload.',
          actions: [
            'keepRefusal',
            'tellRefusal',
            emit(({ event }) => ({ type: 'refused' as const, message: errorText(event.error) })),
            'dropCommand',
          ],
        },
      },
    },
  },
});
