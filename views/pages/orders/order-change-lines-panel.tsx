import './order-entry.css';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import { formatDateTime, formatPrice } from '../../../domain/format';
import { stripNonDigits } from '../../../domain/validators';
import type { changeLinesMachine } from '../../../machines/orders/order-change-lines.machine';
import type { ChangeRow } from '../../../machines/orders/order-change-lines.rules';
import { previewYuan } from '../../../machines/orders/order-lines.rules';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { roleLabel } from '../../kit/decision-labels';
import { ChangeLinePicker } from './change-line-picker';

interface Props {
  lines: ActorRefFrom<typeof changeLinesMachine>;
}

/** The amount a row comes to, previewed as entry previews it; the server prices it again. */
const rowAmount = (row: ChangeRow) =>
  previewYuan({
    key: row.key,
    product: {
      ProductCode: row.productCode,
      ProductName: row.productName,
      StandardPrice: row.oldPrice ?? row.standardPrice ?? '',
    },
    quantity: row.quantity,
    unitPrice: row.unitPrice,
  });

/** The order number typed in the change form's header, which the lines are read for. */
const typedOrderNo = () => (document.getElementById('field-OrderNo') as HTMLInputElement | null)?.value ?? '';

/** The lines of an order change (before and after, what is shipped) and its history. */
export function OrderChangeLinesPanel({ lines }: Props) {
  const t = useT();
  const lang = useLang();
  const editable = useSelector(lines, (s) => s.hasTag('editable'));
  const busy = useSelector(lines, (s) => s.hasTag('busy'));
  const choosing = useSelector(lines, (s) => s.matches('choosing'));
  const saved = useSelector(lines, (s) => Boolean(s.context.objectId));
  const rows = useSelector(lines, (s) => s.context.rows);
  const history = useSelector(lines, (s) => s.context.history);
  const error = useSelector(lines, (s) => s.context.error);
  const head = (key: string) => t(`orderChanges.page.columns.${key}`);
  const money = (value: string | undefined) => (value ? formatPrice(value, lang) : '—');
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="change-lines" aria-busy={busy}>
      <legend>{t('orderChanges.page.lines')}</legend>
      {error && <div role="alert">{error}</div>}
      {(choosing || (editable && !saved)) && (
        <Button
          type="button"
          outlined
          size="small"
          label={t('orderChanges.page.loadLines')}
          onClick={() => {
            const orderNo = typedOrderNo().trim();
            if (orderNo) lines.send({ type: 'order.load', orderNo });
          }}
        />
      )}
      {choosing && !rows.length && <p className="portal-hint">{t('orderChanges.page.chooseOrder')}</p>}
      {editable && rows.length > 0 && <ChangeLinePicker lines={lines} />}
      {rows.length > 0 && (
        <table className="portal-order-lines-table">
          <ColumnHeads
            keys={[
              ...[
                'line',
                'product',
                'name',
                'before',
                'shipped',
                'quantity',
                'oldPrice',
                'unitPrice',
                'amount',
              ],
              ...(editable ? ['remove'] : []),
            ]}
            label={head}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className={row.removed ? 'is-removed' : undefined}>
                <td>{row.lineNo ?? t('orderChanges.page.added')}</td>
                <td>{row.productCode}</td>
                <td>{row.productName}</td>
                <td className="is-money">{row.before ?? '—'}</td>
                <td className="is-money">{row.shipped}</td>
                <td>
                  {row.removed ? (
                    t('orderChanges.page.removed')
                  ) : editable ? (
                    <InputText
                      aria-label={`${t('orderChanges.page.columns.quantity')} ${row.key}`}
                      inputMode="numeric"
                      value={row.quantity}
                      onChange={(e) =>
                        lines.send({
                          type: 'row.quantity',
                          key: row.key,
                          value: stripNonDigits(e.target.value),
                        })
                      }
                    />
                  ) : (
                    row.quantity
                  )}
                </td>
                <td className="is-money">{money(row.oldPrice)}</td>
                <td>
                  {editable && !row.removed ? (
                    <InputText
                      aria-label={`${t('orderChanges.page.columns.unitPrice')} ${row.key}`}
                      placeholder={row.standardPrice ? formatPrice(row.standardPrice, lang) : undefined}
                      value={row.unitPrice}
                      onChange={(e) => lines.send({ type: 'row.price', key: row.key, value: e.target.value })}
                    />
                  ) : (
                    money(row.unitPrice)
                  )}
                </td>
                <td className="is-money">{row.removed ? '—' : money(rowAmount(row))}</td>
                {editable && (
                  <td>
                    <Button
                      type="button"
                      text
                      size="small"
                      severity={row.removed ? undefined : 'danger'}
                      label={
                        row.removed ? t('orderChanges.page.restore') : t('orderChanges.page.columns.remove')
                      }
                      onClick={() =>
                        lines.send({ type: row.removed ? 'row.restore' : 'row.remove', key: row.key })
                      }
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editable && saved && (
        <Button
          type="button"
          size="small"
          label={t('app.record.save')}
          loading={busy}
          onClick={() => lines.send({ type: 'lines.save' })}
        />
      )}
      {saved && (
        <section aria-label={t('orderChanges.page.history')} data-testid="change-history">
          <h4>
            {t('orderChanges.page.history')}{' '}
            <Button
              type="button"
              text
              size="small"
              label={t('orderChanges.page.reload')}
              onClick={() => lines.send({ type: 'change.reload' })}
            />
          </h4>
          {history.length === 0 ? (
            <p className="portal-hint">{t('orderChanges.page.noHistory')}</p>
          ) : (
            <table className="portal-order-lines-table">
              <ColumnHeads keys={['at', 'actor', 'role', 'action', 'reason']} label={head} />
              <tbody>
                {history.map((e) => (
                  <tr key={e.Seq}>
                    <td>{formatDateTime(e.At)}</td>
                    <td>{e.ActorName}</td>
                    <td>{roleLabel(t, e.Role)}</td>
                    <td>{t(`orderChanges.page.events.${e.Type}`)}</td>
                    <td>{e.Reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </fieldset>
  );
}
