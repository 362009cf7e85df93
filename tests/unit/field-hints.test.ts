import rosetta from 'rosetta';
import { describe, expect, it } from 'vitest';
import { pageById, pages } from '../../catalogue/catalogue';
import { en } from '../../locales/en/messages';
import { zh } from '../../locales/zh/messages';
import { fieldLabel } from '../../views/kit/labels';

/**
 * How to fill a field in is the form's hint, under the field; the label is what its list column reads.
 * So the invoice list's heads are 关联订单号 and 开票金额（元）, not the application form's instructions.
 */
const translators = Object.entries({ zh, en }).map(([lang, dict]) => {
  const i18n = rosetta<Record<string, unknown>>({ [lang]: dict as Record<string, unknown> });
  i18n.locale(lang);
  return [lang, (key: string) => i18n.t(key)] as const;
});
const [, zhT] = translators[0];

describe('a form field’s hint', () => {
  it('resolves to words in Chinese and English wherever the catalogue gives one', () => {
    const hinted = pages.flatMap((p) =>
      (p.fields ?? []).filter((f) => f.hint).map((f) => [p.id, f] as const),
    );
    expect(hinted.length).toBeGreaterThan(0);
    for (const [lang, t] of translators)
      for (const [pageId, f] of hinted)
        expect(t(f.hint!), `${lang} ${pageId} ${f.field}`).not.toMatch(/^$|\./);
  });

  it('leaves the invoice list its labels: the heads name the column, the form says how to fill it in', () => {
    const list = pageById('ordersSetup.invoiceApply')!;
    const heads = (list.columns ?? []).map((c) => fieldLabel(zhT, list.resource, c.field));
    expect(heads).toContain('关联订单号');
    expect(heads).toContain('开票金额（元）');
    for (const head of heads) expect(head).not.toMatch(/可填|逗号|留空|空为/);
    const form = pageById('ordersSetup.invoiceEdit')!;
    const hintOf = (name: string) => form.fields?.find((f) => f.field === name)?.hint;
    expect(zhT(hintOf('OrderNo')!)).toContain('逗号分隔');
    expect(zhT(hintOf('InvoiceAmount')!)).toContain('留空');
  });
});
