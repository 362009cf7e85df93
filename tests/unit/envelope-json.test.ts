import { describe, expect, it } from 'vitest';
import { ok, okJson } from '../../server/http/envelope';

/** Pages as the database writes them: ASCII, Chinese, a character beyond the BMP, a lone surrogate. */
const PAGES = [
  '[]',
  '[{"OrderNo":"DD202503141500","Amount":"12.00"}]',
  '[{"AgentName":"石家庄智驰计算机有限公司","Remark":"账期60天"}]',
  '[{"Remark":"𠀋 and 😀 beside 中文"}]',
  `[{"Remark":"${'\ud800'}"}]`,
  JSON.stringify(
    Array.from({ length: 100 }, (_, i) => ({ No: `DD${i}`, Name: '北京联想智慧科技有限公司'.repeat(3) })),
  ),
];

describe("a page the database wrote, answered as the envelope's bytes", () => {
  it.each(PAGES)('is the envelope of the page, whole, in UTF-8: %#', (page) => {
    const text = `{"state":true,"message":"","results":${page},"totalSize":7}`;
    const bytes = okJson(page, { totalSize: 7 });
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    // A lone surrogate has no UTF-8: it arrives as U+FFFD, as it did when Node encoded the text.
    const carried = Buffer.from(page, 'utf8').toString('utf8');
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(ok(JSON.parse(carried), { totalSize: 7 }));
  });

  it('says when the total is an estimate', () => {
    const bytes = okJson('[{"Name":"联想"}]', { totalSize: 100_000, totalEstimated: true });
    expect(JSON.parse(bytes.toString('utf8'))).toEqual({
      state: true,
      message: '',
      results: [{ Name: '联想' }],
      totalSize: 100_000,
      totalEstimated: true,
    });
  });
});
