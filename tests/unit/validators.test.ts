import { describe, expect, it } from 'vitest';
import type { UploadFile } from '../../domain/validators';
import {
  checkUploadFile,
  isNonNegativeMoney,
  isPositiveInteger,
  stripNonDigits,
} from '../../domain/validators';

describe('isPositiveInteger', () => {
  it('accepts whole numbers above zero', () => {
    expect(isPositiveInteger(1)).toBe(true);
    expect(isPositiveInteger(250)).toBe(true);
    expect(isPositiveInteger('42')).toBe(true);
  });

  it('refuses zero, negatives, fractions and junk', () => {
    for (const v of [
      0,
      -1,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '0',
      '-3',
      '1.0',
      '01',
      '',
      ' 4',
      null,
      undefined,
    ]) {
      expect(isPositiveInteger(v), String(v)).toBe(false);
    }
  });
});

describe('isNonNegativeMoney', () => {
  it('accepts numbers and strings with up to two decimals', () => {
    for (const v of [0, 0.5, 12.34, 1000, '0', '0.05', '12.3', '12.34', '1000000']) {
      expect(isNonNegativeMoney(v), String(v)).toBe(true);
    }
  });

  it('refuses negatives, three decimals, float noise and malformed text', () => {
    for (const v of [
      -0.01,
      1.005,
      0.1 + 0.2,
      Number.NaN,
      '-1',
      '1.005',
      '01.5',
      '1.',
      '.5',
      '',
      'abc',
      '1,000',
      null,
    ]) {
      expect(isNonNegativeMoney(v), String(v)).toBe(false);
    }
  });
});

describe('stripNonDigits', () => {
  it('keeps only ASCII digits', () => {
    expect(stripNonDigits('12a3-4.5 ')).toBe('12345');
    expect(stripNonDigits('-1.5e3')).toBe('153');
    expect(stripNonDigits('abc')).toBe('');
    expect(stripNonDigits('')).toBe('');
    expect(stripNonDigits(null)).toBe('');
  });
});

describe('checkUploadFile', () => {
  const MB = 1024 * 1024;
  const pdf: UploadFile = { name: 'Contract.PDF', size: 2 * MB, type: 'application/pdf' };
  const png: UploadFile = { name: 'scan', size: 100, type: 'image/png' };

  it('passes without rules', () => {
    expect(checkUploadFile(pdf, {}, [])).toBeNull();
  });

  it('matches extensions with or without a dot, MIME types and MIME families', () => {
    expect(checkUploadFile(pdf, { accept: ['pdf'] }, [])).toBeNull();
    expect(checkUploadFile(pdf, { accept: ['.pdf'] }, [])).toBeNull();
    expect(checkUploadFile(png, { accept: ['image/png'] }, [])).toBeNull();
    expect(checkUploadFile(png, { accept: ['image/*'] }, [])).toBeNull();
    expect(checkUploadFile(pdf, { accept: [] }, [])).toBeNull();
  });

  it('refuses a wrong format with the type list', () => {
    expect(checkUploadFile(pdf, { accept: ['jpg', 'png'] }, [])).toEqual({
      code: 'format',
      params: { types: 'jpg/png' },
    });
    expect(checkUploadFile(png, { accept: ['png'] }, [])?.code).toBe('format');
  });

  it('requires the file to be smaller than the limit', () => {
    expect(checkUploadFile({ ...pdf, size: 2 * MB - 1 }, { maxSizeMb: 2 }, [])).toBeNull();
    expect(checkUploadFile(pdf, { maxSizeMb: 2 }, [])).toEqual({ code: 'size', params: { n: 2 } });
    expect(checkUploadFile(pdf, { maxSizeMb: 0.5 }, [])).toEqual({ code: 'size', params: { n: 0.5 } });
  });

  it('refuses a duplicate by name plus size only when asked', () => {
    const existing = [{ name: 'Contract.PDF', size: 2 * MB }];
    expect(checkUploadFile(pdf, { forbidDuplicates: true }, existing)).toEqual({
      code: 'duplicate',
      params: { name: 'Contract.PDF' },
    });
    expect(checkUploadFile(pdf, {}, existing)).toBeNull();
    expect(checkUploadFile({ ...pdf, size: 1 }, { forbidDuplicates: true }, existing)).toBeNull();
  });

  it('refuses going over the count limit', () => {
    const existing = [{ name: 'a', size: 1 }];
    expect(checkUploadFile(pdf, { limit: 2 }, existing)).toBeNull();
    expect(checkUploadFile(pdf, { limit: 1 }, existing)).toEqual({ code: 'count', params: { limit: 1 } });
  });

  it('checks count, then format, then size, then duplicate', () => {
    const existing = [{ name: 'Contract.PDF', size: 2 * MB }];
    const all = { limit: 1, accept: ['png'], maxSizeMb: 1, forbidDuplicates: true };
    expect(checkUploadFile(pdf, all, existing)?.code).toBe('count');
    expect(checkUploadFile(pdf, { ...all, limit: 5 }, existing)?.code).toBe('format');
    expect(checkUploadFile(pdf, { ...all, limit: 5, accept: ['pdf'] }, existing)?.code).toBe('size');
    expect(checkUploadFile(pdf, { ...all, limit: 5, accept: ['pdf'], maxSizeMb: 10 }, existing)?.code).toBe(
      'duplicate',
    );
  });
});
