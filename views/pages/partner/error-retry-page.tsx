import './error-retry-page.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useRef, useState } from 'react';
import { recordQuery } from '../../../machines/kit/record.actors';
import { errorRetryLogic, type PartnerErrorLog } from '../../../machines/partner/error-retry.actors';
import { useT } from '../../app-context';
import { LabelledField } from '../../kit/dialog-parts';
import RecordPage from '../../kit/record-page';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';

/**
 * A row of a partner pull's error log (the page's resource names the log): the row as the generic
 * record page shows it, and the retry panel — its original data, correctable, and its retry button. An attempt
 * reads the page again, so the new reason, count and state show at once.
 */
export default function ErrorRetryPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const [round, setRound] = useState(0);
  const log = props.page.resource as PartnerErrorLog;
  return (
    <RecordPage key={round} {...props}>
      {objectId && <RetryPanel log={log} objectId={objectId} onTried={() => setRound((r) => r + 1)} />}
    </RecordPage>
  );
}

function RetryPanel(props: { log: PartnerErrorLog; objectId: string; onTried: () => void }) {
  const t = useT();
  const logic = useMemo(() => errorRetryLogic(props.log), [props.log]);
  const retry = useActorRef(logic, { input: { objectId: props.objectId } });
  const row = useSelector(retry, (s) => s.context.row);
  const payload = useSelector(retry, (s) => s.context.payload);
  const error = useSelector(retry, (s) => s.context.error);
  const busy = useSelector(retry, (s) => s.hasTag('busy'));
  const offered = useSelector(retry, (s) => s.can({ type: 'retry.submit' }));
  const failing = useSelector(retry, (s) => s.matches('failing') || s.matches('retrying'));
  const settled = useSelector(retry, (s) => s.matches('settled'));
  const text = (key: string) => t(`partner.retry.${key}`);

  const latest = useRef({ t, onTried: props.onTried });
  latest.current = { t, onTried: props.onTried };
  useEffect(() => {
    const sub = retry.on('retried', () => {
      toast({ text: latest.current.t('partner.retry.done'), severity: 'success', life: 3000 });
      latest.current.onTried();
    });
    return () => sub.unsubscribe();
  }, [retry]);

  if (!row && !error) return null;
  return (
    <fieldset className="portal-error-retry" data-testid="error-retry" aria-busy={busy}>
      <legend>{text('title')}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {settled && <p className="portal-hint">{text('resolved')}</p>}
      {failing && (
        <>
          <p className="portal-hint">{text('hint')}</p>
          <LabelledField id="retry-payload" label={text('payload')}>
            <InputTextarea
              id="retry-payload"
              rows={6}
              value={payload}
              onChange={(e) => retry.send({ type: 'payload.change', payload: e.target.value })}
            />
          </LabelledField>
          <div className="portal-decision-actions">
            <Button
              type="button"
              size="small"
              icon="pi pi-refresh"
              label={text('submit')}
              loading={busy}
              disabled={busy || !offered}
              onClick={() => retry.send({ type: 'retry.submit' })}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
