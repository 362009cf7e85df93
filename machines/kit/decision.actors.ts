import { fromPromise } from 'xstate';
import type { DecisionOptions, DecisionPosition, DecisionRequest } from '../../domain/workflow-decisions';
import { workflowDecide, workflowOptions } from '../../services/workflow.service';
import { type DecisionInput, decisionMachine } from './decision.machine';

/**
 * Where the browser says the person is, fresh and as precise as it can (a visit's check-in); refused
 * or unknown, the sentence that says so (a locale key).
 */
function currentPosition(): Promise<DecisionPosition> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('decision.problems.positionUnavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) =>
        reject(
          new Error(
            error.code === error.PERMISSION_DENIED
              ? 'decision.problems.positionDenied'
              : 'decision.problems.positionUnavailable',
          ),
        ),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

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
    locate: fromPromise<DecisionPosition>(() => currentPosition()),
  },
});
