import './approval-page.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import { orderApprovalPageLogic } from '../../../machines/orders/order-approval-page.actors';
import { useLang, useT } from '../../app-context';
import { useNoticeToasts } from '../../kit/use-notice-toasts';
import { WorkflowPanel } from '../../kit/workflow-panel';
import type { PageProps } from '../page-view';
import { CreditFacts, OrderApprovalHistory, OrderHeader, OrderLines } from './approval-parts';

/**
 * The order approval page (/ordersSetup/order-approval), opened from the approval query on an order: its header,
 * credit, lines, chain and history; a draft is submitted here, a submitted order decided in the
 * decision panel (docs/workflows.md), after which the page reads the order again.
 */
export default function ApprovalPage({ page, query }: PageProps) {
  const t = useT();
  const objectId = useMemo(() => new URLSearchParams(query).get('objectID') ?? '', [query]);
  return (
    <section className="portal-page portal-approval-page" aria-label={t(page.titleKey)}>
      <h2>{t(page.titleKey)}</h2>
      {objectId ? (
        <ApprovalBody key={objectId} objectId={objectId} />
      ) : (
        <p>{t('orderApproval.page.noOrder')}</p>
      )}
    </section>
  );
}

function ApprovalBody({ objectId }: { objectId: string }) {
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const actor = useActorRef(
    orderApprovalPageLogic(() => langRef.current),
    { input: { objectId } },
  );
  const view = useSelector(actor, (s) => s.context.view);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : undefined));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const maySubmit = useSelector(actor, (s) => s.can({ type: 'order.submit' }));
  const reload = () => actor.send({ type: 'order.reload' });

  useNoticeToasts(actor);

  if (failure)
    return (
      <div className="portal-form-error" role="alert">
        {t('orderApproval.page.loadFailed', { message: t(failure) || failure })}{' '}
        <Button type="button" text size="small" label={t('orderApproval.page.reload')} onClick={reload} />
      </div>
    );
  if (!view) return <p aria-busy="true" />;
  return (
    <div className="portal-approval-grid" aria-busy={busy}>
      <OrderHeader view={view} t={t} />
      <CreditFacts view={view} t={t} />
      <OrderLines view={view} t={t} />
      <div className="portal-approval-card is-wide">
        {view.Approval.StreamID ? (
          <WorkflowPanel
            key={view.Approval.StreamID}
            workflow="orderApproval"
            objectId={objectId}
            onDecided={reload}
          />
        ) : (
          <>
            {refusal && (
              <div className="portal-field-error" role="alert">
                {t('decision.refused', { message: t(refusal) || refusal })}
              </div>
            )}
            {maySubmit && (
              <Button
                type="button"
                icon="pi pi-send"
                label={submitting ? t('orderApproval.page.submitting') : t('orderApproval.page.submit')}
                disabled={busy}
                onClick={() => actor.send({ type: 'order.submit' })}
              />
            )}
          </>
        )}
      </div>
      <OrderApprovalHistory view={view} t={t} />
    </div>
  );
}
