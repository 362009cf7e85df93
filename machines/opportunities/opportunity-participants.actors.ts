import { fromPromise } from 'xstate';
import {
  fetchOpportunityParticipants,
  type OpportunityParticipant,
} from '../../services/opportunity-participants.service';
import { opportunityParticipantsMachine } from './opportunity-participants.machine';

/** The agents list of an opportunity's page wired to the portal's read of them. */
export const opportunityParticipantsLogic = opportunityParticipantsMachine.provide({
  actors: {
    loadParticipants: fromPromise<OpportunityParticipant[], string>(({ input }) =>
      fetchOpportunityParticipants(input),
    ),
  },
});
