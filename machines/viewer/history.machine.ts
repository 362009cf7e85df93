import { type AnyStateMachine, assign, setup } from 'xstate';
import type { HistoryEvent, WorkflowStreamRow } from '../../services/process-history.service';
import { historyActors, STREAM_PAGE_SIZE } from './history.actors';
import { type ReplayStep, replayHistory, STARTED } from './replay';

export interface HistoryInput {
  /** The workflow name streams are stored under (approval, registration). */
  workflow: string;
  machine: AnyStateMachine;
}

export interface HistoryContext extends HistoryInput {
  /** One page of the workflow's streams, most recently active first. */
  streams: WorkflowStreamRow[];
  total: number;
  page: number;
  /** Part of a stream id the list is narrowed to. */
  search: string;
  streamId?: string;
  events: HistoryEvent[];
  steps: ReplayStep[];
  /** The replay step on screen: 0 is the stream's start. */
  step: number;
  error?: string;
}

export type HistoryEventType =
  | { type: 'streams.reload' }
  | { type: 'streams.page'; page: number }
  | { type: 'streams.search'; search: string }
  | { type: 'stream.open'; streamId: string }
  | { type: 'stream.close' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.first' }
  | { type: 'step.last' }
  | { type: 'step.go'; index: number };

/** Pages of the stream list; an empty list still has its one (empty) page. */
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / STREAM_PAGE_SIZE));

const messageOf = ({ event }: { event: { error?: unknown } }) =>
  (event.error instanceof Error && event.error.message) || 'workflows.history.loadFailed';

/**
 * A record's process history replayed step by step (ARCHITECTURE.md §5): list the workflow's
 * streams, open one, replay its stored events through the same machine the server enforces, and
 * walk the steps forward and back. The calls are named actors; tests swap them with `.provide()`.
 */
export const processHistoryMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEventType,
    input: {} as HistoryInput,
  },
  actors: historyActors,
  guards: {
    isOtherPage: ({ context, event }) =>
      event.type === 'streams.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page <= pageCount(context.total) &&
      event.page !== context.page,
    hasNext: ({ context }) => context.step < context.steps.length - 1,
    hasPrevious: ({ context }) => context.step > 0,
    isThisWorkflow: ({ context, event }) => {
      const events = (event as { output?: HistoryEvent[] }).output ?? [];
      return events[0]?.Type === STARTED && events.every((e) => e.Workflow === context.workflow);
    },
    isStep: ({ context, event }) =>
      event.type === 'step.go' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.steps.length,
  },
}).createMachine({
  id: 'processHistory',
  context: ({ input }) => ({
    ...input,
    streams: [],
    total: 0,
    page: 1,
    search: '',
    events: [],
    steps: [],
    step: 0,
  }),
  initial: 'loadingStreams',
  on: {
    'stream.open': {
      target: '.loadingHistory',
      actions: assign({ streamId: ({ event }) => event.streamId.trim(), error: undefined }),
    },
  },
  states: {
    loadingStreams: {
      tags: 'busy',
      invoke: {
        id: 'loadStreams',
        src: 'loadStreams',
        input: ({ context }) => ({ workflow: context.workflow, page: context.page, search: context.search }),
        onDone: {
          target: 'browsing',
          actions: assign({
            streams: ({ event }) => event.output.rows,
            total: ({ event }) => event.output.total,
          }),
        },
        onError: { target: 'browsing', actions: assign({ error: messageOf }) },
      },
    },
    browsing: {
      on: {
        'streams.reload': { target: 'loadingStreams', actions: assign({ error: undefined }) },
        'streams.page': {
          guard: 'isOtherPage',
          target: 'loadingStreams',
          actions: assign({ page: ({ event }) => event.page, error: undefined }),
        },
        'streams.search': {
          target: 'loadingStreams',
          description: 'A new search starts again from its first page.',
          actions: assign({ search: ({ event }) => event.search.trim(), page: 1, error: undefined }),
        },
      },
    },
    loadingHistory: {
      tags: 'busy',
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ streamId: context.streamId ?? '' }),
        onDone: [
          {
            guard: 'isThisWorkflow',
            target: 'replaying',
            description: 'The replay opens at the first step, so the story is read from its beginning.',
            actions: assign({
              events: ({ event }) => event.output,
              steps: ({ context, event }) => replayHistory(context.machine, event.output),
              step: 0,
            }),
          },
          {
            target: 'browsing',
            description: 'A stream of another workflow cannot be replayed through this machine.',
            actions: assign({ error: 'workflows.history.otherWorkflow', steps: [], events: [] }),
          },
        ],
        onError: { target: 'browsing', actions: assign({ error: messageOf, steps: [], events: [] }) },
      },
    },
    replaying: {
      on: {
        'step.next': { guard: 'hasNext', actions: assign({ step: ({ context }) => context.step + 1 }) },
        'step.back': { guard: 'hasPrevious', actions: assign({ step: ({ context }) => context.step - 1 }) },
        'step.first': { actions: assign({ step: 0 }) },
        'step.last': { actions: assign({ step: ({ context }) => Math.max(0, context.steps.length - 1) }) },
        'step.go': { guard: 'isStep', actions: assign({ step: ({ event }) => event.index }) },
        'stream.close': {
          target: 'browsing',
          actions: assign({ streamId: undefined, steps: [], events: [] }),
        },
        'streams.reload': 'loadingStreams',
      },
    },
  },
});
