import { checkBooks } from '../../../server/books/check-books';
import type { Db } from '../../../server/db/database';
import { invariantReads } from './invariant-reads';

/** Each violation the books report, as its invariant's key with the row and its figures (or the query's failure). */
async function violations(db: Db, only?: (key: string) => boolean): Promise<string[]> {
  const books = await checkBooks(db, only);
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
 *
 * An invariant none of whose tables changed since it was last asked gives the same answer again, so
 * only the others are asked: the tables each reads come from invariant-reads.ts, and the caller says
 * which tables changed (touched-tables.ts).
 */
export async function booksOf(db: Db) {
  const reads = await invariantReads(db);
  const atStart = new Set(await violations(db));
  const changedSinceAsked = new Set<string>();
  const affected = (key: string) => {
    const read = reads.get(key);
    return !read || read.clock || [...read.tables].some((table) => changedSinceAsked.has(table));
  };
  return {
    /** Notes tables changed, for the next `added()`. */
    changed(tables: Set<string>) {
      for (const table of tables) changedSinceAsked.add(table);
    },
    /** The violations the month added, each with its invariant's key and row; none when the books hold. */
    async added(): Promise<string[]> {
      const found = await violations(db, affected);
      changedSinceAsked.clear();
      return found.filter((violation) => !atStart.has(violation));
    },
  };
}
