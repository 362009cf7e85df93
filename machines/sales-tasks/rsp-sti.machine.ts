import { and, assign, emit, fromPromise, setup } from 'xstate';
import type { RspSti, StiCalculation } from '../../services/rsp-sti.service';
import { errorText } from '../kit/error-text';

export type { StiQuarter } from '../../services/rsp-sti.service';

export interface RspStiContext {
  objectId: string;
  lang: string;
  sti?: RspSti;
  /** The quarter HQ has chosen to calculate. */
  quarter?: number;
  /** Why the quarters could not be read. */
  error?: string;
  /** The server's words when it refused a calculation; shown until the next attempt. */
  refusal?: string;
}

export type RspStiEvent =
  | { type: 'quarter.choose'; quarter: number }
  | { type: 'sti.calculate' }
  | { type: 'sti.reload' };

export type RspStiEmitted = { type: 'calculated'; quarter: number; amount: string };

/** The quarter offered first: the first finished one not calculated, else the first not calculated. */
function firstDue(sti: RspSti): number | undefined {
  const open = sti.Quarters.filter((q) => !q.StiID);
  return (open.find((q) => q.Finished) ?? open[0])?.Quarter;
}

/**
 * An RSP task line's STI (notes §6.4) as HQ sees it on the line's page: each quarter's target,
 * achievement and incentive, whether it is over and where its STI stands; HQ chooses a closed quarter
 * and calculates its STI, which is then reviewed and posted on its own page. The server refuses an
 * unfinished quarter, a second calculation, a line not approved and a target approved after the
 * quarter began, and the refusal stays on the panel.
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
    calculateSti: fromPromise<StiCalculation, { objectId: string; quarter: number }>(async () => {
      throw new Error('calculateSti is provided by rsp-sti.actors.ts');
    }),
  },
  guards: {
    isCalculator: ({ context }) => Boolean(context.sti?.MayCalculate),
    hasQuarter: ({ context }) => context.quarter !== undefined,
    mayCalculate: and(['isCalculator', 'hasQuarter']),
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
        'HQ (the channel department, the executive, the administrator) may calculate; everyone who opens the line sees the figures.',
      on: {
        'quarter.choose': { actions: assign({ quarter: ({ event }) => event.quarter, refusal: undefined }) },
        'sti.calculate': { guard: 'mayCalculate', target: 'calculating' },
        'sti.reload': 'loading',
      },
    },
    calculating: {
      tags: 'busy',
      entry: assign({ refusal: undefined }),
      invoke: {
        src: 'calculateSti',
        input: ({ context }) => ({ objectId: context.objectId, quarter: context.quarter ?? 0 }),
        onDone: {
          target: 'loading',
          actions: [
            emit(({ context, event }) => ({
              type: 'calculated' as const,
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
