import { expect } from 'vitest';
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
