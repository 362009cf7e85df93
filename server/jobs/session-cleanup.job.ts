import { SESSION_IDLE_TIMEOUT_MS } from '../../domain/constants';
import type { JobHandler } from './job-handlers';

/**
 * Login tokens that can never be used again: revoked at logout or by a password change, or idle past
 * the 5-hour limit (judgeSession refuses them already; the rows only pile up). Deleting an idle one
 * means a person returning after it gets "invalid token" rather than "timed out": both send them to
 * the login page.
 */
export const sessionCleanup: JobHandler = {
  descriptionKey: 'server.jobs.handlers.sessionCleanup',
  schedule: { code: 'sessionCleanup', cron: '*/5 * * * *', timeoutSeconds: 60 },
  async run(db, { now }) {
    const revoked = await db
      .deleteFrom('session_token')
      .where('revoked_at', 'is not', null)
      .executeTakeFirst();
    const idle = await db
      .deleteFrom('session_token')
      .where('last_seen_at', '<', new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS))
      .executeTakeFirst();
    const counts = { revoked: Number(revoked.numDeletedRows), idle: Number(idle.numDeletedRows) };
    return {
      key: 'server.jobs.messages.sessionCleanup',
      params: { ...counts, total: counts.revoked + counts.idle },
    };
  },
};
