import { assign, fromPromise, setup } from 'xstate';
import type { DashboardSummary } from '../../services/dashboard.service';

/** The dashboard's data: the user's work queues and newest records, refreshed on demand. */
export const dashboardMachine = setup({
  types: {
    context: {} as { summary?: DashboardSummary; error?: string },
    events: {} as { type: 'dashboard.refresh' },
  },
  actors: {
    loadSummary: fromPromise<DashboardSummary, void>(async () => ({ queues: [], recent: {} })),
  },
}).createMachine({
  id: 'dashboard',
  context: {},
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
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
      },
    },
    ready: { on: { 'dashboard.refresh': 'loading' } },
    failed: { on: { 'dashboard.refresh': 'loading' } },
  },
});
