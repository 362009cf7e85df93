import { assign, fromPromise, setup } from 'xstate';
import { InspectionResult } from '../../domain/codes/loans.codes';
import type { DecisionLine } from '../../domain/workflow-decisions';
import type { ReturnableLoan } from '../../services/loan.service';
import { changedLine, type DecisionLineForm } from '../kit/decision.rules';
import { errorText } from '../kit/error-text';

export interface LoanReturnLinesContext {
  /** The loan number as last typed; its lines are read once the typing rests. */
  loanNo: string;
  open: DecisionLine[];
  /** What is taken back of each line now: the units by serial (or counted), the inspection. */
  lines: Record<number, DecisionLineForm>;
  /** Why the loan offers nothing to take back (no such loan, nothing out); shown until the next number. */
  error?: string;
}

export type LoanReturnLinesEvent =
  | { type: 'loan.name'; loanNo: string }
  | {
      type: 'line.change';
      lineNo: number;
      quantity?: string;
      inspection?: 'good' | 'damaged';
      serials?: string[];
    };

/** The lines the return form sends with its header (`Lines` of /loanReturn/create): only those taken back now. */
export function returnLinesBody(context: Pick<LoanReturnLinesContext, 'lines'>) {
  return Object.entries(context.lines)
    .filter(([, line]) => Number(line.quantity || 0) > 0)
    .map(([lineNo, line]) => ({
      LineNo: Number(lineNo),
      ReturnQuantity: Number(line.quantity),
      InspectionResult:
        line.inspection === 'damaged' ? InspectionResult.damagedScrapped : InspectionResult.goodRestocked,
      ...(line.serials?.length ? { SerialNumbers: line.serials } : {}),
    }));
}

/**
 * The lines of the loan return form (docs/loans.md): the warehouse names the loan; its lines still out
 * are read with the serials of their units still out, and the units taken back are ticked among
 * those — never typed — with what inspection found. The header and these lines are saved together.
 */
export const loanReturnLinesMachine = setup({
  types: {
    context: {} as LoanReturnLinesContext,
    events: {} as LoanReturnLinesEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadLines: fromPromise<ReturnableLoan, string>(async () => {
      throw new Error('loadLines is provided by loan-return-lines.actors.ts');
    }),
  },
  guards: {
    namesALoan: ({ event }) => event.type === 'loan.name' && event.loanNo.trim().length > 0,
  },
  delays: { typingRests: 400 },
}).createMachine({
  id: 'loanReturnLines',
  context: { loanNo: '', open: [], lines: {} },
  initial: 'idle',
  on: {
    'loan.name': [
      {
        guard: 'namesALoan',
        target: '.typing',
        actions: assign({
          loanNo: ({ event }) => event.loanNo.trim(),
          open: [],
          lines: {},
          error: undefined,
        }),
      },
      { target: '.idle', actions: assign({ loanNo: '', open: [], lines: {}, error: undefined }) },
    ],
  },
  states: {
    idle: { description: 'No loan named yet: nothing to take back.' },
    typing: {
      description: 'The number is still being typed: read once the typing rests.',
      after: { typingRests: 'loading' },
    },
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadLines',
        input: ({ context }) => context.loanNo,
        onDone: { target: 'ready', actions: assign({ open: ({ event }) => event.output.Lines }) },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    ready: {
      description: 'The lines still out: the units taken back ticked by serial, or counted, per line.',
      on: {
        'line.change': {
          actions: assign({
            lines: ({ context, event }) => ({
              ...context.lines,
              [event.lineNo]: changedLine(context.lines[event.lineNo], event),
            }),
          }),
        },
      },
    },
  },
});
