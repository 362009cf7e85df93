import { EXACT_COUNT_LIMIT } from '../../domain/constants';
import type { Db } from '../db/database';
import type { SearchStatements } from './search';

/**
 * A list's total (docs/decisions.md, "Counting"): what a search's bounded count, the planner's estimate
 * or a kept count of the resource answers, as the searches (`searchRecords`, `searchAnswer`) and the
 * bench's bare SQL read it.
 */

/** The planner's row estimate of a statement (EXPLAIN's "Plan Rows"). */
async function estimatedRows(db: Db, statement: SearchStatements['estimate']) {
  const result = await statement.execute(db);
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  return Number((parsed as { Plan: { 'Plan Rows': number } }[])?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** A count this short costs less than asking the planner: most lists end here. */
export const QUICK_COUNT_LIMIT = 10_000;
/**
 * A planner's estimate this many times the exact limit is beyond any error of its statistics on a
 * list's conditions: the list is "more than" the limit without counting to it.
 */
export const SURELY_BEYOND = 3;

/**
 * How many rows a search matches: exact up to EXACT_COUNT_LIMIT, else the planner's estimate (for
 * paging), marked so the list says "more than" the limit. An exact count of a million rows on every
 * page turn would cost more than the page itself (ARCHITECTURE.md §9), and even counting to the limit
 * reads 100,001 index entries (about 20 ms on PGlite, most of a list's budget): a list past
 * QUICK_COUNT_LIMIT asks the planner first, and one estimated at SURELY_BEYOND times the limit or more
 * (the own-line orders at scale, 自建订单查询's lens) is not counted further. A resource whose groups
 * keep their count (`keptCount`: a rebate account's flows) answers from it, exactly, at any size.
 */
export async function matchingRows(db: Db, statements: SearchStatements) {
  if (statements.kept)
    return { total: (await statements.kept.execute(db)).rows[0]?.n ?? 0, estimated: false };
  const count = async (limit: number) => (await statements.countUpTo(limit).execute(db)).rows[0]?.n ?? 0;
  // A page that reads and sorts every match (a month's numbers) has already paid for a count of them:
  // counting to the exact limit at once costs less than a short count, the planner and a longer count
  // that reads the first matches again.
  const first = statements.readsEveryMatch ? EXACT_COUNT_LIMIT : QUICK_COUNT_LIMIT;
  const quick = await count(first);
  if (quick <= first) return { total: quick, estimated: false };
  const estimate = await estimatedRows(db, statements.estimate);
  if (estimate >= SURELY_BEYOND * EXACT_COUNT_LIMIT) return { total: estimate, estimated: true };
  const counted = first === EXACT_COUNT_LIMIT ? quick : await count(EXACT_COUNT_LIMIT);
  return counted > EXACT_COUNT_LIMIT
    ? { total: Math.max(counted, estimate), estimated: true }
    : { total: counted, estimated: false };
}
