import { assign, fromPromise, setup } from 'xstate';
import type { Notice, Notices } from '../../services/notice.service';

export type { Notice, Notices };

/** How often the bell asks the server again while the portal is open. */
export const NOTICE_POLL_MS = 60_000;

export type NoticesEvent = { type: 'notices.read'; ids: string[] } | { type: 'notices.reload' };

/** A person opened notices: marked read on the server, whose answer is the list as it now stands. */
const markOpened = {
  target: 'marking',
  reenter: true,
  guard: ({ event }: { event: NoticesEvent }) => event.type === 'notices.read' && event.ids.length > 0,
} as const;

/**
 * The navbar's bell: the person's latest notices and how many are unread, read from the server (where
 * read and unread are kept) on start, every minute, and after marking some read. A failed read keeps
 * what was shown and tries again at the next turn. A notice opened while the list is being read again
 * (opening the bell reads it again) or while others are being marked is marked too: the marking's
 * answer is the newer list, and a marking already sent is done by the server all the same.
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
      on: { 'notices.read': markOpened },
    },
    idle: {
      after: { [NOTICE_POLL_MS]: 'loading' },
      on: {
        'notices.reload': 'loading',
        'notices.read': markOpened,
      },
    },
    marking: {
      on: { 'notices.read': markOpened },
      invoke: {
        src: 'markRead',
        input: ({ event }) => (event as { ids: string[] }).ids,
        onDone: { target: 'idle', actions: assign(({ event }) => event.output) },
        onError: 'idle',
      },
    },
  },
});
