import { fromPromise } from 'xstate';
import {
  processApproval,
  type ReviewOptions,
  reviewOptions,
  signAgreement,
} from '../../services/registration.service';
import { type DecideInput, reviewMachine } from './review.machine';

/** The reviewer panel wired to the registration calls. */
export const reviewLogic = reviewMachine.provide({
  actors: {
    loadOptions: fromPromise<ReviewOptions, string>(({ input }) => reviewOptions(input)),
    decide: fromPromise<unknown, DecideInput>(({ input }) => processApproval(input)),
    sign: fromPromise<unknown, string>(({ input }) => signAgreement(input)),
  },
});
