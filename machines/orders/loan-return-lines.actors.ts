import { fromPromise } from 'xstate';
import { type ReturnableLoan, returnableLines } from '../../services/loan.service';
import { loanReturnLinesMachine } from './loan-return-lines.machine';

/** The return form's lines wired to /loanReturn/lines. */
export const loanReturnLinesLogic = loanReturnLinesMachine.provide({
  actors: { loadLines: fromPromise<ReturnableLoan, string>(({ input }) => returnableLines(input)) },
});
