import './order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef } from 'react';
import { formatDate, formatPrice } from '../../../domain/format';
import { fenToYuanString } from '../../../domain/money';
import { receiptAllocationMachine } from '../../../machines/payments/receipt-allocation.machine';
import { allocationLines, freeFen, typedTotal } from '../../../machines/payments/receipt-allocation.rules';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { toast } from '../../shell/toast-bus';

const COLUMNS = ['orderNo', 'orderDate', 'orderAmount', 'paid', 'here', 'outstanding', 'amount'];

/**
 * A receipt's orders it may still pay, with one amount each, filled oldest first on request, saved in
 * one request the server takes whole or refuses naming the order; the page is told once it went through.
 */
export function ReceiptAllocationPanel({
  objectId,
  onAllocated,
}: {
  objectId: string;
  onAllocated: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const actor = useActorRef(receiptAllocationMachine, { input: { objectId } });
  const receipt = useSelector(actor, (s) => s.context.receipt);
  const amounts = useSelector(actor, (s) => s.context.amounts);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const canSave = useSelector(actor, (s) => s.can({ type: 'allocation.save' }));
  const allocatedRef = useRef(onAllocated);
  allocatedRef.current = onAllocated;
  useEffect(() => {
    const sub = actor.on('allocated', () => {
      toast({ text: t('payments.allocate.saved', { count: lines.current }), severity: 'success' });
      allocatedRef.current();
    });
    return () => sub.unsubscribe();
  }, [actor, t]);
  const lines = useRef(0);
  lines.current = allocationLines(amounts).length;

  if (loading && !receipt)
    return <p className="portal-receipt-allocation">{t('payments.allocate.loading')}</p>;
  if (failed)
    return (
      <div className="portal-receipt-allocation" role="alert">
        {t('payments.allocate.failed', { message: error ?? '' })}{' '}
        <Button
          type="button"
          text
          label={t('payments.allocate.retry')}
          onClick={() => actor.send({ type: 'orders.reload' })}
        />
      </div>
    );
  if (!receipt) return null;
  const free = freeFen(receipt.PaymentAmount, receipt.AllocatedAmount);
  const total = typedTotal(amounts);
  const money = (fen: number) => formatPrice(fenToYuanString(fen), lang);
  return (
    <fieldset
      className="portal-order-lines portal-receipt-allocation is-wide"
      data-testid="receipt-allocation"
    >
      <legend>{t('payments.allocate.title')}</legend>
      <p className="portal-hint">{t('payments.allocate.hint')}</p>
      {receipt.Orders.length === 0 ? (
        <p>{t('payments.allocate.none')}</p>
      ) : (
        <>
          <div className="portal-receipt-allocation-actions">
            <Button
              type="button"
              size="small"
              outlined
              icon="pi pi-sort-numeric-down"
              label={t('payments.allocate.fill')}
              disabled={saving || free === 0}
              onClick={() => actor.send({ type: 'fill.oldest' })}
            />
            <Button
              type="button"
              size="small"
              text
              label={t('payments.allocate.clear')}
              disabled={saving}
              onClick={() => actor.send({ type: 'amounts.clear' })}
            />
          </div>
          <div className="portal-table-scroll">
            <table className="portal-order-lines-table">
              <ColumnHeads keys={COLUMNS} label={(key) => t(`payments.allocate.${key}`)} />
              <tbody>
                {receipt.Orders.map((order) => (
                  <tr key={order.OrderID}>
                    <td>{order.OrderNo}</td>
                    <td>{formatDate(order.OrderDate)}</td>
                    <td className="is-money">{formatPrice(order.OrderAmount, lang)}</td>
                    <td className="is-money">{formatPrice(order.PaidAmount, lang)}</td>
                    <td className="is-money">{formatPrice(order.OnThisReceipt, lang)}</td>
                    <td className="is-money">{formatPrice(order.OutstandingAmount, lang)}</td>
                    <td>
                      <InputText
                        aria-label={t('payments.allocate.amountOf', { order: order.OrderNo })}
                        inputMode="decimal"
                        value={amounts[order.OrderNo] ?? ''}
                        disabled={saving}
                        onChange={(e) =>
                          actor.send({ type: 'amount.change', orderNo: order.OrderNo, value: e.target.value })
                        }
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <p className="portal-order-lines-total" data-testid="receipt-allocation-totals">
        {t('payments.allocate.free', { amount: money(free) })} ·{' '}
        {total === undefined
          ? t('payments.allocate.invalid')
          : `${t('payments.allocate.typed', { amount: money(total) })} · ${
              total > free
                ? t('payments.allocate.over')
                : t('payments.allocate.left', { amount: money(free - total) })
            }`}
      </p>
      {error && <p role="alert">{error}</p>}
      {receipt.Orders.length > 0 && (
        <Button
          type="button"
          icon="pi pi-check"
          label={saving ? t('payments.allocate.saving') : t('payments.allocate.save')}
          loading={saving}
          disabled={!canSave}
          onClick={() => actor.send({ type: 'allocation.save' })}
        />
      )}
    </fieldset>
  );
}
