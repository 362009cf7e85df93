import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { formatPrice } from '../../../domain/format';
import { useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import type { PageProps } from '../page-view';
import { PriceHeader } from './special-price-parts';
import { useSpecialPrice } from './use-special-price';

/**
 * Create an execution order (/business/create-execution-order?objectID=<special price>): the approved
 * lines with what is left; a quantity within it and a price not below the approved one (blank: the
 * approved price). The server checks both, the validity and that the price is won.
 */
export default function CreateExecutionOrderPage({ page, query }: PageProps) {
  const t = useT();
  const objectId = useMemo(() => new URLSearchParams(query).get('objectID') ?? '', [query]);
  return (
    <section className="portal-page portal-approval-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      {objectId ? (
        <ExecutionBody key={objectId} objectId={objectId} />
      ) : (
        <p>{t('specialPrices.page.noRecord')}</p>
      )}
    </section>
  );
}

function ExecutionBody({ objectId }: { objectId: string }) {
  const t = useT();
  const p = (key: string) => t(`specialPrices.page.${key}`);
  const { actor, view, busy, refusal, result, failure } = useSpecialPrice(objectId);
  const [asked, setAsked] = useState<Record<string, { quantity: string; price: string }>>({});
  if (failure)
    return (
      <div className="portal-form-error" role="alert">
        {t('specialPrices.page.loadFailed', { message: t(failure) || failure })}
      </div>
    );
  if (!view) return <p aria-busy="true" />;
  const open = view.Lines.filter((l) => Number(l.RemainingQuantity) > 0);
  const set = (pn: string, key: 'quantity' | 'price', value: string) =>
    setAsked((a) => ({ ...a, [pn]: { ...(a[pn] ?? { quantity: '', price: '' }), [key]: value } }));
  const submit = () =>
    actor.send({
      type: 'page.send',
      action: 'execute',
      body: {
        SpecialPriceID: objectId,
        Lines: open.map((l) => ({
          ProductCode: l.pn,
          ExecuteQuantity: Number(asked[String(l.pn)]?.quantity || 0),
          ExecutePrice: asked[String(l.pn)]?.price || undefined,
        })),
      },
    });
  return (
    <div className="portal-approval-grid" aria-busy={busy}>
      <PriceHeader view={view} t={t} />
      <section className="portal-approval-card is-wide" aria-label={p('lines')}>
        <h3>{p('lines')}</h3>
        <table className="portal-approval-table" aria-label={p('lines')}>
          <ColumnHeads
            keys={[
              'productCode',
              'productName',
              'approvedPrice',
              'remainingQuantity',
              'executeQuantity',
              'executePrice',
            ]}
            label={p}
          />
          <tbody>
            {open.map((l) => (
              <tr key={String(l.pn)}>
                <td>{String(l.pn)}</td>
                <td>{String(l.description ?? '')}</td>
                <td>{formatPrice(l.ApprovedPrice)}</td>
                <td>{String(l.RemainingQuantity)}</td>
                <td>
                  <InputText
                    aria-label={`${p('executeQuantity')} ${l.pn}`}
                    inputMode="numeric"
                    value={asked[String(l.pn)]?.quantity ?? ''}
                    onChange={(e) => set(String(l.pn), 'quantity', e.target.value)}
                  />
                </td>
                <td>
                  <InputText
                    aria-label={`${p('executePrice')} ${l.pn}`}
                    inputMode="decimal"
                    placeholder={String(l.ApprovedPrice ?? '')}
                    value={asked[String(l.pn)]?.price ?? ''}
                    onChange={(e) => set(String(l.pn), 'price', e.target.value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {refusal && (
        <div className="portal-form-error is-wide" role="alert">
          {t('decision.refused', { message: t(refusal) || refusal })}
        </div>
      )}
      {result?.ExecutionOrderNo ? (
        <p className="portal-approval-card is-wide" role="status">
          <a href={`/ordersSetup/execution-order-detail?objectID=${result.ObjectID}&action=detail`}>
            {t('specialPrices.page.executionOrderCreated', { no: String(result.ExecutionOrderNo) })}
          </a>
        </p>
      ) : null}
      <div className="portal-approval-card is-wide">
        <Button
          type="button"
          icon="pi pi-check"
          label={p('createExecutionSubmit')}
          disabled={busy || !open.length}
          onClick={submit}
        />
      </div>
    </div>
  );
}
