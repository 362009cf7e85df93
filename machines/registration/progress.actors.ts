import { fromPromise } from 'xstate';
import {
  fetchProgress,
  type RegistrationProgress,
  resubmitApplication,
  withdrawApplication,
} from '../../services/registration.service';
import { progressMachine, type ResubmitInput } from './progress.machine';

/** The progress page wired to the public calls. */
export const progressLogic = progressMachine.provide({
  actors: {
    fetchProgress: fromPromise<RegistrationProgress, { RegistrationNo: string; ContactPhone: string }>(
      ({ input }) => fetchProgress(input),
    ),
    resubmit: fromPromise<unknown, ResubmitInput>(({ input }) => resubmitApplication(input)),
    withdraw: fromPromise<unknown, { RegistrationNo: string; ContactPhone: string }>(({ input }) =>
      withdrawApplication(input),
    ),
  },
});
