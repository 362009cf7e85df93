import { fromPromise } from 'xstate';
import { fetchNotices, markNoticesRead, type Notices } from '../../services/notice.service';
import { noticesMachine } from './notices.machine';

/** The bell wired to POST /notice/mine and /notice/read. */
export const noticesLogic = noticesMachine.provide({
  actors: {
    loadNotices: fromPromise<Notices>(() => fetchNotices()),
    markRead: fromPromise<Notices, string[]>(({ input }) => markNoticesRead(input)),
  },
});
