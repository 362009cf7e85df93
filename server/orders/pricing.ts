/**
 * Order money in integer fen as BigInt (notes §0.5: tax-inclusive amounts, never floating point).
 * BigInt because a line of a million units at a large price passes Number's safe integers; the
 * database keeps numeric(18, 2), so an order amount must stay below 10^16 yuan.
 */

/** numeric(18, 2) holds amounts below 10^16 yuan. */
export const MAX_AMOUNT_FEN = 10n ** 18n;

const DECIMAL = /^(\d{1,16})(?:\.(\d{1,2}))?$/;

/** A non-negative yuan amount with at most two decimals (text or number) to fen; undefined when it is not one. */
export function fenOf(value: unknown): bigint | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof text !== 'string') return undefined;
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  return BigInt(match[1]) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Fen to the yuan text numeric(18, 2) reads exactly: 123450n → '1234.50'. */
export function yuanOf(fen: bigint): string {
  const sign = fen < 0n ? '-' : '';
  const digits = (fen < 0n ? -fen : fen).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export const lineAmountFen = (unitPriceFen: bigint, quantity: number) => unitPriceFen * BigInt(quantity);

/** The order amount is the sum of its line amounts, exactly. */
export const orderAmountFen = (lines: { amountFen: bigint }[]) =>
  lines.reduce((sum, line) => sum + line.amountFen, 0n);

/**
 * The RSP cash discount of an amount at a rate in percent with up to four decimals (0.4 = 0.4 %),
 * rounded down to the fen: the vendor never grants more than the configured rate.
 */
export function cashDiscountFen(amountFen: bigint, ratePercent: number): bigint {
  if (!Number.isFinite(ratePercent) || ratePercent <= 0) return 0n;
  const rateMillionths = BigInt(Math.round(ratePercent * 10_000));
  return (amountFen * rateMillionths) / 1_000_000n;
}
