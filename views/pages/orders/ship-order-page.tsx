import './order-entry.css';
import '../../styles/kit.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { pageById } from '../../../catalogue/catalogue';
import { shipmentFormLogic } from '../../../machines/orders/shipment-form.actors';
import { useLang, useT } from '../../app-context';
import { formatValue } from '../../kit/cell-value';
import { fieldLabel } from '../../kit/labels';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';
import { ShipLinesTable } from './ship-lines-table';

/**
 * The ship form (/ordersSetup/ship-order): an effective order read by its number, how many units of
 * each open line go now with their serial numbers, the carrier and waybill; shipped under one FH
 * number, after which the order shows what is still open and its delivery status.
 */
export default function ShipOrderPage({ page, query }: PageProps) {
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const [, navigate] = useLocation();
  const opened = useMemo(() => new URLSearchParams(query).get('orderNo') ?? '', [query]);
  const form = useActorRef(
    shipmentFormLogic(() => langRef.current),
    { input: { orderNo: opened } },
  );
  const [typed, setTyped] = useState(opened);
  const order = useSelector(form, (s) => s.context.order);
  const rows = useSelector(form, (s) => s.context.rows);
  const checked = useSelector(form, (s) => s.context.checked);
  const error = useSelector(form, (s) => s.context.error);
  const shipped = useSelector(form, (s) => s.context.shipped);
  const company = useSelector(form, (s) => s.context.company);
  const trackingNo = useSelector(form, (s) => s.context.trackingNo);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const editable = useSelector(form, (s) => s.hasTag('editable'));
  const label = (field: string) => fieldLabel(t, 'shipment', field);
  const text = (key: string) => t(`deliveries.ship.${key}`);
  const dict = (code: string, value: unknown) =>
    formatValue('dict', value, order?.dictionaries?.[code]) || '—';

  useEffect(() => {
    const sub = form.on('notify', (e) =>
      toast({ text: t('deliveries.ship.shipped', { no: e.shipmentNo }), severity: e.severity, life: 3000 }),
    );
    return () => sub.unsubscribe();
  }, [form, t]);

  const back = page.parent ? pageById(page.parent) : undefined;
  return (
    <section className="portal-page portal-record-page" aria-label={t(page.titleKey)} aria-busy={busy}>
      <h2>{t(page.titleKey)}</h2>
      <form
        className="portal-record-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.send({ type: 'shipment.submit' });
        }}
      >
        <div className="portal-field">
          <label htmlFor="field-OrderNo">
            {label('OrderNo')}
            <span className="portal-required">*</span>
          </label>
          <div className="p-inputgroup" style={{ maxWidth: '32rem' }}>
            <InputText
              id="field-OrderNo"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (typed.trim()) form.send({ type: 'order.load', orderNo: typed });
              }}
            />
            <Button
              type="button"
              outlined
              label={text('load')}
              style={{ whiteSpace: 'nowrap' }}
              disabled={busy || !typed.trim()}
              onClick={() => form.send({ type: 'order.load', orderNo: typed })}
            />
          </div>
        </div>
        {order && (
          <>
            <ReadOnly id="ship-agent" label={text('agent')} value={order.AgentName} />
            <ReadOnly
              id="ship-status"
              label={text('deliveryStatus')}
              value={dict('DeliveryStatus', order.DeliveryStatus)}
            />
            <ReadOnly
              id="ship-receiver"
              wide
              label={text('receiver')}
              value={`${[order.ReceiverName, order.ReceiverPhone, order.ReceiverAddress].filter(Boolean).join(' · ')} (${dict('DeliveryMethod', order.DeliveryMethod)})`}
            />
          </>
        )}
        {error && (
          <div className="portal-form-error is-wide" role="alert">
            {error}
          </div>
        )}
        {shipped && (
          <p className="portal-hint is-wide" role="status" data-testid="ship-order-done">
            {t('deliveries.ship.shipped', { no: shipped })}
          </p>
        )}
        {!order && !error && <p className="portal-hint is-wide">{text('chooseOrder')}</p>}
        {order && (
          <fieldset className="portal-order-lines is-wide" data-testid="ship-lines">
            <legend>{text('lines')}</legend>
            {rows.length === 0 ? (
              <p className="portal-hint">{text('nothingOpen')}</p>
            ) : (
              <>
                {editable && (
                  <Button
                    type="button"
                    text
                    size="small"
                    label={text('everything')}
                    onClick={() => form.send({ type: 'rows.everything' })}
                  />
                )}
                <ShipLinesTable form={form} rows={rows} checked={checked} editable={editable} />
                {checked && !rows.some((r) => Number(r.quantity) > 0) && (
                  <small className="portal-field-error" role="alert">
                    {text('nothingChosen')}
                  </small>
                )}
              </>
            )}
          </fieldset>
        )}
        {order && rows.length > 0 && (
          <>
            <div className="portal-field">
              <label htmlFor="field-LogisticsCompany">{label('LogisticsCompany')}</label>
              <InputText
                id="field-LogisticsCompany"
                value={company}
                maxLength={60}
                onChange={(e) =>
                  form.send({ type: 'logistics.change', field: 'company', value: e.target.value })
                }
              />
            </div>
            <div className="portal-field">
              <label htmlFor="field-TrackingNo">{label('TrackingNo')}</label>
              <InputText
                id="field-TrackingNo"
                value={trackingNo}
                maxLength={60}
                onChange={(e) =>
                  form.send({ type: 'logistics.change', field: 'trackingNo', value: e.target.value })
                }
              />
            </div>
          </>
        )}
        <div className="portal-record-actions">
          {order && rows.length > 0 && (
            <Button
              type="submit"
              label={text('submit')}
              icon="pi pi-send"
              loading={busy}
              disabled={!editable}
            />
          )}
          {back && (
            <Button type="button" text label={t('app.record.back')} onClick={() => navigate(back.path)} />
          )}
        </div>
      </form>
    </section>
  );
}

function ReadOnly(props: { id: string; label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={`portal-field ${props.wide ? 'is-wide' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      <div id={props.id} className="portal-readonly-value">
        {props.value || '—'}
      </div>
    </div>
  );
}
