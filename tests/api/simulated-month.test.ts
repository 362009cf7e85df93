import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthArbitrary } from './simulated-month/commands';
import { runMonth, type Tally } from './simulated-month/month';
import { undrawnOnDelete } from './simulated-month/planted-bugs';
import type { Role } from './simulated-month/world';

/**
 * A simulated business month (docs/books.md): random commands through the API as every demo role —
 * legal ones and refused ones — with every invariant of the books checked after each, and a failure
 * shrunk by fast-check to the shortest sequence that still fails. A failing run prints its seed and
 * path; SIMULATED_MONTH_SEED and SIMULATED_MONTH_PATH replay exactly that run (on the same backend).
 */
// The suite runs on PGlite and again on a PostgreSQL server: each backend lives months of its own
// (its own seed), seven on PGlite and six on the server, thirteen different months in all where both run.
const ON_SERVER = Boolean(process.env.DATABASE_URL);
const SEED = Number(process.env.SIMULATED_MONTH_SEED ?? (ON_SERVER ? 20261202 : 20261128));
const PATH = process.env.SIMULATED_MONTH_PATH || undefined;
// Months of 1 to 250 commands, lengths drawn evenly (unbiased). The shortest length is 1, so a failure
// shrinks to the few commands that show it.
const RUNS = ON_SERVER ? 6 : 7;
const LENGTH = { min: 1, max: 250 };

describe('a simulated business month', () => {
  it('keeps the books balanced after every command, refuses what a caller may not do, and never fails with a 5xx', async () => {
    const tally: Tally = new Map();
    await fc.assert(
      fc.asyncProperty(monthArbitrary(LENGTH), (steps) => runMonth(steps, { tally })),
      { seed: SEED, path: PATH, numRuns: PATH ? 1 : RUNS, unbiased: true },
    );
    // Most of the month is real work: every kind of record was made and taken further.
    const done = (prefix: string) =>
      [...tally]
        .filter(([key]) => key.startsWith(prefix) && key.endsWith(' 200'))
        .reduce((n, [, c]) => n + c, 0);
    for (const command of [
      'order.enter',
      'order.submit',
      'order.decide',
      'receipt.register',
      'receipt.decide',
      'loan.ask',
    ])
      expect(done(command), command).toBeGreaterThan(0);
  }, 600_000);

  it('finds a planted bug — a deleted order keeps what it drew from its execution order — and shrinks it to the steps that show it', async () => {
    // The RSP entering orders against its execution orders and deleting drafts, in any order.
    const specialOrderDays = fc.array(
      fc.record({
        do: fc.constantFrom('order.enter', 'order.delete'),
        as: fc.constant<Role>('rsp'),
        pick: fc.constant(0),
        // The order entry form against an execution order (see orderForm).
        n: fc.constant(2),
      }),
      { minLength: 1, maxLength: 8 },
    );
    const result = await fc.check(
      fc.asyncProperty(specialOrderDays, (steps) => runMonth(steps, { plant: undrawnOnDelete })),
      { seed: SEED, numRuns: 10 },
    );
    expect(result.failed).toBe(true);
    // Shrunk to an order entered and deleted; the month stops at the failing step, so a step after it
    // may stay in the sequence without being run.
    const error = String(result.errorInstance);
    const failingStep = Number(/step (\d+) \(/.exec(error)?.[1]);
    const shortest = result.counterexample![0];
    expect(shortest.length).toBeLessThanOrEqual(3);
    expect(shortest.slice(0, failingStep).map((step) => step.do)).toEqual(['order.enter', 'order.delete']);
    expect(error).toContain('orders.drawnIsSumOfLiveOrders');
  }, 300_000);
});
