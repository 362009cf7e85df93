import './order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { writesThrough } from '../../../catalogue/page-actions';
import { recordQuery } from '../../../machines/kit/record.actors';
import { deliveryInfoLogic } from '../../../machines/orders/delivery-info.actors';
import { useRoleCode, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';

/**
 * An order's delivery information (delivery information confirm and modify): the receiver as it stands (the generic record
 * page), confirmed here or replaced by one of the agent's delivery addresses; either reads the page
 * again. Typed corrections are made in the list's row.
 */
export default function DeliveryInfoPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const [round, setRound] = useState(0);
  // Those who ship confirm and change it (the page's writers); the others read it.
  const writes = writesThrough(props.page, useRoleCode());
  return (
    <RecordPage key={round} {...props}>
      {objectId && (
        <DeliveryInfoPanel objectId={objectId} writes={writes} onChanged={() => setRound((r) => r + 1)} />
      )}
    </RecordPage>
  );
}

function DeliveryInfoPanel({
  objectId,
  writes,
  onChanged,
}: {
  objectId: string;
  writes: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const panel = useActorRef(deliveryInfoLogic, { input: { objectId, writes } });
  const addresses = useSelector(panel, (s) => s.context.view?.addresses ?? []);
  const error = useSelector(panel, (s) => s.context.error);
  const busy = useSelector(panel, (s) => s.hasTag('busy'));
  const mayConfirm = useSelector(panel, (s) => s.can({ type: 'info.confirm' }));
  const mayChange = useSelector(panel, (s) => s.can({ type: 'address.use', addressId: '' }));
  const loaded = useSelector(panel, (s) => Boolean(s.context.view));
  const text = (key: string) => t(`deliveries.info.${key}`);
  const latest = useRef({ t, onChanged });
  latest.current = { t, onChanged };
  useEffect(() => {
    const sub = panel.on('changed', (e) => {
      const { t, onChanged } = latest.current;
      toast({
        text: t(`deliveries.info.${e.confirmed ? 'confirmed' : 'changed'}`),
        severity: 'success',
        life: 3000,
      });
      onChanged();
    });
    return () => sub.unsubscribe();
  }, [panel]);

  return (
    <fieldset className="portal-order-lines is-wide" data-testid="delivery-info" aria-busy={busy}>
      <legend>{text('title')}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {loaded && writes && !mayChange && <p className="portal-hint">{text('settled')}</p>}
      {mayConfirm && (
        <Button
          type="button"
          size="small"
          icon="pi pi-check"
          label={text('confirm')}
          loading={busy}
          onClick={() => panel.send({ type: 'info.confirm' })}
        />
      )}
      <h4>{text('addresses')}</h4>
      {addresses.length === 0 ? (
        <p className="portal-hint">{text('noAddresses')}</p>
      ) : (
        <table className="portal-order-lines-table">
          <ColumnHeads
            keys={['receiver', 'phone', 'address', 'use']}
            label={(key) => text(`columns.${key}`)}
          />
          <tbody>
            {addresses.map((a) => (
              <tr key={a.ObjectID}>
                <td>{a.ReceiverName}</td>
                <td>{a.ReceiverPhone}</td>
                <td>
                  {a.Address}
                  {a.IsDefault && <span className="portal-hint"> ({text('default')})</span>}
                </td>
                <td>
                  {mayChange && (
                    <Button
                      type="button"
                      text
                      size="small"
                      label={text('use')}
                      disabled={busy}
                      onClick={() => panel.send({ type: 'address.use', addressId: a.ObjectID })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </fieldset>
  );
}
