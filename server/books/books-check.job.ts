import type { JobHandler } from '../jobs/job-handlers';
import { recordBooksCheck } from './books-check.repo';
import { checkBooks } from './check-books';

/** Every night the books are checked and the report kept for 系统管理 › 账务核对 (docs/books.md). */
export const booksCheck: JobHandler = {
  descriptionKey: 'server.jobs.handlers.booksCheck',
  schedule: { code: 'booksCheck', cron: '30 2 * * *', timeoutSeconds: 600 },
  async run(db) {
    const report = await checkBooks(db);
    await recordBooksCheck(db, report, 'nightly', null);
    const broken = report.checks.filter((check) => check.total > 0).length;
    return {
      key: 'server.jobs.messages.booksCheck',
      params: { invariants: report.checks.length, broken, violations: report.violations },
    };
  },
};
