/**
 * A price ratio as a reader expects a discount (SPEC: the discount is what is taken off): a request at
 * 87.60% of the standard channel price is 12.40% off, "8.76折" in Chinese. The server keeps and sends
 * the ratio (what the approval bands compare); only the words change.
 */
export type DiscountWords =
  | { key: 'discount'; params: { off: string; zhe: string } }
  | { key: 'noDiscount'; params: Record<string, never> }
  | { key: 'aboveStandard'; params: { over: string } };

export function discountWords(ratioPercent: unknown): DiscountWords | undefined {
  const text = String(ratioPercent ?? '').trim();
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(text)) return undefined;
  // In basis points, so 100 − 87.6 is exactly 12.40.
  const bp = Math.round(Number(text) * 100);
  if (bp === 10_000) return { key: 'noDiscount', params: {} };
  if (bp > 10_000) return { key: 'aboveStandard', params: { over: ((bp - 10_000) / 100).toFixed(2) } };
  return {
    key: 'discount',
    params: { off: ((10_000 - bp) / 100).toFixed(2), zhe: String(Number((bp / 1000).toFixed(3))) },
  };
}
