import './order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useRef, useState } from 'react';
import { recordQuery } from '../../../machines/kit/record.actors';
import { shipmentReceiptLogic } from '../../../machines/orders/shipment-receipt.actors';
import { NOTE_MAX } from '../../../machines/orders/shipment-receipt.machine';
import { useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { Dialog } from '../../kit/dialog';
import { DialogFooter, LabelledField } from '../../kit/dialog-parts';
import RecordPage from '../../kit/record-page';
import { toast } from '../../shell/toast-bus';
import type { PageProps } from '../page-view';

/**
 * The line shipment page: the shipment row (the generic record page) and its receipt — the lines of
 * its FH number, when the job would confirm it, and for the agent's staff the confirm and exception
 * buttons. An answer reads the page again, so the status and signature show at once.
 */
export default function ShipmentInfoPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const [round, setRound] = useState(0);
  return (
    <RecordPage key={round} {...props}>
      {objectId && <ReceiptPanel objectId={objectId} onAnswered={() => setRound((r) => r + 1)} />}
    </RecordPage>
  );
}

function ReceiptPanel({ objectId, onAnswered }: { objectId: string; onAnswered: () => void }) {
  const t = useT();
  const receipt = useActorRef(shipmentReceiptLogic, { input: { objectId } });
  const shipment = useSelector(receipt, (s) => s.context.shipment);
  const error = useSelector(receipt, (s) => s.context.error);
  const busy = useSelector(receipt, (s) => s.hasTag('busy'));
  const reporting = useSelector(receipt, (s) => s.matches('reporting'));
  const sending = useSelector(
    receipt,
    (s) => s.matches('sendingException') || s.matches('sendingResolution'),
  );
  const noteFor = useSelector(receipt, (s) => s.context.noteFor);
  const note = useSelector(receipt, (s) => s.context.note);
  const noteMissing = useSelector(receipt, (s) => s.context.noteMissing);
  const text = (key: string, params?: Record<string, unknown>) => t(`deliveries.receipt.${key}`, params);

  const latest = useRef({ t, onAnswered });
  latest.current = { t, onAnswered };
  useEffect(() => {
    const sub = receipt.on('answered', (e) => {
      const { t, onAnswered } = latest.current;
      toast({ text: t(`deliveries.receipt.${e.outcome}`), severity: 'success', life: 3000 });
      onAnswered();
    });
    return () => sub.unsubscribe();
  }, [receipt]);

  if (!shipment && !error) return null;
  const lines = shipment?.ShipmentLines ?? [];
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="shipment-receipt" aria-busy={busy}>
      <legend>{text('title', { no: shipment?.ShipmentNo ?? '' })}</legend>
      {error && (
        <div className="portal-form-error" role="alert">
          {error}
        </div>
      )}
      {lines.length > 0 && (
        <table className="portal-order-lines-table">
          <ColumnHeads
            keys={['line', 'product', 'model', 'quantity', 'serials']}
            label={(key) => text(`columns.${key}`)}
          />
          <tbody>
            {lines.map((l) => (
              <tr key={l.LineNo}>
                <td>{l.LineNo}</td>
                <td>{l.ProductCode}</td>
                <td>{l.ProductModel}</td>
                <td className="is-money">{l.Quantity}</td>
                <td>{(l.SerialNumbers ?? '').split('\n').filter(Boolean).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shipment?.AutoConfirmOn && (
        <p className="portal-hint" data-testid="shipment-auto-confirm">
          {text('autoOn', { day: shipment.AutoConfirmOn })}
        </p>
      )}
      {shipment?.MayConfirmReceipt && (
        <div className="portal-decision-actions">
          <p className="portal-hint">{text('whole', { no: shipment.ShipmentNo, count: lines.length })}</p>
          <Button
            type="button"
            size="small"
            icon="pi pi-check"
            label={text('confirm')}
            loading={busy && !sending}
            disabled={busy}
            onClick={() => receipt.send({ type: 'receipt.confirm' })}
          />
          <Button
            type="button"
            size="small"
            outlined
            severity="warning"
            label={text('report')}
            disabled={busy}
            onClick={() => receipt.send({ type: 'exception.open' })}
          />
        </div>
      )}
      {shipment?.MayResolve && (
        <div className="portal-decision-actions">
          <Button
            type="button"
            size="small"
            label={text('resolve')}
            disabled={busy}
            onClick={() => receipt.send({ type: 'resolution.open' })}
          />
        </div>
      )}
      <Dialog
        visible={reporting || sending}
        header={text(noteFor === 'resolution' ? 'resolve' : 'report')}
        onHide={() => !sending && receipt.send({ type: 'dialog.cancel' })}
        style={{ width: '32rem', maxWidth: '95vw' }}
        footer={
          <DialogFooter
            cancelLabel={t('decision.cancel')}
            confirmLabel={t('decision.confirm')}
            busy={sending}
            onCancel={() => receipt.send({ type: 'dialog.cancel' })}
            onConfirm={() => receipt.send({ type: 'dialog.confirm' })}
          />
        }
      >
        <LabelledField
          id="receipt-note"
          label={text(noteFor === 'resolution' ? 'resolution' : 'note')}
          required
          error={noteMissing ? text('noteRequired', { max: NOTE_MAX }) : undefined}
        >
          <InputTextarea
            id="receipt-note"
            rows={3}
            value={note}
            invalid={noteMissing}
            onChange={(e) => receipt.send({ type: 'note.change', note: e.target.value })}
          />
        </LabelledField>
      </Dialog>
    </fieldset>
  );
}
