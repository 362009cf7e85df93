import { describe, expect, it } from 'vitest';
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
