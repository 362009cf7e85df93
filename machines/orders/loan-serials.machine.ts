import { assign, fromPromise, setup } from 'xstate';
import type { LoanLine, LoanWithLines } from '../../services/loan.service';
import { errorText } from '../kit/error-text';

export type { LoanLine } from '../../services/loan.service';

export interface LoanSerialsRequest {
  ObjectID: string;
  Version: number;
  Lines: { LineNo: number; SerialNumbers: string }[];
}

export interface LoanSerialsContext {
  objectId: string;
  /** The loan's Version as last read or saved: a save names it. */
  version: number;
  lines: LoanLine[];
  /** What the warehouse typed per line, one serial per row; a line not touched shows what is saved. */
  typed: Record<number, string>;
  saved: boolean;
  /** Why the save was refused (the server names the line); shown until the next change. */
  error?: string;
}

export type LoanSerialsEvent =
  | { type: 'serials.change'; lineNo: number; text: string }
  | { type: 'serials.save' };

/** A line's serials as the form shows them: typed, else those saved, one per row. */
export const serialsText = (context: LoanSerialsContext, line: LoanLine) =>
  context.typed[line.LineNo] ?? (line.SerialNumbers ?? '').split(', ').filter(Boolean).join('\n');

/**
 * The serial numbers of a loan waiting to ship, as the warehouse records them on the loan's page:
 * typed per line and saved together; the server checks them as a shipment does and names a wrong line.
 * Once saved, the ship command on the decision panel ships with them.
 */
export const loanSerialsMachine = setup({
  types: {
    context: {} as LoanSerialsContext,
    events: {} as LoanSerialsEvent,
    input: {} as { objectId: string; version: number; lines: LoanLine[] },
    tags: {} as 'busy',
  },
  actors: {
    save: fromPromise<LoanWithLines, LoanSerialsRequest>(async () => {
      throw new Error('save is provided by loan-serials.actors.ts');
    }),
  },
}).createMachine({
  id: 'loanSerials',
  context: ({ input }) => ({ ...input, typed: {}, saved: false }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The serials of each line, as saved or typed; a change clears the last refusal.',
      on: {
        'serials.change': {
          actions: assign({
            typed: ({ context, event }) => ({ ...context.typed, [event.lineNo]: event.text }),
            saved: false,
            error: undefined,
          }),
        },
        'serials.save': { target: 'saving' },
      },
    },
    saving: {
      description: 'Every line sent at once with the Version seen; the answer is the loan as saved.',
      tags: 'busy',
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          ObjectID: context.objectId,
          Version: context.version,
          Lines: context.lines.map((line) => ({
            LineNo: line.LineNo,
            SerialNumbers: serialsText(context, line),
          })),
        }),
        onDone: {
          target: 'editing',
          actions: assign({
            version: ({ event }) => event.output.Version,
            lines: ({ event }) => event.output.Lines,
            typed: {},
            saved: true,
          }),
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
