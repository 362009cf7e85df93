import { assign, fromPromise, setup } from 'xstate';
import type { OpportunitySummary } from '../../services/opportunity-summary.service';
import { errorText } from '../kit/error-text';

export type { SummaryRow } from '../../domain/report-figures';

export interface OpportunitySummaryContext {
  /** The filters as typed; sent when the person searches. */
  form: Record<string, string>;
  /** The filters of the figures shown. */
  applied: Record<string, string>;
  lang: string;
  summary?: OpportunitySummary;
  error?: string;
}

export type OpportunitySummaryEvent =
  | { type: 'filters.change'; form: Record<string, string> }
  | { type: 'filters.search' }
  | { type: 'filters.reset' }
  | { type: 'summary.reload' };

const filled = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== ''));

/**
 * The opportunity report page (business.opportunityReport): the figures of the caller's opportunities by stage, province
 * and product line for the filters searched, loaded at once and again on every search, reset or reload.
 */
export const opportunitySummaryMachine = setup({
  types: {
    context: {} as OpportunitySummaryContext,
    events: {} as OpportunitySummaryEvent,
    input: {} as { lang: string },
    tags: {} as 'busy',
  },
  actors: {
    loadSummary: fromPromise<OpportunitySummary, { filters: Record<string, string>; lang: string }>(
      async () => ({
        byStage: [],
        byProvince: [],
        byProductLine: [],
        words: {},
        dictionaries: {},
      }),
    ),
  },
}).createMachine({
  id: 'opportunitySummary',
  context: ({ input }) => ({ form: {}, applied: {}, lang: input.lang }),
  initial: 'loading',
  on: {
    'filters.change': { actions: assign({ form: ({ event }) => event.form }) },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'loadSummary',
        input: ({ context }) => ({ filters: context.applied, lang: context.lang }),
        onDone: {
          target: 'shown',
          actions: assign({ summary: ({ event }) => event.output, error: undefined }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    shown: {
      on: {
        'filters.search': {
          target: 'loading',
          actions: assign({ applied: ({ context }) => filled(context.form) }),
        },
        'filters.reset': { target: 'loading', actions: assign({ form: {}, applied: {} }) },
        'summary.reload': 'loading',
      },
    },
    failed: {
      on: {
        'filters.search': {
          target: 'loading',
          actions: assign({ applied: ({ context }) => filled(context.form) }),
        },
        'summary.reload': 'loading',
      },
    },
  },
});
