import { assign, emit, fromPromise, setup } from 'xstate';
import type { BooksCheckAnswer, BooksCheckRun } from '../../domain/books';
import { lastBooksCheck, runBooksCheck } from '../../services/books.service';
import { errorText } from '../kit/error-text';

export interface BooksCheckContext {
  run: BooksCheckRun | null;
  /** Why the last check could not be read, while there is nothing to show. */
  failure?: string;
}

export type BooksCheckEvent = { type: 'books.run' } | { type: 'books.reload' };

export type BooksCheckEmitted = { type: 'notify'; severity: 'error'; message: string };

const outputRun = ({ event }: { event: unknown }) => (event as { output: BooksCheckAnswer }).output.LastRun;

/**
 * System › Books check (docs/books.md): the last check of the books, and a check now whose result
 * replaces it. A check reads every area's figures, so one runs at a time.
 */
export const booksCheckMachine = setup({
  types: {
    context: {} as BooksCheckContext,
    events: {} as BooksCheckEvent,
    emitted: {} as BooksCheckEmitted,
  },
  actors: {
    lastCheck: fromPromise<BooksCheckAnswer>(() => lastBooksCheck()),
    runCheck: fromPromise<BooksCheckAnswer>(() => runBooksCheck()),
  },
  actions: {
    keepRun: assign({ run: outputRun, failure: undefined }),
    keepFailure: assign({ failure: ({ event }) => errorText((event as { error?: unknown }).error) }),
    notifyRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorText((event as { error?: unknown }).error),
    })),
  },
}).createMachine({
  id: 'booksCheck',
  context: { run: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'lastCheck',
        onDone: { target: 'ready', actions: 'keepRun' },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: {
      on: { 'books.reload': 'loading' },
    },
    ready: {
      on: {
        'books.run': {
          target: 'checking',
          description: 'A check only reads: it asks for no confirmation and changes no record.',
        },
        'books.reload': 'loading',
      },
    },
    checking: {
      tags: 'busy',
      invoke: {
        src: 'runCheck',
        onDone: { target: 'ready', actions: 'keepRun' },
        onError: { target: 'ready', actions: 'notifyRefusal' },
      },
    },
  },
});
