import { fromPromise } from 'xstate';
import {
  fetchPartnerError,
  type PartnerErrorLog,
  type PartnerErrorRow,
  retryPartnerError,
} from '../../services/partner-error.service';
import { type ErrorRetryRequest, errorRetryMachine } from './error-retry.machine';

export type { PartnerErrorLog };

/** The retry panel wired to /<log>/getOne and /<log>/retry. */
export const errorRetryLogic = (log: PartnerErrorLog) =>
  errorRetryMachine.provide({
    actors: {
      loadRow: fromPromise<PartnerErrorRow, string>(({ input }) => fetchPartnerError(log, input)),
      retry: fromPromise<unknown, ErrorRetryRequest>(({ input }) =>
        retryPartnerError(log, input.objectId, input.version, input.payload),
      ),
    },
  });
