import './order-entry.css';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../domain/format';
import { stripNonDigits } from '../../../domain/validators';
import type { orderLinesMachine } from '../../../machines/orders/order-lines.machine';
import { previewTotal, previewYuan, savedTotal } from '../../../machines/orders/order-lines.rules';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { ProductSearch } from '../../kit/product-search';

interface Props {
  lines: ActorRefFrom<typeof orderLinesMachine>;
  /**
   * Whether a person types each line's price (an order's requested price); a loan is valued at the
   * standard price, so its form asks products and quantities only.
   */
  typesPrice?: boolean;
  /** The legend's locale key. */
  titleKey?: string;
}

const money = (value: unknown, lang: string) => (value === undefined ? '—' : formatPrice(value, lang));

/** The lines of an order form: typed on a new order, shown as priced by the server on a saved one. */
export function OrderLinesPanel({ lines, typesPrice = true, titleKey = 'ordersEntry.lines.title' }: Props) {
  const t = useT();
  const lang = useLang();
  const editable = useSelector(lines, (s) => s.hasTag('editable'));
  const draft = useSelector(lines, (s) => s.context.lines);
  const saved = useSelector(lines, (s) => s.context.saved);
  const products = useSelector(lines, (s) => s.context.products);
  const error = useSelector(lines, (s) => s.context.error);
  const total = editable ? previewTotal(draft) : savedTotal(saved.map((l) => l.LineAmount));
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="order-lines">
      <legend>{t(titleKey)}</legend>
      {error && <div role="alert">{error}</div>}
      {editable && (
        <ProductSearch
          id="order-line-product"
          placeholder={t('ordersEntry.lines.search')}
          label={t('ordersEntry.lines.choose')}
          products={products}
          keyOf={(p) => p.ProductCode}
          textOf={(p) => `${p.ProductCode} · ${p.ProductName} · ${formatPrice(p.StandardPrice, lang)}`}
          onSearch={(keyword) => lines.send({ type: 'products.search', keyword })}
          onPick={(product) => lines.send({ type: 'line.add', product })}
        />
      )}
      <table className="portal-order-lines-table">
        <ColumnHeads
          keys={[
            ...['lineNo', 'product', 'productName', 'standardPrice'],
            ...(typesPrice || !editable ? ['unitPrice'] : []),
            ...['quantity', 'lineAmount'],
            editable ? 'remove' : 'executionOrderNo',
          ]}
          label={(key) => t(`ordersEntry.lines.${key}`)}
        />
        <tbody>
          {editable
            ? draft.map((line, index) => (
                <tr key={line.key}>
                  <td>{index + 1}</td>
                  <td>{line.product.ProductCode}</td>
                  <td>{line.product.ProductName}</td>
                  <td className="is-money">{formatPrice(line.product.StandardPrice, lang)}</td>
                  {typesPrice && (
                    <td>
                      <InputText
                        aria-label={`${t('ordersEntry.lines.unitPrice')} ${index + 1}`}
                        placeholder={t('ordersEntry.lines.priceHint')}
                        value={line.unitPrice}
                        onChange={(e) =>
                          lines.send({ type: 'line.price', key: line.key, value: e.target.value })
                        }
                      />
                    </td>
                  )}
                  <td>
                    <InputText
                      aria-label={`${t('ordersEntry.lines.quantity')} ${index + 1}`}
                      inputMode="numeric"
                      value={line.quantity}
                      onChange={(e) =>
                        lines.send({
                          type: 'line.quantity',
                          key: line.key,
                          value: stripNonDigits(e.target.value),
                        })
                      }
                    />
                  </td>
                  <td className="is-money">{money(previewYuan(line), lang)}</td>
                  <td>
                    <Button
                      type="button"
                      text
                      severity="danger"
                      label={t('ordersEntry.lines.remove')}
                      onClick={() => lines.send({ type: 'line.remove', key: line.key })}
                    />
                  </td>
                </tr>
              ))
            : saved.map((line) => (
                <tr key={line.ObjectID}>
                  <td>{line.LineNo}</td>
                  <td>{line.ProductCode}</td>
                  <td>{line.ProductName}</td>
                  <td className="is-money">{formatPrice(line.StandardPrice, lang)}</td>
                  <td className="is-money">{formatPrice(line.UnitPrice, lang)}</td>
                  <td className="is-money">{line.Quantity}</td>
                  <td className="is-money">{formatPrice(line.LineAmount, lang)}</td>
                  <td>{line.ExecutionOrderNo ?? ''}</td>
                </tr>
              ))}
          {(editable ? draft : saved).length === 0 && (
            <tr>
              <td colSpan={8}>{t('ordersEntry.lines.empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="portal-order-lines-total" data-testid="order-lines-total">
        {t('ordersEntry.lines.total', { amount: money(total, lang) })}
      </p>
    </fieldset>
  );
}
