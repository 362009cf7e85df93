import { RebatePeriodType } from '../../domain/codes/rebates.codes';

/**
 * The pure arithmetic of a rebate task and its settlement (notes §5.1–5.2): the period a task covers,
 * the policy's tier table, and the rebate an achievement earns. Money is integer fen, rates are
 * hundredths of a percent (basis points), so nothing passes through a float.
 */

/** RebatePeriodType keywords: monthly, quarterly, half-yearly, annual. */
const PERIOD_FORMS: Record<string, RegExp> = {
  [RebatePeriodType.monthly]: /^(\d{4})-(0[1-9]|1[0-2])$/,
  [RebatePeriodType.quarterly]: /^(\d{4})-Q([1-4])$/,
  [RebatePeriodType.halfYearly]: /^(\d{4})-H([12])$/,
  [RebatePeriodType.annual]: /^(\d{4})$/,
};

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const day = (year: number, month: number, d: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The first and last day of a period written as its type asks (2026-07, 2026-Q3, 2026-H2, 2026). */
export function periodRange(periodType: string, period: string): { start: string; end: string } | null {
  const form = PERIOD_FORMS[periodType];
  const match = form?.exec(period.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const n = Number(match[2] ?? 1);
  const months: Record<string, [number, number]> = {
    [RebatePeriodType.monthly]: [n, n],
    [RebatePeriodType.quarterly]: [3 * n - 2, 3 * n],
    [RebatePeriodType.halfYearly]: [6 * n - 5, 6 * n],
    [RebatePeriodType.annual]: [1, 12],
  };
  const [first, last] = months[periodType];
  return { start: day(year, first, 1), end: day(year, last, lastDayOf(year, last)) };
}

/** One step of a tier table: from `thresholdBp` attainment on, the rebate rate `rateBp`. */
export interface Tier {
  thresholdBp: number;
  rateBp: number;
}

const PERCENT = /^(\d{1,4})(?:\.(\d{1,2}))?$/;

/** "12.5" percent to 1250 basis points; null when it is not a percent with at most two decimals. */
export function basisPoints(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * A policy's tier table, written `attainment%:rate%` and comma-separated with the attainment rising
 * ("80:1, 100:2, 120:3"). Null when it does not read so; an empty text is an empty table.
 */
export function parseTiers(text: string | null | undefined): Tier[] | null {
  const parts = String(text ?? '')
    .split(/[,，;；\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const tiers: Tier[] = [];
  for (const part of parts) {
    const [threshold, rate, extra] = part.split(/[:：]/);
    if (extra !== undefined || rate === undefined) return null;
    const thresholdBp = basisPoints(threshold.replace('%', ''));
    const rateBp = basisPoints(rate.replace('%', ''));
    if (thresholdBp === null || rateBp === null || rateBp > 10_000) return null;
    if (tiers.length && thresholdBp <= tiers[tiers.length - 1].thresholdBp) return null;
    tiers.push({ thresholdBp, rateBp });
  }
  return tiers;
}

/** Attainment in basis points of the target, rounded down (no target: none). */
export const attainmentBp = (achievedFen: number, targetFen: number) =>
  targetFen > 0 ? Number((BigInt(achievedFen) * 10_000n) / BigInt(targetFen)) : 0;

/** The highest tier the attainment reaches, if any, and not below the policy's minimum attainment. */
export function tierReached(tiers: Tier[], attainment: number, minimumBp = 0): Tier | null {
  if (attainment < minimumBp) return null;
  return [...tiers].reverse().find((t) => attainment >= t.thresholdBp) ?? null;
}

/** base × rate, rounded down to the fen: the vendor never owes more than the rate gives. */
export const rebateOf = (baseFen: number, rateBp: number) =>
  Number((BigInt(Math.max(0, baseFen)) * BigInt(rateBp)) / 10_000n);

/** Basis points as percent text with two decimals: 1250 → "12.50". */
export const percentText = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
