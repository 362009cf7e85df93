import { StiLevel } from '../../domain/codes/sales-tasks.codes';
/**
 * STI, the sales-target incentive (notes §6.4): attainment → share of the STI base. Below 80% nothing;
 * from 80% to 100% linear from 50% to 100% of the base; above 100% the excess counts 1.5 times, capped
 * at 150% of the base. Rates are in basis points of a percent (8000 = 80.00%), money in integer fen,
 * so the bands meet exactly and the SQL views (migration 032) compute the same figures.
 */

export const STI_THRESHOLD = 8_000n;
export const STI_TARGET = 10_000n;
export const STI_CAP = 15_000n;
/** STI base = the target × 1% (notes §6.4 "e.g. 1%"). */
export const STI_RATE_BP = 100n;

/** StiLevel keywords: below threshold, target band, accelerator, capped. */
export const STI_LEVEL = {
  below: StiLevel.belowThreshold,
  band: StiLevel.targetBand,
  accelerator: StiLevel.accelerator,
  capped: StiLevel.capped,
} as const;

/** Attainment in basis points: achieved ÷ target, rounded down; no target, no attainment. */
export function attainment(achievedFen: bigint, targetFen: bigint): bigint {
  if (targetFen <= 0n || achievedFen <= 0n) return 0n;
  return (achievedFen * 10_000n) / targetFen;
}

/** The share of the STI base paid at an attainment, in basis points (5000 = 50% of the base). */
export function payoutShare(attainmentBp: bigint): bigint {
  if (attainmentBp < STI_THRESHOLD) return 0n;
  if (attainmentBp <= STI_TARGET) return 5_000n + ((attainmentBp - STI_THRESHOLD) * 5n) / 2n;
  const accelerated = STI_TARGET + ((attainmentBp - STI_TARGET) * 3n) / 2n;
  return accelerated > STI_CAP ? STI_CAP : accelerated;
}

export function stiLevel(attainmentBp: bigint): string {
  if (attainmentBp < STI_THRESHOLD) return STI_LEVEL.below;
  if (attainmentBp <= STI_TARGET) return STI_LEVEL.band;
  return payoutShare(attainmentBp) >= STI_CAP ? STI_LEVEL.capped : STI_LEVEL.accelerator;
}

/** A target's STI: its base, attainment, band and amount (fen, rounded down). */
export function stiOf(targetFen: bigint, achievedFen: bigint) {
  const base = (targetFen * STI_RATE_BP) / 10_000n;
  const rate = attainment(achievedFen, targetFen);
  const share = payoutShare(rate);
  return { base, attainment: rate, level: stiLevel(rate), share, amount: (base * share) / 10_000n };
}
