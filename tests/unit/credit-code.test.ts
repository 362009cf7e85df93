import { describe, expect, it } from 'vitest';
import { isValidCreditCode, makeCreditCode, normalizeCreditCode } from '../../domain/credit-code';

describe('isValidCreditCode', () => {
  it('accepts the reference example', () => {
    expect(isValidCreditCode('91110000600037341L')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(isValidCreditCode('91110000600037341K')).toBe(false);
    expect(isValidCreditCode('91110000600037341M')).toBe(false);
    // The standard's illustrative invalid code: the check should be 3, and Z is not in the alphabet.
    expect(isValidCreditCode('91350100M000100Y4Z')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
  });

  it('refuses a changed body character', () => {
    expect(isValidCreditCode('91110000600037342L')).toBe(false);
  });

  it('refuses wrong lengths and letters outside the alphabet', () => {
    expect(isValidCreditCode('')).toBe(false);
    expect(isValidCreditCode('91110000600037341')).toBe(false);
    expect(isValidCreditCode('91110000600037341LL')).toBe(false);
    for (const letter of ['I', 'O', 'S', 'V', 'Z']) {
      expect(isValidCreditCode(`9111000060003734${letter}L`), letter).toBe(false);
    }
  });

  it('normalises spaces, hyphens and case first', () => {
    expect(normalizeCreditCode(' 9111-0000 6000-37341l ')).toBe('91110000600037341L');
    expect(isValidCreditCode(' 911100006000-37341l')).toBe(true);
  });

  it('does not block on the embedded organisation code (a warning only, notes §8.6)', () => {
    // Body positions 9–17 changed so the GB 11714 check fails, check character recomputed.
    const code = makeCreditCode('91110000600037342');
    expect(isValidCreditCode(code)).toBe(true);
  });
});

describe('makeCreditCode', () => {
  it('appends the check character', () => {
    expect(makeCreditCode('91110000600037341')).toBe('91110000600037341L');
    expect(makeCreditCode('91350100M000100Y4')).toBe('91350100M000100Y43');
  });

  it('makes codes that validate and that are 0 when the sum is a multiple of 31', () => {
    for (const body of ['91330100MA2ABCDE1', '92440300000000000', '00000000000000000']) {
      const code = makeCreditCode(body);
      expect(code).toHaveLength(18);
      expect(isValidCreditCode(code)).toBe(true);
    }
    expect(makeCreditCode('00000000000000000')).toBe('000000000000000000');
  });

  it('refuses a body of the wrong length or alphabet', () => {
    expect(() => makeCreditCode('9111000060003734')).toThrow(RangeError);
    expect(() => makeCreditCode('911100006000373411')).toThrow(RangeError);
    expect(() => makeCreditCode('9111000060003734I')).toThrow(RangeError);
    expect(() => makeCreditCode('91110000600037341l')).toThrow(RangeError);
  });
});
