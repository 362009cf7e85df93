import { describe, expect, it } from 'vitest';
import { col } from '../../catalogue/define';
import {
  awaitingTextOf,
  cellValueText,
  discountTextOf,
  letterLinkText,
  valueText,
} from '../../domain/value-text';
import { translate } from '../../server/http/i18n';

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

  it("names the step a workflow waits for by its role, in the reader's language", () => {
    const column = { field: 'ApprovalStatus', kind: 'dict', awaitingRole: 'ApproverRole' };
    const inChinese = {
      ...words,
      awaitingText: awaitingTextOf((key, params) => translate('zh', key, params)),
    };
    const inEnglish = {
      ...words,
      awaitingText: awaitingTextOf((key, params) => translate('en', key, params)),
    };
    expect(cellValueText(column, { ApprovalStatus: '111', ApproverRole: 'JS014' }, inChinese)).toBe(
      '待财务审批',
    );
    expect(cellValueText(column, { ApprovalStatus: '111', ApproverRole: 'JS017' }, inChinese)).toBe(
      '待分管副总裁审批',
    );
    expect(cellValueText(column, { ApprovalStatus: '111', ApproverRole: 'JS014' }, inEnglish)).toBe(
      'Awaiting Finance',
    );
    // Waiting for nobody, or for a role without a name: the status word.
    expect(cellValueText(column, { ApprovalStatus: '121', ApproverRole: null }, inChinese)).toBe('已生效');
    expect(cellValueText(column, { ApprovalStatus: '121', ApproverRole: 'JS999' }, inChinese)).toBe('已生效');
  });

  it('names a commitment letter by its number, else by its address', () => {
    const cell = { kind: 'link' as const, url: '/files/1' };
    expect(letterLinkText({ commitmentLetterNo: 'CL1' }, cell)).toBe('CL1');
    expect(letterLinkText({}, cell)).toBe('/files/1');
  });

  it('reads a discount column as the discount in the reader’s words, and a plain percent as the ratio', () => {
    const row = { ExtWeightedDiscount_SDK: '87.60' };
    const zh = { discountText: discountTextOf((key, params) => translate('zh', key, params)) };
    const en = { discountText: discountTextOf((key, params) => translate('en', key, params)) };
    expect(cellValueText(col.discount('ExtWeightedDiscount_SDK'), row, zh)).toBe('8.76折（优惠 12.40%）');
    expect(cellValueText(col.discount('ExtWeightedDiscount_SDK'), row, en)).toBe('12.40% off');
    expect(
      cellValueText(col.discount('ExtWeightedDiscount_SDK'), { ExtWeightedDiscount_SDK: '100' }, zh),
    ).toBe('无折扣（标准渠道价）');
    expect(cellValueText(col.discount('ExtWeightedDiscount_SDK'), {}, zh)).toBe('');
    expect(cellValueText(col.percent('ExtWeightedDiscount_SDK'), row, zh)).toBe('87.60%');
  });
});
