import { and, assign, emit, fromPromise, setup } from 'xstate';
import type { RspSti, StiPosting } from '../../services/rsp-sti.service';
import { errorText } from '../kit/error-text';

export type { StiQuarter } from '../../services/rsp-sti.service';

export interface RspStiContext {
  objectId: string;
  lang: string;
  sti?: RspSti;
  /** The quarter the poster has chosen. */
  quarter?: number;
  /** Why the quarters could not be read. */
  error?: string;
  /** The server's words when it refused a posting; shown until the next attempt. */
  refusal?: string;
}

export type RspStiEvent =
  | { type: 'quarter.choose'; quarter: number }
  | { type: 'sti.post' }
  | { type: 'sti.reload' };

export type RspStiEmitted = { type: 'posted'; quarter: number; amount: string };

/** The quarter offered first: the first finished one not posted, else the first not posted. */
function firstDue(sti: RspSti): number | undefined {
  const open = sti.Quarters.filter((q) => !q.PostedFlowNo);
  return (open.find((q) => q.Finished) ?? open[0])?.Quarter;
}

/**
 * An RSP task line's STI (notes §6.4) as HQ sees it on the line's page: each quarter's target,
 * achievement and incentive, whether it is over and whether it was posted; HQ chooses a quarter and
 * posts it to the RSP's rebate account. The server refuses an unfinished quarter, a second posting
 * and a line not approved, and the refusal stays on the panel.
 */
export const rspStiMachine = setup({
  types: {
    context: {} as RspStiContext,
    events: {} as RspStiEvent,
    input: {} as { objectId: string; lang: string },
    emitted: {} as RspStiEmitted,
    tags: {} as 'busy',
  },
  actors: {
    loadSti: fromPromise<RspSti, { objectId: string; lang: string }>(async () => {
      throw new Error('loadSti is provided by rsp-sti.actors.ts');
    }),
    postSti: fromPromise<StiPosting, { objectId: string; quarter: number }>(async () => {
      throw new Error('postSti is provided by rsp-sti.actors.ts');
    }),
  },
  guards: {
    isPoster: ({ context }) => Boolean(context.sti?.MayPost),
    hasQuarter: ({ context }) => context.quarter !== undefined,
    mayPost: and(['isPoster', 'hasQuarter']),
  },
}).createMachine({
  id: 'rspSti',
  context: ({ input }) => ({ objectId: input.objectId, lang: input.lang }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadSti',
        input: ({ context }) => ({ objectId: context.objectId, lang: context.lang }),
        onDone: {
          target: 'shown',
          actions: assign({
            sti: ({ event }) => event.output,
            quarter: ({ context, event }) => context.quarter ?? firstDue(event.output),
            error: undefined,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      description:
        'HQ (the executive, the administrator) may post; everyone who opens the line sees the figures.',
      on: {
        'quarter.choose': { actions: assign({ quarter: ({ event }) => event.quarter, refusal: undefined }) },
        'sti.post': { guard: 'mayPost', target: 'posting' },
        'sti.reload': 'loading',
      },
    },
    posting: {
      tags: 'busy',
      entry: assign({ refusal: undefined }),
      invoke: {
        src: 'postSti',
        input: ({ context }) => ({ objectId: context.objectId, quarter: context.quarter ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            emit(({ context, event }) => ({
              type: 'posted' as const,
              quarter: context.quarter ?? 0,
              amount: event.output.StiAmount,
            })),
            assign({ quarter: undefined }),
          ],
        },
        onError: { target: 'loading', actions: assign({ refusal: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: { 'sti.reload': 'loading' },
    },
  },
});
