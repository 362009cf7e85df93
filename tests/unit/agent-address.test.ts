import { describe, expect, it } from 'vitest';
import { composeAddress } from '../../server/agreements/agent-address';

describe('the address an agreement writes', () => {
  it('writes province, city, district and detail once each', () => {
    expect(
      composeAddress({ province: '广东省', city: '深圳市', district: '南山区', detail: '科技园路1号' }),
    ).toBe('广东省深圳市南山区科技园路1号');
  });

  it('does not repeat a region the detail already starts with', () => {
    expect(composeAddress({ province: '广东省', city: '深圳市', detail: '深圳市南山区科技园路1号' })).toBe(
      '广东省深圳市南山区科技园路1号',
    );
    expect(composeAddress({ province: '广东省', city: '深圳市', detail: '广东省深圳市科技园路1号' })).toBe(
      '广东省深圳市科技园路1号',
    );
  });

  it('writes a municipality once when it is both province and city', () => {
    expect(
      composeAddress({ province: '上海市', city: '上海市', district: '浦东新区', detail: '世纪大道1号' }),
    ).toBe('上海市浦东新区世纪大道1号');
  });

  it('leaves out what is missing', () => {
    expect(composeAddress({ detail: '世纪大道1号' })).toBe('世纪大道1号');
    expect(composeAddress({})).toBe('');
  });
});
