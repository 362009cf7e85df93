import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Brand } from '../../../domain/codes/products.codes';
import { formatPrice } from '../../../domain/format';
import { useT } from '../../app-context';
import { fieldLabel } from '../../kit/labels';
import { PickerField } from '../../kit/picker-field';
import type { PageProps } from '../page-view';
import { CpqPickerButton } from './cpq-picker-dialog';
import { useSpecialPrice } from './use-special-price';

const RESOURCE = 'specialApproval';
type Line = { code: string; quantity: string; price: string };
const BLANK: Line = { code: '', quantity: '', price: '' };

/**
 * The special-price request (/business/special-price-apply?opportunity=<number>): header, justification
 * and lines (product, quantity, requested price). A line is a product typed by its code, chosen from the
 * products of the opportunity's line (the product picker) or a configured
 * product picked from the CPQ catalogue, priced as a whole (its parts listed under it). The server
 * prices each line against the standard channel price, refuses an opportunity that is not protected,
 * and chooses the chain by the depth; the saved request opens on its approval info page.
 */
export default function SpecialPriceApplyPage({ page, query }: PageProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(query), [query]);
  // A draft or returned request is edited here too (objectID), and saved with the version shown.
  const editing = params.get('objectID') ?? undefined;
  const { actor, busy, refusal, result, view, prices } = useSpecialPrice(editing);
  const [header, setHeader] = useState<Record<string, string>>({
    ExtOpportunityNOText_SDK: params.get('opportunity') ?? '',
    Brand: Brand.ownBrand,
    ExtDueDate_SDK: '',
    ExtBidOpeningDate_SDK: '',
    ExtApplyReason_SDK: '',
    ExtChannelMargin_SDK: '',
  });
  const [lines, setLines] = useState<Line[]>([{ ...BLANK }]);
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    if (!view || prefilled) return;
    setPrefilled(true);
    setHeader((h) =>
      Object.fromEntries(
        Object.keys(h).map((k) => [
          k,
          String(view.Record[k] ?? '').slice(0, k.endsWith('Date_SDK') ? 10 : undefined),
        ]),
      ),
    );
    setLines(
      view.Lines.map((l) => ({
        code: String(l.pn),
        quantity: String(l.Quantity),
        price: String(l.ApplyPrice),
      })),
    );
  }, [view, prefilled]);
  useEffect(() => {
    if (result?.ObjectID) navigate(`/business/special-price-approval-info?objectID=${result.ObjectID}`);
  }, [result, navigate]);

  const set = (field: string) => (value: string) => setHeader((h) => ({ ...h, [field]: value }));
  const setLine = (index: number, key: keyof Line, value: string) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, [key]: value } : l)));
  const send = (action: 'apply' | 'draft') =>
    actor.send({
      type: 'page.send',
      action,
      body: {
        ...header,
        ...(view ? { ObjectID: editing, Version: view.Record.Version } : {}),
        Lines: lines.map((l) => ({
          ProductCode: l.code.trim(),
          Quantity: Number(l.quantity),
          RequestedPrice: l.price.trim(),
        })),
      },
    });
  const text = (field: string, type = 'text') => (
    <div className="portal-form-field" key={field}>
      <label htmlFor={`sp-${field}`}>{fieldLabel(t, RESOURCE, field)}</label>
      <InputText
        id={`sp-${field}`}
        type={type}
        value={header[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
    </div>
  );
  const long = (field: string) => (
    <div className="portal-form-field" key={field}>
      <label htmlFor={`sp-${field}`}>{fieldLabel(t, RESOURCE, field)}</label>
      <InputTextarea
        id={`sp-${field}`}
        rows={2}
        value={header[field]}
        onChange={(e) => set(field)(e.target.value)}
      />
    </div>
  );
  const p = (key: string) => t(`specialPrices.page.${key}`);
  return (
    <section className="portal-page portal-approval-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      <form
        className="portal-approval-grid"
        aria-busy={busy}
        onSubmit={(e) => {
          e.preventDefault();
          send('apply');
        }}
      >
        <section className="portal-approval-card is-wide" aria-label={p('header')}>
          <h3>{p('header')}</h3>
          <div className="portal-approval-facts">
            {text('ExtOpportunityNOText_SDK')}
            <div className="portal-form-field">
              <label htmlFor="sp-Brand">{fieldLabel(t, RESOURCE, 'Brand')}</label>
              <select id="sp-Brand" value={header.Brand} onChange={(e) => set('Brand')(e.target.value)}>
                <option value={Brand.ownBrand}>{p('brandOwn')}</option>
                <option value={Brand.partnerBrand}>{p('brandPartner')}</option>
              </select>
            </div>
            {text('ExtDueDate_SDK', 'date')}
            {text('ExtBidOpeningDate_SDK', 'date')}
            {long('ExtApplyReason_SDK')}
            {long('ExtChannelMargin_SDK')}
          </div>
        </section>
        <section className="portal-approval-card is-wide" aria-label={p('lines')}>
          <h3>{p('lines')}</h3>
          <table className="portal-approval-table" aria-label={p('lines')}>
            <thead>
              <tr>
                <th scope="col">{p('productCode')}</th>
                <th scope="col">{p('productName')}</th>
                <th scope="col">{p('standardPrice')}</th>
                <th scope="col">{p('quantity')}</th>
                <th scope="col">{p('applyPrice')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional rows of the form.
                <Fragment key={i}>
                  <tr>
                    <td>
                      <InputText
                        aria-label={`${p('productCode')} ${i + 1}`}
                        value={line.code}
                        onChange={(e) => setLine(i, 'code', e.target.value)}
                        onBlur={() =>
                          line.code.trim() && actor.send({ type: 'page.price', codes: [line.code.trim()] })
                        }
                      />
                      <PickerField
                        picker="product"
                        field="code"
                        id={`sp-product-${i + 1}`}
                        value={line.code}
                        params={
                          header.ExtOpportunityNOText_SDK
                            ? { ExtOpportunityNOText_SDK: header.ExtOpportunityNOText_SDK }
                            : {}
                        }
                        onChange={(code) => {
                          setLine(i, 'code', code);
                          if (code.trim()) actor.send({ type: 'page.price', codes: [code.trim()] });
                        }}
                      />
                      <CpqPickerButton
                        line={i + 1}
                        onPicked={(price) => {
                          setLine(i, 'code', price.pn);
                          actor.send({ type: 'page.price', codes: [price.pn] });
                        }}
                      />
                    </td>
                    <td>{prices[line.code.trim()]?.name ?? ''}</td>
                    <td data-standard-price={i + 1}>
                      {prices[line.code.trim()] ? formatPrice(prices[line.code.trim()].price) : ''}
                    </td>
                    <td>
                      <InputText
                        aria-label={`${p('quantity')} ${i + 1}`}
                        inputMode="numeric"
                        value={line.quantity}
                        onChange={(e) => setLine(i, 'quantity', e.target.value)}
                      />
                    </td>
                    <td>
                      <InputText
                        aria-label={`${p('applyPrice')} ${i + 1}`}
                        inputMode="decimal"
                        value={line.price}
                        onChange={(e) => setLine(i, 'price', e.target.value)}
                      />
                    </td>
                    <td>
                      <Button
                        type="button"
                        text
                        icon="pi pi-trash"
                        aria-label={p('removeLine')}
                        disabled={lines.length === 1}
                        onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                      />
                    </td>
                  </tr>
                  {(prices[line.code.trim()]?.children ?? []).map((part) => (
                    <tr key={part.pn} className="portal-sub-line" data-configuration-part={i + 1}>
                      <td>{`└ ${part.pn}`}</td>
                      <td>{part.description}</td>
                      <td>{formatPrice(part.standardPrice)}</td>
                      <td>{`× ${part.quantity}`}</td>
                      <td colSpan={2}>{p('configurationPart')}</td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
          <Button
            type="button"
            text
            icon="pi pi-plus"
            label={p('addLine')}
            onClick={() => setLines((all) => [...all, { ...BLANK }])}
          />
        </section>
        {refusal && (
          <div className="portal-form-error is-wide" role="alert">
            {t('decision.refused', { message: t(refusal) || refusal })}
          </div>
        )}
        <div className="portal-approval-card is-wide">
          <Button
            type="button"
            outlined
            label={p('saveDraft')}
            disabled={busy}
            onClick={() => send('draft')}
          />{' '}
          <Button type="submit" icon="pi pi-send" label={busy ? p('saving') : p('submit')} disabled={busy} />
        </div>
      </form>
    </section>
  );
}
