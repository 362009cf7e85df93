import { assign, fromPromise, setup } from 'xstate';
import type { Notice, Notices } from '../../services/notice.service';

export type { Notice, Notices };

/** How often the bell asks the server again while the portal is open. */
export const NOTICE_POLL_MS = 60_000;

export type NoticesEvent = { type: 'notices.read'; ids: string[] } | { type: 'notices.reload' };

/**
 * The navbar's bell: the person's latest notices and how many are unread, read from the server (where
 * read and unread are kept) on start, every minute, and after marking some read. A failed read keeps
 * what was shown and tries again at the next turn.
 */
export const noticesMachine = setup({
  types: {
    context: {} as Notices,
    events: {} as NoticesEvent,
  },
  actors: {
    loadNotices: fromPromise<Notices>(async () => ({ Unread: 0, Notices: [] })),
    markRead: fromPromise<Notices, string[]>(async () => ({ Unread: 0, Notices: [] })),
  },
}).createMachine({
  id: 'notices',
  context: { Unread: 0, Notices: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadNotices',
        onDone: { target: 'idle', actions: assign(({ event }) => event.output) },
        onError: 'idle',
      },
    },
    idle: {
      after: { [NOTICE_POLL_MS]: 'loading' },
      on: {
        'notices.reload': 'loading',
        'notices.read': { target: 'marking', guard: ({ event }) => event.ids.length > 0 },
      },
    },
    marking: {
      invoke: {
        src: 'markRead',
        input: ({ event }) => (event as { ids: string[] }).ids,
        onDone: { target: 'idle', actions: assign(({ event }) => event.output) },
        onError: 'idle',
      },
    },
  },
});
