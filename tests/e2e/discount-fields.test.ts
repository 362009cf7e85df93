import { describe, expect, it } from 'vitest';
import { login, useBrowser } from './browser';
import { api } from './portal-api';

/**
 * A price ratio the server keeps (97 % of the standard price) reads on the forms as the discount a
 * reader expects (9.7折（优惠 3.00%）), as it does in the lists: the product line's 批复折扣 and a special
 * price's 加权平均折扣, both read-only.
 */
const e2e = useBrowser();
const ACTIVE = '[data-testid=tab-page]:not([hidden])';
const DISCOUNT_WORDS =
  /^(\d+(\.\d+)?折（优惠 \d+\.\d{2}%）|无折扣（标准渠道价）|高于标准渠道价 \d+\.\d{2}%)$/;

describe('discount fields', () => {
  it('read as the discount on the product line and special-price pages, never as the ratio', async () => {
    const { token: admin } = await api<{ token: string }>('/user/login', {
      username: 'admin',
      password: 'Admin@123456',
    });
    const items = await api<{ ObjectID: string; ApprovedDiscount?: string }[]>(
      '/opportunityItem/search',
      { pageSize: 100 },
      admin,
    );
    const item = items.find((i) => i.ApprovedDiscount && Number(i.ApprovedDiscount) < 100)!;
    const prices = await api<{ ObjectID: string; ExtWeightedDiscount_SDK?: string }[]>(
      '/specialApproval/search',
      { pageSize: 50 },
      admin,
    );
    const price = prices.find((p) => p.ExtWeightedDiscount_SDK && Number(p.ExtWeightedDiscount_SDK) < 100)!;

    const page = await e2e.newPage();
    await login(
      page,
      'admin',
      'Admin@123456',
      e2e.url(`/business/product-line-detail?objectID=${item.ObjectID}&action=detail`),
    );
    const approved = page.locator(`${ACTIVE} #field-ApprovedDiscount`);
    await expect.poll(() => approved.textContent()).toMatch(DISCOUNT_WORDS);
    const off = (100 - Number(item.ApprovedDiscount)).toFixed(2);
    await expect.poll(() => approved.textContent()).toContain(`优惠 ${off}%`);

    await page.goto(e2e.url(`/business/special-price-approval-info?objectID=${price.ObjectID}`));
    const weighted = page.locator(`${ACTIVE} [data-field=ExtWeightedDiscount_SDK]`);
    await expect.poll(() => weighted.textContent()).toMatch(DISCOUNT_WORDS);
    await expect
      .poll(() => weighted.textContent())
      .toContain(`优惠 ${(100 - Number(price.ExtWeightedDiscount_SDK)).toFixed(2)}%`);
  });
});
