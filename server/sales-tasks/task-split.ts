/**
 * The time split of an annual sales target (notes/domain.md §6.2): annual → quarters by percentage
 * shares (default 20/25/25/30), each quarter → its three months in equal parts. Amounts are integer
 * fen (bigint, so even the largest numeric(18,2) target splits exactly); every share is rounded down
 * and the remainder goes to the last period, so the parts always add up to the whole.
 */

export const DEFAULT_QUARTER_SHARES = [20, 25, 25, 30] as const;

/** A whole percent in hundredths of a percent (basis points): 100% = 10,000. */
export const PERCENT_BP = 100;
const WHOLE_BP = 100 * PERCENT_BP;

/**
 * Splits `whole` by shares in hundredths of a percent (33.33% = 3333) that add up to 10,000; each part
 * is rounded down and the last takes the remainder.
 */
export function splitByBasisPoints(whole: bigint, shares: readonly number[]): bigint[] {
  if (shares.reduce((sum, s) => sum + s, 0) !== WHOLE_BP || shares.some((s) => !Number.isInteger(s) || s < 0))
    throw new RangeError(`Shares must be hundredths of a percent adding up to 100%; got ${shares.join('/')}`);
  const parts = shares.slice(0, -1).map((share) => (whole * BigInt(share)) / BigInt(WHOLE_BP));
  return [...parts, whole - parts.reduce((sum, p) => sum + p, 0n)];
}

/** Splits `whole` by integer percentage shares that add up to 100; the last part takes the remainder. */
export function splitByShares(whole: bigint, shares: readonly number[]): bigint[] {
  if (shares.some((s) => !Number.isInteger(s)))
    throw new RangeError(`Shares must be whole percentages adding up to 100; got ${shares.join('/')}`);
  return splitByBasisPoints(
    whole,
    shares.map((s) => s * PERCENT_BP),
  );
}

/** Splits `whole` into `count` equal parts; the last part takes the remainder. */
export function splitEvenly(whole: bigint, count: number): bigint[] {
  const part = whole / BigInt(count);
  return [...Array.from({ length: count - 1 }, () => part), whole - part * BigInt(count - 1)];
}

/** Annual target → four quarters → twelve months, all in fen. */
export function splitAnnual(annual: bigint, quarterShares: readonly number[] = DEFAULT_QUARTER_SHARES) {
  const quarters = splitByShares(annual, quarterShares);
  return { quarters, months: quarters.flatMap((q) => splitEvenly(q, 3)) };
}

/** A decimal yuan text with at most two decimals ('1234.5') → fen. */
export function fenOf(yuan: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) throw new TypeError(`Not a money amount: "${yuan}"`);
  const fen = BigInt(match[2] + (match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/** Fen → the two-decimal yuan text prices are kept in. */
export function yuanOf(fen: bigint): string {
  const digits = (fen < 0n ? -fen : fen).toString().padStart(3, '0');
  return `${fen < 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
