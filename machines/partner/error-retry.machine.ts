import { assign, emit, fromPromise, setup } from 'xstate';
import { SyncStatus } from '../../domain/codes/orders.codes';
import type { PartnerErrorRow } from '../../services/partner-error.service';
import { errorText } from '../kit/error-text';

export interface ErrorRetryRequest {
  objectId: string;
  version: number;
  /** The corrected data; absent when the row is processed as it stands. */
  payload?: string;
}

export interface ErrorRetryContext {
  objectId: string;
  row?: PartnerErrorRow;
  /** The original data as the person may have corrected it. */
  payload: string;
  /** Why reading or processing failed; shown until the next attempt. */
  error?: string;
}

export type ErrorRetryEvent = { type: 'payload.change'; payload: string } | { type: 'retry.submit' };

/**
 * Processing a row of a partner error log again (docs/partner-pull.md "Retrying a row"): the server
 * checks the row, as it stands or as corrected here, against the portal's data as it is now. Taken,
 * the row is settled; refused, it keeps the new reason and counts the attempt, and the panel says why.
 */
export const errorRetryMachine = setup({
  types: {
    context: {} as ErrorRetryContext,
    events: {} as ErrorRetryEvent,
    input: {} as { objectId: string },
    emitted: {} as { type: 'retried' },
    tags: {} as 'busy',
  },
  actors: {
    loadRow: fromPromise<PartnerErrorRow, string>(async () => {
      throw new Error('loadRow is provided by error-retry.actors.ts');
    }),
    retry: fromPromise<unknown, ErrorRetryRequest>(async () => {
      throw new Error('retry is provided by error-retry.actors.ts');
    }),
  },
  guards: {
    isStillFailing: (_, row: PartnerErrorRow) => row.SynchState === SyncStatus.fail,
    hasPayload: ({ context }) => context.payload.trim().length > 0,
  },
}).createMachine({
  id: 'errorRetry',
  context: ({ input }) => ({ objectId: input.objectId, payload: '' }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadRow',
        input: ({ context }) => context.objectId,
        onDone: [
          {
            guard: { type: 'isStillFailing', params: ({ event }) => event.output },
            target: 'failing',
            actions: assign({
              row: ({ event }) => event.output,
              payload: ({ event }) => event.output.RawPayload,
            }),
          },
          { target: 'settled', actions: assign({ row: ({ event }) => event.output }) },
        ],
        onError: { target: 'unreadable', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failing: {
      description: 'Only a row still failing is processed again, as it stands or with its data corrected.',
      on: {
        'payload.change': { actions: assign({ payload: ({ event }) => event.payload }) },
        'retry.submit': { guard: 'hasPayload', target: 'retrying' },
      },
    },
    settled: {
      description:
        'Taken already (by a retry, or by a later pull that brought the row again): nothing to do.',
    },
    unreadable: {},
    retrying: {
      tags: 'busy',
      entry: assign({ error: undefined }),
      invoke: {
        src: 'retry',
        input: ({ context }) => ({
          objectId: context.objectId,
          version: context.row?.Version ?? 0,
          // Sent only when corrected, so the row's own data is what is checked otherwise.
          payload: context.payload === context.row?.RawPayload ? undefined : context.payload,
        }),
        onDone: { target: 'loading', actions: emit({ type: 'retried' }) },
        onError: { target: 'loading', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
  },
});
