/**
 * Unified social credit code (统一社会信用代码, GB 32100-2015), DOMAIN "Agent registration" and
 * notes/domain.md §8.6. Only the check character is enforced; the notes make the embedded
 * organisation-code check (positions 9–17) an optional warning, so it is not part of validity.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const BODY_LENGTH = 17;

/** W_i = 3^(i−1) mod 31 for i = 1..17. */
const WEIGHTS = Array.from({ length: BODY_LENGTH }, (_, i) => {
  let w = 1;
  for (let k = 0; k < i; k += 1) w = (w * 3) % 31;
  return w;
});

/** §8.6 step 1: trim, drop spaces and hyphens, upper-case — store this form so uniqueness checks compare like with like. */
export function normalizeCreditCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Check character for 17 body characters, or null when a character is outside the alphabet. */
function checkCharacter(body: string): string | null {
  let sum = 0;
  for (let i = 0; i < BODY_LENGTH; i += 1) {
    const value = ALPHABET.indexOf(body[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

/** True when the code, once normalised, has 18 characters of the alphabet and the right check character. */
export function isValidCreditCode(code: string): boolean {
  const normalized = normalizeCreditCode(code);
  if (normalized.length !== BODY_LENGTH + 1) return false;
  const expected = checkCharacter(normalized.slice(0, BODY_LENGTH));
  return expected !== null && expected === normalized[BODY_LENGTH];
}

/** Appends the check character to 17 characters of the alphabet (the demo seed invents codes with it). */
export function makeCreditCode(prefix17: string): string {
  const expected = prefix17.length === BODY_LENGTH ? checkCharacter(prefix17) : null;
  if (expected === null) {
    throw new RangeError(`A credit-code body is 17 characters of ${ALPHABET}; got "${prefix17}"`);
  }
  return prefix17 + expected;
}
