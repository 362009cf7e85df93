import { and, assign, emit, fromPromise, setup } from 'xstate';
import type { ShipmentRecord } from '../../services/shipment.service';
import { errorText } from '../kit/error-text';

export interface ReceiptAnswer {
  objectId: string;
  version: number;
  /** Present when the receipt is reported as an exception instead of confirmed. */
  exceptionNote?: string;
}

export interface ShipmentReceiptContext {
  objectId: string;
  shipment?: ShipmentRecord;
  /** What the note dialog is for: the agent's exception, or the vendor's resolution of it. */
  noteFor: 'exception' | 'resolution';
  note: string;
  /** The note dialog asked for a note and none was typed. */
  noteMissing: boolean;
  /** Why reading or answering failed; shown until the next attempt. */
  error?: string;
}

export type ShipmentReceiptEvent =
  | { type: 'receipt.confirm' }
  | { type: 'exception.open' }
  | { type: 'resolution.open' }
  | { type: 'note.change'; note: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'shipment.reload' };

export type ShipmentReceiptEmitted = { type: 'answered'; outcome: 'confirmed' | 'reported' | 'resolved' };

/** The longest exception note the form takes. */
export const NOTE_MAX = 500;

/**
 * The receipt of a shipment (notes §4.5), as the agent's staff answer it on the line shipment page:
 * confirm that everything under the FH number arrived, or report an exception with a note; either
 * answers for every line of the shipment. Unanswered, the daily job confirms it 7 days after dispatch.
 * A reported exception is resolved by sales operations with a note of what was done.
 */
export const shipmentReceiptMachine = setup({
  types: {
    context: {} as ShipmentReceiptContext,
    events: {} as ShipmentReceiptEvent,
    input: {} as { objectId: string },
    emitted: {} as ShipmentReceiptEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadShipment: fromPromise<ShipmentRecord, string>(async () => {
      throw new Error('loadShipment is provided by shipment-receipt.actors.ts');
    }),
    answer: fromPromise<unknown, ReceiptAnswer>(async () => {
      throw new Error('answer is provided by shipment-receipt.actors.ts');
    }),
    resolve: fromPromise<unknown, { objectId: string; version: number; note: string }>(async () => {
      throw new Error('resolve is provided by shipment-receipt.actors.ts');
    }),
  },
  guards: {
    mayAnswer: ({ context }) => Boolean(context.shipment?.MayConfirmReceipt),
    mayResolve: ({ context }) => Boolean(context.shipment?.MayResolve),
    isResolution: ({ context }) => context.noteFor === 'resolution',
    hasNote: ({ context }) => context.note.trim().length > 0,
    isShortEnough: ({ context }) => context.note.trim().length <= NOTE_MAX,
  },
}).createMachine({
  id: 'shipmentReceipt',
  context: ({ input }) => ({ objectId: input.objectId, noteFor: 'exception', note: '', noteMissing: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadShipment',
        input: ({ context }) => context.objectId,
        onDone: { target: 'shown', actions: assign({ shipment: ({ event }) => event.output }) },
        onError: { target: 'shown', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      description:
        'The server says whether this person may answer now: the agent’s staff or sales operations, while it awaits receipt.',
      on: {
        'receipt.confirm': { guard: 'mayAnswer', target: 'confirming' },
        'exception.open': {
          guard: 'mayAnswer',
          target: 'reporting',
          actions: assign({ noteFor: 'exception', note: '', noteMissing: false }),
        },
        'resolution.open': {
          guard: 'mayResolve',
          target: 'reporting',
          description:
            'Sales operations settle a reported exception (replaced, compensated): it then counts as received.',
          actions: assign({ noteFor: 'resolution', note: '', noteMissing: false }),
        },
        'shipment.reload': 'loading',
      },
    },
    reporting: {
      description:
        'A receipt exception (damage, shortage) needs a note of what is wrong; its resolution, of what was done.',
      on: {
        'note.change': { actions: assign({ note: ({ event }) => event.note, noteMissing: false }) },
        'dialog.confirm': [
          { guard: and(['hasNote', 'isShortEnough', 'isResolution']), target: 'sendingResolution' },
          { guard: and(['hasNote', 'isShortEnough']), target: 'sendingException' },
          { actions: assign({ noteMissing: true }) },
        ],
        'dialog.cancel': 'shown',
      },
    },
    confirming: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'answer',
        input: ({ context }) => ({ objectId: context.objectId, version: context.shipment?.Version ?? 0 }),
        onDone: { target: 'loading', actions: emit({ type: 'answered', outcome: 'confirmed' }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    sendingException: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'answer',
        input: ({ context }) => ({
          objectId: context.objectId,
          version: context.shipment?.Version ?? 0,
          exceptionNote: context.note.trim(),
        }),
        onDone: { target: 'loading', actions: emit({ type: 'answered', outcome: 'reported' }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    sendingResolution: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'resolve',
        input: ({ context }) => ({
          objectId: context.objectId,
          version: context.shipment?.Version ?? 0,
          note: context.note.trim(),
        }),
        onDone: { target: 'loading', actions: emit({ type: 'answered', outcome: 'resolved' }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
