import { fromPromise } from 'xstate';
import type { DecisionOptions, DecisionRequest } from '../../domain/workflow-decisions';
import { workflowDecide, workflowOptions } from '../../services/workflow.service';
import { type DecisionInput, decisionMachine } from './decision.machine';

/** The decision statechart wired to /workflow/options and /workflow/decide. */
export const decisionLogic = decisionMachine.provide({
  actors: {
    loadOptions: fromPromise<DecisionOptions, DecisionInput>(({ input }) =>
      workflowOptions({
        workflow: input.workflow,
        ObjectID: input.objectId,
        ...(input.streamId ? { StreamID: input.streamId } : {}),
      }),
    ),
    decide: fromPromise<DecisionOptions, DecisionRequest>(({ input }) => workflowDecide(input)),
  },
});
