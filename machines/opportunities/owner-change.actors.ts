import { fromPromise } from 'xstate';
import { changeOpportunityOwner, type OwnerChange } from '../../services/opportunity-owner.service';
import { ownerChangeMachine } from './owner-change.machine';

/** The owner change dialog wired to the portal's changeOwner command. */
export const ownerChangeLogic = ownerChangeMachine.provide({
  actors: {
    changeOwner: fromPromise<Record<string, unknown>, OwnerChange>(({ input }) =>
      changeOpportunityOwner(input),
    ),
  },
});
