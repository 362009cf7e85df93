import { assign, fromPromise, setup } from 'xstate';
import type { DashboardCharts, DashboardSummary } from '../../services/dashboard.service';

export type { DashboardCharts } from '../../services/dashboard.service';

export interface DashboardContext {
  lang: string;
  summary?: DashboardSummary;
  error?: string;
  charts?: DashboardCharts;
  chartsError?: string;
}

export type DashboardEvent = { type: 'dashboard.refresh' } | { type: 'dashboard.language'; lang: string };

const errorText = (error: unknown) => String((error as Error)?.message ?? error);

/**
 * The charts name stages, brands and accounts in the reader's language: another language reads them
 * again, a load under way included. Declared on each charts state, so the to-do cards stay as they are.
 */
const readInLanguage = {
  guard: 'isOtherLanguage',
  target: 'loading',
  reenter: true,
  actions: 'rememberLanguage',
} as const;

/**
 * The dashboard's data: the user's work queues and newest records, and beside them the charts of the
 * reports the user holds. Both load at once and each shows as soon as it arrives; the charts take
 * longer, so the to-do cards never wait for them. Refreshed on demand.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { lang?: string } | undefined,
  },
  actors: {
    loadSummary: fromPromise<DashboardSummary, void>(async () => ({ queues: [], recent: {} })),
    loadCharts: fromPromise<DashboardCharts, { lang: string }>(async () => ({
      Period: '',
      orderTrend: [],
      words: {},
    })),
  },
  actions: {
    rememberLanguage: assign({
      lang: ({ context, event }) => (event.type === 'dashboard.language' ? event.lang : context.lang),
    }),
  },
  guards: {
    isOtherLanguage: ({ context, event }) =>
      event.type === 'dashboard.language' && event.lang !== context.lang,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ lang: input?.lang ?? 'zh' }),
  type: 'parallel',
  states: {
    summary: {
      initial: 'loading',
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'loadSummary',
            src: 'loadSummary',
            onDone: {
              target: 'ready',
              actions: assign({ summary: ({ event }) => event.output, error: undefined }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
          },
        },
        ready: { on: { 'dashboard.refresh': 'loading' } },
        failed: { on: { 'dashboard.refresh': 'loading' } },
      },
    },
    charts: {
      initial: 'loading',
      states: {
        loading: {
          on: { 'dashboard.language': readInLanguage },
          invoke: {
            id: 'loadCharts',
            src: 'loadCharts',
            input: ({ context }) => ({ lang: context.lang }),
            onDone: {
              target: 'ready',
              actions: assign({ charts: ({ event }) => event.output, chartsError: undefined }),
            },
            onError: {
              target: 'failed',
              actions: assign({ chartsError: ({ event }) => errorText(event.error) }),
            },
          },
        },
        ready: { on: { 'dashboard.refresh': 'loading', 'dashboard.language': readInLanguage } },
        failed: { on: { 'dashboard.refresh': 'loading', 'dashboard.language': readInLanguage } },
      },
    },
  },
});
