import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../app-context';
import { formatValue } from '../../kit/cell-value';
import { WorkflowPanel } from '../../kit/workflow-panel';
import type { PageProps } from '../page-view';
import { PriceHeader, PriceHistory, PriceLines } from './special-price-parts';
import { useReadAgainWhenSaved, useSpecialPrice } from './use-special-price';

/**
 * A special price's approval info (/business/special-price-approval-info, also the product-line approve
 * page): header, lines with what is approved and left, the figures (cost and margin only for the
 * vendor), the chain its depth chose with the history, the decision panel, and its execution orders.
 */
export default function SpecialPriceInfoPage({ page, query }: PageProps) {
  const t = useT();
  const objectId = useMemo(() => new URLSearchParams(query).get('objectID') ?? '', [query]);
  return (
    <section className="portal-page portal-approval-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      {objectId ? <InfoBody key={objectId} objectId={objectId} /> : <p>{t('specialPrices.page.noRecord')}</p>}
    </section>
  );
}

function InfoBody({ objectId }: { objectId: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  const { actor, view, busy, failure } = useSpecialPrice(objectId);
  const reload = () => actor.send({ type: 'page.reload' });
  useReadAgainWhenSaved(objectId, reload);
  if (failure)
    return (
      <div className="portal-form-error" role="alert">
        {t('specialPrices.page.loadFailed', { message: t(failure) || failure })}{' '}
        <Button type="button" text size="small" label={t('specialPrices.page.reload')} onClick={reload} />
      </div>
    );
  if (!view) return <p aria-busy="true" />;
  const mayEdit = view.Approval.Commands.some((c) => c.Name === 'submit');
  const mayExecute = view.MayExecute;
  return (
    <div className="portal-approval-grid" aria-busy={busy}>
      <PriceHeader view={view} t={t} />
      <PriceLines view={view} t={t} />
      <div className="portal-approval-card is-wide">
        {mayEdit && (
          <Button
            type="button"
            icon="pi pi-pencil"
            label={t('specialPrices.page.edit')}
            onClick={() => navigate(`/business/special-price-apply?objectID=${objectId}`)}
          />
        )}
        <WorkflowPanel
          key={view.Approval.WorkflowVersion}
          workflow="specialPrice"
          objectId={objectId}
          onDecided={reload}
        />
      </div>
      <section className="portal-approval-card is-wide" aria-label={t('specialPrices.page.executionOrders')}>
        <h3>{t('specialPrices.page.executionOrders')}</h3>
        <ul>
          {view.ExecutionOrders.map((o) => (
            <li key={o.ObjectID}>
              <a href={`/ordersSetup/execution-order-detail?objectID=${o.ObjectID}&action=detail`}>
                {o.ExecutionOrderNo}
              </a>{' '}
              {formatValue('dict', o.Status, view.dictionaries.ExecutionOrderStatus, t)}
            </li>
          ))}
        </ul>
        {mayExecute && (
          <Button
            type="button"
            icon="pi pi-plus"
            label={t('specialPrices.page.createExecution')}
            onClick={() => navigate(`/business/create-execution-order?objectID=${objectId}`)}
          />
        )}
      </section>
      <PriceHistory view={view} t={t} />
    </div>
  );
}
