import '../styles/registration.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef } from 'react';
import { reviewLogic } from '../../machines/registration/review.actors';
import { useT } from '../app-context';
import { toast } from '../shell/toast-bus';

/** The reviewer's decisions on a registration: only those the server allows now, a reason where needed. */
export function RegistrationReviewPanel({ objectId }: { objectId: string }) {
  const t = useT();
  const review = useActorRef(reviewLogic, { input: { objectId } });
  const options = useSelector(review, (s) => s.context.options);
  const busy = useSelector(review, (s) => s.hasTag('busy'));
  const deciding = useSelector(review, (s) => (s.matches('deciding') ? s.context.decision : undefined));
  const reason = useSelector(review, (s) => s.context.reason);
  const reasonMissing = useSelector(review, (s) => s.context.reasonMissing);
  const failure = useSelector(review, (s) => (s.matches('unavailable') ? s.context.error : undefined));
  const can = useSelector(
    review,
    (s) => ({
      agree: s.can({ type: 'review.agree' }),
      reject: s.can({ type: 'review.reject' }),
      return: s.can({ type: 'review.return' }),
      sign: s.can({ type: 'agreement.sign' }),
    }),
    (a, b) => a.agree === b.agree && a.reject === b.reject && a.return === b.return && a.sign === b.sign,
  );
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    const sub = review.on('notify', (e) =>
      toast({ text: tRef.current(e.message) || e.message, severity: e.severity, life: 3000 }),
    );
    return () => sub.unsubscribe();
  }, [review]);

  const state = options?.State;
  const nothing = !busy && !can.agree && !can.reject && !can.return && !can.sign;
  return (
    <section className="portal-review-panel" aria-label={t('registration.review.title')}>
      <h3>{t('registration.review.title')}</h3>
      {state && (
        <span data-review-state={state}>
          {t('registration.review.state')}:{' '}
          {state === 'inReview' && options?.ApprovalNode
            ? t(`registration.steps.${options.ApprovalNode}`)
            : t(`registration.states.${state}`)}
        </span>
      )}
      {state === 'inReview' && options?.Approver && (
        <span data-review-approver>
          {t('registration.review.approver')}: <strong>{options.Approver}</strong>
        </span>
      )}
      {failure && (
        <span className="portal-field-error" role="alert">
          {t('registration.review.loadFailed', { message: t(failure) || failure })}{' '}
          <Button
            type="button"
            text
            size="small"
            label={t('registration.review.reload')}
            onClick={() => review.send({ type: 'options.reload' })}
          />
        </span>
      )}
      {nothing && !failure && <span className="portal-hint">{t('registration.review.nothingForYou')}</span>}
      <div className="portal-review-actions">
        {can.agree && (
          <Button
            type="button"
            label={t('registration.review.agree')}
            icon="pi pi-check"
            onClick={() => review.send({ type: 'review.agree' })}
          />
        )}
        {can.return && (
          <Button
            type="button"
            severity="warning"
            outlined
            label={t('registration.review.return')}
            onClick={() => review.send({ type: 'review.return' })}
          />
        )}
        {can.reject && (
          <Button
            type="button"
            severity="danger"
            outlined
            label={t('registration.review.reject')}
            onClick={() => review.send({ type: 'review.reject' })}
          />
        )}
        {can.sign && (
          <Button
            type="button"
            icon="pi pi-verified"
            label={t('registration.review.sign')}
            onClick={() => review.send({ type: 'agreement.sign' })}
          />
        )}
      </div>
      <Dialog
        visible={Boolean(deciding)}
        header={deciding ? t(`registration.review.${deciding}`) : ''}
        onHide={() => deciding && review.send({ type: 'decision.cancel' })}
        style={{ width: '32rem', maxWidth: '95vw' }}
        footer={
          <>
            <Button
              type="button"
              text
              label={t('registration.review.cancel')}
              onClick={() => review.send({ type: 'decision.cancel' })}
            />
            <Button
              type="button"
              label={t('registration.review.confirm')}
              onClick={() => review.send({ type: 'decision.confirm' })}
            />
          </>
        }
      >
        <div className="portal-field">
          <label htmlFor="review-reason">
            {t('registration.review.reason')}
            <span className="portal-required">*</span>
          </label>
          <InputTextarea
            id="review-reason"
            rows={3}
            value={reason}
            invalid={reasonMissing}
            onChange={(e) => review.send({ type: 'reason.change', reason: e.target.value })}
          />
          {reasonMissing && (
            <small className="portal-field-error">{t('registration.review.reasonRequired')}</small>
          )}
        </div>
      </Dialog>
    </section>
  );
}
