import { useSelector } from '@xstate/react';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../domain/format';
import type { changeLinesMachine } from '../../../machines/orders/order-change-lines.machine';
import { useLang, useT } from '../../app-context';

/**
 * Adds a line to an order change: a product found by code, name or model in the standard price list,
 * as on the order entry forms; the line starts at one unit and the standard price.
 */
export function ChangeLinePicker({ lines }: { lines: ActorRefFrom<typeof changeLinesMachine> }) {
  const t = useT();
  const lang = useLang();
  const products = useSelector(lines, (s) => s.context.products);
  const [typed, setTyped] = useState('');
  return (
    <div className="portal-order-line-picker">
      <InputText
        id="change-line-product"
        placeholder={t('ordersEntry.lines.search')}
        aria-label={t('orderChanges.page.addLine')}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          lines.send({ type: 'products.search', keyword: e.target.value });
        }}
      />
      {typed.trim() && (
        <ul className="portal-order-line-suggestions" aria-label={t('orderChanges.page.addLine')}>
          {products.map((p) => (
            <li key={p.ProductCode}>
              <button
                type="button"
                onClick={() => {
                  setTyped('');
                  lines.send({ type: 'row.add', product: p });
                }}
              >
                {p.ProductCode} · {p.ProductName} · {formatPrice(p.StandardPrice, lang)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
