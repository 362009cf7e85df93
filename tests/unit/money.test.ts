import { describe, expect, it } from 'vitest';
import { fenToYuanString, yuanToFen } from '../../domain/money';

describe('yuanToFen', () => {
  it('converts numbers and strings exactly', () => {
    expect(yuanToFen(1234.5)).toBe(123450);
    expect(yuanToFen('1234.50')).toBe(123450);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen(12)).toBe(1200);
    expect(yuanToFen(' 8.5 ')).toBe(850);
    expect(yuanToFen(0)).toBe(0);
  });

  it('handles signs without producing negative zero', () => {
    expect(yuanToFen(-12.34)).toBe(-1234);
    expect(yuanToFen('+3')).toBe(300);
    expect(Object.is(yuanToFen('-0.00'), 0)).toBe(true);
  });

  it('accepts trailing zeros beyond two decimals', () => {
    expect(yuanToFen('1.230')).toBe(123);
    expect(yuanToFen('5.0000')).toBe(500);
  });

  it('throws a RangeError for three significant decimals', () => {
    expect(() => yuanToFen(1.005)).toThrow(RangeError);
    expect(() => yuanToFen('1.005')).toThrow(/at most 2 decimals/);
    expect(() => yuanToFen(0.1 + 0.2)).toThrow(RangeError);
    expect(() => yuanToFen(1e-7)).toThrow(RangeError);
  });

  it('throws a RangeError past the safe integer range', () => {
    expect(() => yuanToFen(1e21)).toThrow(RangeError);
    expect(() => yuanToFen('90071992547409.92')).toThrow(RangeError);
    expect(yuanToFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('throws a TypeError for text that is not an amount', () => {
    for (const v of ['', 'abc', '1,000', '1.', '.5', '1e3']) {
      expect(() => yuanToFen(v), v).toThrow(TypeError);
    }
    expect(() => yuanToFen(Number.NaN)).toThrow(TypeError);
    expect(() => yuanToFen(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('fenToYuanString', () => {
  it('shows two decimals without separators', () => {
    expect(fenToYuanString(123450)).toBe('1234.50');
    expect(fenToYuanString(0)).toBe('0.00');
    expect(fenToYuanString(5)).toBe('0.05');
    expect(fenToYuanString(99)).toBe('0.99');
    expect(fenToYuanString(100)).toBe('1.00');
    expect(fenToYuanString(-1234)).toBe('-12.34');
    expect(fenToYuanString(-5)).toBe('-0.05');
  });

  it('is exact for the largest amounts', () => {
    expect(fenToYuanString(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(fenToYuanString(Number.MAX_SAFE_INTEGER - 1)).toBe('90071992547409.90');
  });

  it('round-trips with yuanToFen', () => {
    for (const yuan of ['0.00', '0.01', '1234.50', '-7.89', '100000000.00']) {
      expect(fenToYuanString(yuanToFen(yuan))).toBe(yuan);
    }
  });

  it('refuses fractions of a fen and unsafe integers', () => {
    expect(() => fenToYuanString(1.5)).toThrow(RangeError);
    expect(() => fenToYuanString(Number.NaN)).toThrow(RangeError);
    expect(() => fenToYuanString(2 ** 53)).toThrow(RangeError);
  });
});
