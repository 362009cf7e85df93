import { fromPromise } from 'xstate';
import {
  addOpportunityParticipant,
  changeParticipantRole,
  fetchOpportunityParticipants,
  type OpportunityParticipants,
  removeOpportunityParticipant,
} from '../../services/opportunity-participants.service';
import { opportunityParticipantsMachine, type ParticipantChange } from './opportunity-participants.machine';

function save({ opportunityId, change }: { opportunityId: string; change: ParticipantChange }) {
  if (change.kind === 'remove') return removeOpportunityParticipant(change.id);
  if (change.kind === 'change')
    return changeParticipantRole({ ObjectID: change.id, ParticipantRole: change.role });
  return addOpportunityParticipant({
    OpportunityID: opportunityId,
    AgentName: change.agentName,
    ParticipantRole: change.role,
  });
}

/** The agents panel of an opportunity's page wired to the portal's read of them and their commands. */
export const opportunityParticipantsLogic = opportunityParticipantsMachine.provide({
  actors: {
    loadParticipants: fromPromise<OpportunityParticipants, string>(({ input }) =>
      fetchOpportunityParticipants(input),
    ),
    saveParticipant: fromPromise<unknown, { opportunityId: string; change: ParticipantChange }>(({ input }) =>
      save(input),
    ),
  },
});
