/**
 * Money as integer fen (分), DOMAIN "Numbers ... Money": never floating point. Conversions go through
 * the decimal text, so no rounding can creep in.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Yuan (number or decimal string) to fen. Throws a RangeError for a third non-zero decimal or an unsafe magnitude. */
export function yuanToFen(value: string | number): number {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`Not a money amount: ${value}`);
  }
  // String(number) is the shortest text that reads back as the same double, i.e. what was written.
  const text = typeof value === 'number' ? toPlainDecimal(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new TypeError(`Not a money amount: "${value}"`);
  const [, sign, whole, fraction = ''] = match;
  // Trailing zeros ('1.230') carry no value, so only a non-zero third decimal is refused.
  const cents = fraction.replace(/0+$/, '');
  if (cents.length > 2) {
    throw new RangeError(`Money has at most 2 decimals (fen); got "${value}"`);
  }
  const fen = Number(whole + cents.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`Money amount out of range: "${value}"`);
  // `+ 0` keeps "-0" from producing negative zero.
  return (sign === '-' ? -fen : fen) + 0;
}

/** Numbers below 1e-6 or from 1e21 print in exponent form; those never have a valid fen reading anyway. */
function toPlainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  if (Math.abs(value) >= 1) throw new RangeError(`Money amount out of range: ${value}`);
  throw new RangeError(`Money has at most 2 decimals (fen); got ${value}`);
}

/** Fen to a plain yuan string with two decimals, e.g. 123450 → '1234.50'. */
export function fenToYuanString(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`Fen must be a safe integer; got ${fen}`);
  // Split the digit string instead of dividing by 100, which rounds for large amounts.
  const digits = String(Math.abs(fen)).padStart(3, '0');
  const sign = fen < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
