import { checkBooks } from '../../../server/books/check-books';
import type { Db } from '../../../server/db/database';

/** Each violation the books report, as its invariant's key with the row and its figures (or the query's failure). */
async function violations(db: Db): Promise<string[]> {
  const books = await checkBooks(db);
  return books.checks.flatMap((check) =>
    check.failure
      ? [`${check.key}: the check itself failed: ${check.failure}`]
      : check.rows.map((row) => `${check.key}: ${JSON.stringify(row)}`),
  );
}

/**
 * The books as the demo starts the month, and a check for what a command added to them. Whether the
 * demo itself balances is `npm run verify-books`'s question (and its API test's); the month asks that
 * no command breaks an invariant, so a violation the demo started with (the same row, the same
 * figures) is not laid at a command's door, while any new one, or a changed figure, is.
 */
export async function booksOf(db: Db) {
  const atStart = new Set(await violations(db));
  return {
    /** The violations the month added, each with its invariant's key and row; none when the books hold. */
    async added(): Promise<string[]> {
      return (await violations(db)).filter((violation) => !atStart.has(violation));
    },
  };
}
