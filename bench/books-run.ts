import { areaInvariants } from '../server/areas/areas';
import { checkBooks } from '../server/books/check-books';
import type { Db } from '../server/db/database';

/** One invariant's query at scale: how long it took and what it found. */
export interface TimedInvariant {
  key: string;
  ms: number;
  violations: number;
  failure?: string;
}

export interface BooksTiming {
  ms: number;
  invariants: TimedInvariant[];
}

/**
 * `npm run verify-books` at scale: every invariant the areas declare, one query after the other as
 * the command runs them (server/books/check-books.ts), each timed on its own so a slow one is named.
 */
export async function measureBooks(db: Db): Promise<BooksTiming> {
  const keys = areaInvariants().map((invariant) => invariant.key);
  const invariants: TimedInvariant[] = [];
  const started = performance.now();
  for (const key of keys) {
    const before = performance.now();
    const report = await checkBooks(db, (k) => k === key);
    const check = report.checks[0];
    invariants.push({
      key,
      ms: performance.now() - before,
      violations: check?.total ?? 0,
      ...(check?.failure ? { failure: check.failure } : {}),
    });
  }
  return { ms: performance.now() - started, invariants };
}

/** The table of a run: the whole check against its budget, then the slowest invariants and any that found a row. */
export function booksTable(timing: BooksTiming, budgetSeconds: number | null): string[] {
  const violations = timing.invariants.reduce((sum, invariant) => sum + invariant.violations, 0);
  const seconds = timing.ms / 1000;
  const verdict = budgetSeconds === null ? '' : seconds <= budgetSeconds ? ' — met' : ' — **missed**';
  const out = [
    `Every invariant (${timing.invariants.length}) in **${seconds.toFixed(1)} s**${budgetSeconds === null ? '' : ` (budget ≤ ${budgetSeconds} s)`}${verdict}; ${violations} violations.`,
    '',
    '| invariant | s | violations |',
    '|---|---|---|',
  ];
  // The slowest, and every one that found something or failed, slowest first.
  const shown = [...timing.invariants]
    .sort((a, b) => b.ms - a.ms)
    .filter((invariant, rank) => rank < 8 || invariant.violations > 0 || invariant.failure);
  for (const invariant of shown)
    out.push(
      `| ${invariant.key} | ${(invariant.ms / 1000).toFixed(1)} | ${invariant.failure ? `query failed: ${invariant.failure}` : invariant.violations} |`,
    );
  return out;
}
