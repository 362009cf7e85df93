import { fromPromise } from 'xstate';
import { type LoanWithLines, saveLoanSerials } from '../../services/loan.service';
import { type LoanSerialsRequest, loanSerialsMachine } from './loan-serials.machine';

/** The loan's serial form wired to /loanOrder/serials. */
export const loanSerialsLogic = loanSerialsMachine.provide({
  actors: {
    save: fromPromise<LoanWithLines, LoanSerialsRequest>(({ input }) => saveLoanSerials(input)),
  },
});
