import { describe, expect, it } from 'vitest';
import { cellValueText, letterLinkText, valueText } from '../../domain/value-text';

/** The table and the exported sheet read a value with one set of rules, each in its own reader's words. */
describe('value text', () => {
  const words = {
    dictionaryText: (keyword: string) => (keyword === '121' ? '已生效' : undefined),
    yesNo: (yes: boolean) => (yes ? '是' : '否'),
  };

  it('writes nothing for a missing value, whatever its kind', () => {
    for (const value of [undefined, null, '']) expect(valueText('price', value, words)).toBe('');
  });

  it('reads dictionaries and flags in the words given, and falls back to the value without them', () => {
    expect(valueText('dict', '121', words)).toBe('已生效');
    expect(valueText('dict', '999', words)).toBe('999');
    expect(valueText('boolean', 'true', words)).toBe('是');
    expect(valueText('boolean', false, words)).toBe('否');
    expect(valueText('boolean', true)).toBe('true');
  });

  it('writes a structure as the reader asks, else as String() does', () => {
    expect(valueText('text', { a: 1 }, { objectText: JSON.stringify })).toBe('{"a":1}');
    expect(valueText('text', ['a', 'b'])).toBe('a,b');
    expect(valueText('file', [{ FileName: 'a.pdf' }, { FileName: 'b.pdf' }])).toBe('a.pdf, b.pdf');
  });

  it('shows people as name(login), and the login alone without a name', () => {
    const column = { field: 'Owner', kind: 'person', loginField: 'OwnerLogin' };
    expect(cellValueText(column, { Owner: '张三', OwnerLogin: 'zs' })).toBe('张三(zs)');
    expect(cellValueText(column, { OwnerLogin: 'zs' })).toBe('zs');
  });

  it('names a commitment letter by its number, else by its address', () => {
    const cell = { kind: 'link' as const, url: '/files/1' };
    expect(letterLinkText({ commitmentLetterNo: 'CL1' }, cell)).toBe('CL1');
    expect(letterLinkText({}, cell)).toBe('/files/1');
  });
});
