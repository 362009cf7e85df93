import { assign, emit, fromPromise, setup } from 'xstate';
import type {
  OpportunityParticipant,
  OpportunityParticipants,
} from '../../services/opportunity-participants.service';
import { errorText } from '../kit/error-text';
import { namedField } from '../kit/field-refusal';

export type { OpportunityParticipant, OpportunityParticipants };

/** One change asked for, as the server's commands take it. */
export type ParticipantChange =
  | { kind: 'add'; agentName: string; role: string }
  | { kind: 'change'; id: string; role: string }
  | { kind: 'remove'; id: string };

/** A refused change: the server's sentence, the field it names, and the change it refused. */
export interface ParticipantRefusal {
  message: string;
  field?: string;
  change: ParticipantChange;
}

export interface OpportunityParticipantsContext {
  opportunityId: string;
  rows: OpportunityParticipant[];
  /** The server's answer to whether the caller keeps the deal's agents now (open deal, its keeper). */
  canKeep: boolean;
  error?: string;
  refusal?: ParticipantRefusal;
  /** The added agent awaiting the remove's confirmation. */
  removing?: OpportunityParticipant;
  /** The change being sent. */
  pending?: ParticipantChange;
  /** Counts the changes made, so the add form starts empty after each. */
  saves: number;
}

export type OpportunityParticipantsEvent =
  | { type: 'participant.add'; agentName: string; role: string }
  | { type: 'participant.change'; id: string; role: string }
  | { type: 'participant.remove'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' };

const changeOf = (
  event: OpportunityParticipantsEvent,
  context: OpportunityParticipantsContext,
): ParticipantChange => {
  if (event.type === 'participant.add') return { kind: 'add', agentName: event.agentName, role: event.role };
  if (event.type === 'participant.change') return { kind: 'change', id: event.id, role: event.role };
  return { kind: 'remove', id: context.removing?.ObjectID ?? '' };
};

/**
 * The agents of an opportunity on its page, the registering agent first: listed for whoever sees the
 * deal; whoever keeps them (the server says so: `canKeep`) adds an agent with its role, changes a
 * role and removes an added agent after confirming, each one command; the list is read again after it.
 * A refusal is shown as the server words it, under the field it names.
 */
export const opportunityParticipantsMachine = setup({
  types: {
    context: {} as OpportunityParticipantsContext,
    events: {} as OpportunityParticipantsEvent,
    input: {} as { opportunityId: string },
    tags: {} as 'busy',
    emitted: {} as { type: 'notify'; severity: 'error'; message: string },
  },
  actors: {
    loadParticipants: fromPromise<OpportunityParticipants, string>(async () => ({
      canKeep: false,
      rows: [],
    })),
    saveParticipant: fromPromise<unknown, { opportunityId: string; change: ParticipantChange }>(
      async () => undefined,
    ),
  },
  guards: {
    canKeep: ({ context }) => context.canKeep,
  },
  actions: {
    pend: assign({ pending: ({ context, event }) => changeOf(event, context) }),
  },
}).createMachine({
  id: 'opportunityParticipants',
  context: ({ input }) => ({ opportunityId: input.opportunityId, rows: [], canKeep: false, saves: 0 }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadParticipants',
        input: ({ context }) => context.opportunityId,
        onDone: {
          target: 'ready',
          actions: assign({
            rows: ({ event }) => event.output.rows,
            canKeep: ({ event }) => event.output.canKeep,
            error: undefined,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    ready: {
      on: {
        'participant.add': { guard: 'canKeep', target: 'saving', actions: 'pend' },
        'participant.change': { guard: 'canKeep', target: 'saving', actions: 'pend' },
        'participant.remove': {
          guard: 'canKeep',
          target: 'confirming',
          actions: assign({
            removing: ({ context, event }) => context.rows.find((r) => r.ObjectID === event.id),
          }),
        },
      },
    },
    confirming: {
      on: {
        'remove.confirm': { target: 'saving', actions: 'pend' },
        'remove.cancel': { target: 'ready', actions: assign({ removing: undefined }) },
      },
    },
    saving: {
      tags: 'busy',
      entry: assign({ refusal: undefined }),
      invoke: {
        src: 'saveParticipant',
        input: ({ context }) => ({
          opportunityId: context.opportunityId,
          change: context.pending as ParticipantChange,
        }),
        onDone: {
          target: 'loading',
          actions: assign({ removing: undefined, saves: ({ context }) => context.saves + 1 }),
        },
        onError: {
          // A refusal may mean the deal closed or changed hands meanwhile: the list and `canKeep` are read again.
          target: 'loading',
          actions: [
            assign({
              refusal: ({ event, context }) => ({
                message: errorText(event.error),
                field: namedField(event.error),
                change: context.pending as ParticipantChange,
              }),
              removing: undefined,
            }),
            emit(({ event }) => ({ type: 'notify', severity: 'error', message: errorText(event.error) })),
          ],
        },
      },
    },
    failed: {},
  },
});
