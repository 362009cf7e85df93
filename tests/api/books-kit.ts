import { describe, expect, it } from 'vitest';
import { checkBooks, type InvariantCheck } from '../../server/books/check-books';
import type { Db } from '../../server/db/database';

const ROLLBACK = new Error('rolled back after the check');

/**
 * What one invariant (its full key) finds once `corrupt` has broken the books, checked inside a
 * transaction that is rolled back afterwards, so the demo world stays balanced for the next test.
 */
export async function checkAfterCorruption(
  db: Db,
  key: string,
  corrupt: (trx: Db) => Promise<unknown>,
): Promise<InvariantCheck> {
  let found: InvariantCheck | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      await corrupt(trx);
      [found] = (await checkBooks(trx, (k) => k === key)).checks;
      throw ROLLBACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  expect(found, key).toBeDefined();
  expect(found?.failure).toBeUndefined();
  return found as InvariantCheck;
}

/**
 * The books of the named areas (`salesTasks`, `rebates`) balance as they stand: a test that moved
 * targets or money ends with this, as `npm run verify-books` would find its world.
 */
export async function expectBooksBalanced(db: Db, areas: readonly string[]) {
  const report = await checkBooks(db, (key) => areas.some((area) => key.startsWith(`${area}.`)));
  expect(report.checks.length).toBeGreaterThan(0);
  const broken = report.checks.filter((check) => check.total > 0 || check.failure);
  expect(broken.map((check) => `${check.key}: ${check.failure ?? JSON.stringify(check.rows[0])}`)).toEqual(
    [],
  );
}

/**
 * Ends a test file with its books: a last test, run after every other test of the file, that finds the
 * named areas balanced in the world those tests left (`app` is read then, once the file has started it).
 */
export function endsWithBooksBalanced(app: () => { database: { db: Db } }, areas: readonly string[]) {
  describe('the books after these tests', () => {
    it(`balance in ${areas.join(' and ')}`, () => expectBooksBalanced(app().database.db, areas));
  });
}
