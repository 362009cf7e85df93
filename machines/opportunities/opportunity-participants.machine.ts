import { assign, fromPromise, setup } from 'xstate';
import type { OpportunityParticipant } from '../../services/opportunity-participants.service';
import { errorText } from '../kit/error-text';

export type { OpportunityParticipant };

/**
 * The agents of an opportunity on its page, read once for whoever sees it: kept on 商机渠道管理 and
 * through its commands, listed here so the deal's page says who works it and in what role.
 */
export const opportunityParticipantsMachine = setup({
  types: {
    context: {} as { opportunityId: string; rows: OpportunityParticipant[]; error?: string },
    input: {} as { opportunityId: string },
  },
  actors: {
    loadParticipants: fromPromise<OpportunityParticipant[], string>(async () => []),
  },
}).createMachine({
  id: 'opportunityParticipants',
  context: ({ input }) => ({ opportunityId: input.opportunityId, rows: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadParticipants',
        input: ({ context }) => context.opportunityId,
        onDone: { target: 'loaded', actions: assign({ rows: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loaded: {},
    failed: {},
  },
});
