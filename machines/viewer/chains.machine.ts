import { assign, fromPromise, setup } from 'xstate';
import { type ChainWords, workflowChains } from '../../services/process-history.service';

export type { ChainStepWords, ChainWords } from '../../services/process-history.service';

import { errorText } from '../kit/error-text';

export interface ChainsContext {
  workflow: string;
  /** null: the workflow's chain is not configurable (its rules fix who decides, or nobody approves). */
  chains: ChainWords[] | null;
  failure?: string;
}

/**
 * The approval chains beside a workflow's chart (workflow viewer): read once when the chart is shown,
 * again on request, so an analyst sees who the chart's "current approver" is on this portal today.
 */
export const chainsMachine = setup({
  types: {
    context: {} as ChainsContext,
    events: {} as { type: 'chains.reload' },
    input: {} as { workflow: string },
  },
  actors: {
    loadChains: fromPromise<ChainWords[] | null, { workflow: string }>(({ input }) =>
      workflowChains(input.workflow),
    ),
  },
}).createMachine({
  id: 'workflowChains',
  context: ({ input }) => ({ workflow: input.workflow, chains: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadChains',
        input: ({ context }) => ({ workflow: context.workflow }),
        onDone: {
          target: 'shown',
          actions: assign({ chains: ({ event }) => event.output, failure: undefined }),
        },
        onError: {
          target: 'failed',
          actions: assign({ failure: ({ event }) => errorText(event.error) }),
        },
      },
    },
    shown: { on: { 'chains.reload': 'loading' } },
    failed: { on: { 'chains.reload': 'loading' } },
  },
});
