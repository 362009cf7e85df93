import { describe, expect, it } from 'vitest';
import { pages } from '../../catalogue/catalogue';
import { discountWords } from '../../domain/discount';

describe('a price ratio read as a discount', () => {
  it('says how much is taken off and the 折 a Chinese reader expects', () => {
    expect(discountWords('87.60')).toEqual({ key: 'discount', params: { off: '12.40', zhe: '8.76' } });
    expect(discountWords('85.00')).toEqual({ key: 'discount', params: { off: '15.00', zhe: '8.5' } });
    expect(discountWords('0.01')).toEqual({ key: 'discount', params: { off: '99.99', zhe: '0.001' } });
  });

  it('says no discount at the standard price, how far above it otherwise, and nothing for no figure', () => {
    expect(discountWords('100.00')).toEqual({ key: 'noDiscount', params: {} });
    expect(discountWords('103.5')).toEqual({ key: 'aboveStandard', params: { over: '3.50' } });
    for (const blank of [undefined, null, '', 'n/a', '-5']) expect(discountWords(blank)).toBeUndefined();
  });
});

describe('the discount fields of the special-price, execution-order and opportunity pages', () => {
  // The ratios the server keeps for a special price, its lines and an opportunity's products.
  const RESOURCES = new Set(['specialApproval', 'opportunityItem', 'opportunity', 'executionOrder']);

  it('read every price ratio as its discount, in lists and forms alike', () => {
    const ratios = pages
      .filter((page) => page.resource && RESOURCES.has(page.resource))
      .flatMap((page) =>
        [...(page.columns ?? []), ...(page.fields ?? [])]
          .filter((f) => f.kind === 'percent' && /Discount/.test(f.field))
          .map((f) => ({ at: `${page.id} ${f.field}`, asDiscount: f.asDiscount === true })),
      );
    // 加权平均折扣 and 申请折扣 in the lists, 加权平均折扣 and 批复折扣 on the forms, at least.
    expect(ratios.length).toBeGreaterThanOrEqual(4);
    expect(ratios.filter((r) => !r.asDiscount).map((r) => r.at)).toEqual([]);
  });
});
