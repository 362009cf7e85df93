import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthArbitrary } from './simulated-month/commands';
import { runMonth, type Tally } from './simulated-month/month';
import { undrawnOnDelete } from './simulated-month/planted-bugs';

/**
 * A simulated business month (docs/books.md): random commands through the API as every demo role —
 * legal ones and refused ones — with every invariant of the books checked after each, and a failure
 * shrunk by fast-check to the shortest sequence that still fails. A failing run prints its seed and
 * path; SIMULATED_MONTH_SEED and SIMULATED_MONTH_PATH replay exactly that run.
 */
const SEED = Number(process.env.SIMULATED_MONTH_SEED ?? 20261128);
const PATH = process.env.SIMULATED_MONTH_PATH || undefined;
// Lengths drawn evenly up to 200 (unbiased), so a run is a long month and a failure shrinks to a short one.
const RUNS = 6;
const LENGTH = { min: 1, max: 200 };

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
    const result = await fc.check(
      fc.asyncProperty(
        monthArbitrary({ min: 1, max: 12 }, ['order.enter', 'order.submit', 'order.delete']),
        (steps) => runMonth(steps, { plant: undrawnOnDelete }),
      ),
      { seed: SEED, numRuns: 20, unbiased: true },
    );
    expect(result.failed).toBe(true);
    const shortest = result.counterexample![0];
    expect(shortest.map((step) => step.do)).toEqual(['order.enter', 'order.delete']);
    expect(String(result.errorInstance)).toContain('orders.drawnIsSumOfLiveOrders');
  }, 300_000);
});
