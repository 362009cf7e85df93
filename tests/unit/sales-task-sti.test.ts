import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attainment, payoutShare, STI_LEVEL, stiLevel, stiOf } from '../../server/sales-tasks/sti';

/**
 * The STI rule (notes §6.4) at its edges: nothing below 80%, half the base at 80%, the whole base at
 * 100%, 1.5× on the excess, never more than 150% — and an amount that never goes down as more is achieved.
 */
const bp = (percent: number) => BigInt(Math.round(percent * 100));

describe('STI: attainment → share of the base', () => {
  it('pays nothing below 80%, half at 80%, all at 100%, 150% from 133.34% on', () => {
    expect(payoutShare(bp(79.99))).toBe(0n);
    expect(payoutShare(bp(80))).toBe(5_000n);
    expect(payoutShare(bp(90))).toBe(7_500n);
    expect(payoutShare(bp(100))).toBe(10_000n);
    expect(payoutShare(bp(110))).toBe(11_500n);
    expect(payoutShare(bp(133.33))).toBe(14_999n);
    expect(payoutShare(bp(133.34))).toBe(15_000n);
    expect(payoutShare(bp(500))).toBe(15_000n);
    expect([79.99, 80, 100, 100.01, 140].map((p) => stiLevel(bp(p)))).toEqual([
      STI_LEVEL.below,
      STI_LEVEL.band,
      STI_LEVEL.band,
      STI_LEVEL.accelerator,
      STI_LEVEL.capped,
    ]);
  });

  it('never decreases with attainment, stays within 0–150%, and is 0 exactly below the threshold', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 40_000n }), fc.bigInt({ min: 0n, max: 40_000n }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(payoutShare(low) <= payoutShare(high)).toBe(true);
        expect(payoutShare(high) <= 15_000n).toBe(true);
        expect(payoutShare(low) === 0n).toBe(low < 8_000n);
      }),
    );
  });

  it('computes the amount from the target and what was achieved, in whole fen, never above 1.5× the base', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n }),
        (target, achieved) => {
          const sti = stiOf(target, achieved);
          expect(sti.attainment).toBe(attainment(achieved, target));
          expect(sti.amount >= 0n && sti.amount * 2n <= sti.base * 3n).toBe(true);
          if (achieved * 5n < target * 4n) expect(sti.amount).toBe(0n);
        },
      ),
    );
    // 1,000,000.00 yuan target, 900,000.00 achieved: base 10,000.00, 75% of it.
    expect(stiOf(100_000_000n, 90_000_000n)).toMatchObject({ base: 1_000_000n, amount: 750_000n });
  });
});
