import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../domain/format';
import type { changeLinesMachine } from '../../../machines/orders/order-change-lines.machine';
import { useLang, useT } from '../../app-context';
import { ProductSearch } from '../../kit/product-search';

/**
 * Adds a line to an order change: a product found by code, name or model in the standard price list,
 * as on the order entry forms; the line starts at one unit and the standard price.
 */
export function ChangeLinePicker({ lines }: { lines: ActorRefFrom<typeof changeLinesMachine> }) {
  const t = useT();
  const lang = useLang();
  const products = useSelector(lines, (s) => s.context.products);
  return (
    <ProductSearch
      id="change-line-product"
      placeholder={t('ordersEntry.lines.search')}
      label={t('orderChanges.page.addLine')}
      products={products}
      keyOf={(p) => p.ProductCode}
      textOf={(p) => `${p.ProductCode} · ${p.ProductName} · ${formatPrice(p.StandardPrice, lang)}`}
      onSearch={(keyword) => lines.send({ type: 'products.search', keyword })}
      onPick={(product) => lines.send({ type: 'row.add', product })}
    />
  );
}
