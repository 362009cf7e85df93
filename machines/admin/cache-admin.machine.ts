import { assign, emit, fromPromise, setup } from 'xstate';
import { clearServerCache } from '../../services/cache.service';
import { errorText } from '../kit/error-text';

export interface CacheAdminContext {
  /** The cache being cleared (its key), while the server works. */
  clearing?: string;
}

export type CacheAdminEvent = { type: 'cache.clear'; key: string };

export type CacheAdminEmitted =
  | { type: 'notify'; severity: 'success' | 'error'; message: string }
  | { type: 'rows.changed' };

/**
 * The clear action of the cache configuration page (docs/cache.md): one cache at a time, then the
 * list is read again so its entries and last-cleared time show what the clear did. The list itself is
 * the kit's table machine, which also saves the TTL, on/off and remark edited in a row.
 */
export const cacheAdminMachine = setup({
  types: {
    context: {} as CacheAdminContext,
    events: {} as CacheAdminEvent,
    emitted: {} as CacheAdminEmitted,
  },
  actors: {
    clearCache: fromPromise<string, { key: string }>(({ input }) => clearServerCache(input.key)),
  },
  actions: {
    aimAt: assign({ clearing: ({ event }) => event.key }),
    release: assign({ clearing: undefined }),
    notifyCleared: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: String((event as { output?: unknown }).output ?? ''),
    })),
    notifyRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorText((event as { error?: unknown }).error),
    })),
    refreshRows: emit({ type: 'rows.changed' as const }),
  },
}).createMachine({
  id: 'cacheAdmin',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        'cache.clear': {
          target: 'clearing',
          actions: 'aimAt',
          description:
            'Clearing costs only reloads: the next reads load the data again, so nothing asks for confirmation.',
        },
      },
    },
    clearing: {
      tags: 'busy',
      invoke: {
        id: 'clearCache',
        src: 'clearCache',
        input: ({ context }) => ({ key: context.clearing ?? '' }),
        onDone: { target: 'idle', actions: ['release', 'notifyCleared', 'refreshRows'] },
        onError: { target: 'idle', actions: ['release', 'notifyRefusal', 'refreshRows'] },
      },
    },
  },
});
