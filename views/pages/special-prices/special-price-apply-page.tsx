import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Brand } from '../../../domain/codes/products.codes';
import { formatPrice } from '../../../domain/format';
import { useT } from '../../app-context';
import { LabelledField } from '../../kit/dialog-parts';
import { fieldLabel } from '../../kit/labels';
import { PickerField } from '../../kit/picker-field';
import type { PageProps } from '../page-view';
import { CpqPickerButton } from './cpq-picker-dialog';
import { announceSaved, useSpecialPrice } from './use-special-price';

const RESOURCE = 'specialApproval';
type Line = { code: string; quantity: string; price: string };
const BLANK: Line = { code: '', quantity: '', price: '' };
const HEADER_FIELDS = [
  'ExtOpportunityNOText_SDK',
  'Brand',
  'ExtDueDate_SDK',
  'ExtBidOpeningDate_SDK',
  'ExtApplyReason_SDK',
  'ExtChannelMargin_SDK',
];

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
  const { actor, busy, refusal, refusedField, result, view, prices } = useSpecialPrice(editing);
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
    if (!result?.ObjectID) return;
    // The request's page may be open in another tab since before this form: it reads the request again.
    announceSaved(String(result.ObjectID));
    navigate(`/business/special-price-approval-info?objectID=${result.ObjectID}`);
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
  const p = (key: string) => t(`specialPrices.page.${key}`);
  // Every field of the header must be filled (the server refuses the request naming the empty one).
  const error = (field: string) => (refusal && refusedField === field ? t(refusal) || refusal : undefined);
  const labelled = (field: string, input: ReactNode) => (
    <LabelledField
      key={field}
      id={`sp-${field}`}
      label={fieldLabel(t, RESOURCE, field)}
      required
      error={error(field)}
    >
      {input}
    </LabelledField>
  );
  const text = (field: string, type = 'text') =>
    labelled(
      field,
      <InputText
        id={`sp-${field}`}
        type={type}
        className={error(field) ? 'p-invalid' : undefined}
        aria-required
        value={header[field]}
        onChange={(e) => set(field)(e.target.value)}
      />,
    );
  const long = (field: string) =>
    labelled(
      field,
      <InputTextarea
        id={`sp-${field}`}
        rows={2}
        className={error(field) ? 'p-invalid' : undefined}
        aria-required
        value={header[field]}
        onChange={(e) => set(field)(e.target.value)}
      />,
    );
  const head = (key: string) => (
    <th scope="col">
      {p(key)}
      <span className="portal-required">*</span>
    </th>
  );
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
            {labelled(
              'Brand',
              <Dropdown
                inputId="sp-Brand"
                value={header.Brand}
                options={[
                  { value: Brand.ownBrand, label: p('brandOwn') },
                  { value: Brand.partnerBrand, label: p('brandPartner') },
                ]}
                optionLabel="label"
                optionValue="value"
                className={error('Brand') ? 'p-invalid' : undefined}
                onChange={(e) => set('Brand')(e.value ?? '')}
              />,
            )}
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
                {head('productCode')}
                <th scope="col">{p('productName')}</th>
                <th scope="col">{p('standardPrice')}</th>
                {head('quantity')}
                {head('applyPrice')}
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
        {refusal && !HEADER_FIELDS.includes(refusedField ?? '') && (
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
