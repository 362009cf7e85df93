import '../orders/order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatPrice } from '../../../domain/format';
import { opportunityItemsLogic } from '../../../machines/opportunities/opportunity-items.actors';
import type {
  OpportunityItem,
  OpportunityProduct,
} from '../../../machines/opportunities/opportunity-items.machine';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import { ProductSearch } from '../../kit/product-search';
import { RowActions } from './row-actions';

interface Props {
  opportunityId: string;
  opportunityNo: string;
  productLine?: string;
}

const money = (value: unknown, lang: string) => (value ? formatPrice(value, lang) : '—');

/**
 * The products of an opportunity: listed for whoever sees it; its owner, while it is open,
 * picks products of its line by part number, name or model, with a quantity and an expected price.
 */
export function OpportunityItemsPanel(props: Props) {
  const t = useT();
  const lang = useLang();
  const actor = useActorRef(opportunityItemsLogic, { input: props });
  const items = useSelector(actor, (s) => s.context.items);
  const products = useSelector(actor, (s) => s.context.products);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // Offered as the item commands would answer this person on this deal (its owner, while it is open).
  const editable = useSelector(actor, (s) => s.context.editable);
  const [chosen, setChosen] = useState<OpportunityProduct>();
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [bidders, setBidders] = useState('');
  const add = () => {
    if (!chosen) return;
    actor.send({ type: 'item.add', pn: chosen.pn, quantity, expectedPrice: price, bidders });
    setChosen(undefined);
    setQuantity('1');
    setPrice('');
    setBidders('');
  };
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="opportunity-items">
      <legend>{t('opportunityItems.title')}</legend>
      {error && <div role="alert">{error}</div>}
      {editable && (
        <ProductSearch
          id="opportunity-item-product"
          placeholder={t('opportunityItems.search')}
          label={t('opportunityItems.choose')}
          products={products}
          keyOf={(p) => p.pn}
          textOf={(p) => `${p.pn} · ${p.Name} · ${p.ProductModel} · ${formatPrice(p.StandardPrice, lang)}`}
          onSearch={(keyword) => actor.send({ type: 'products.search', keyword })}
          onPick={setChosen}
        >
          {chosen && (
            <div className="portal-opportunity-item-new" data-testid="opportunity-item-new">
              <span>
                {chosen.pn} · {chosen.Name}
              </span>
              <label htmlFor="opportunity-item-quantity">{t('opportunityItems.columns.quantity')}</label>
              <InputText
                id="opportunity-item-quantity"
                value={quantity}
                inputMode="numeric"
                onChange={(e) => setQuantity(e.target.value)}
              />
              <label htmlFor="opportunity-item-price">{t('opportunityItems.columns.expectedPrice')}</label>
              <InputText
                id="opportunity-item-price"
                value={price}
                inputMode="decimal"
                onChange={(e) => setPrice(e.target.value)}
              />
              <label htmlFor="opportunity-item-bidders">{t('opportunityItems.bidders')}</label>
              <InputText
                id="opportunity-item-bidders"
                value={bidders}
                inputMode="numeric"
                onChange={(e) => setBidders(e.target.value)}
              />
              <Button type="button" label={t('opportunityItems.add')} disabled={busy} onClick={add} />
            </div>
          )}
        </ProductSearch>
      )}
      <table className="portal-order-lines-table">
        <ColumnHeads
          keys={[
            'pn',
            'description',
            'quantity',
            'standardPrice',
            'expectedPrice',
            ...(editable ? ['actions'] : []),
          ]}
          label={(key) => t(`opportunityItems.columns.${key}`)}
        />
        <tbody>
          {items.map((item) => (
            <ItemRow
              key={item.ObjectID}
              item={item}
              editable={editable && !item.parentRelationship}
              busy={busy}
              lang={lang}
              onSave={(q, p) =>
                actor.send({ type: 'item.change', id: item.ObjectID, quantity: q, expectedPrice: p })
              }
              onRemove={() => actor.send({ type: 'item.remove', id: item.ObjectID })}
              showActions={editable}
            />
          ))}
          {!items.length && (
            <tr>
              <td colSpan={editable ? 6 : 5}>{t(busy ? 'app.loading' : 'opportunityItems.empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </fieldset>
  );
}

function ItemRow(props: {
  item: OpportunityItem;
  editable: boolean;
  showActions: boolean;
  busy: boolean;
  lang: string;
  onSave: (quantity: string, price: string) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { item } = props;
  const [quantity, setQuantity] = useState(String(item.Quantity ?? ''));
  const [price, setPrice] = useState(String(item.ExpectedPrice ?? ''));
  const label = `${item.pn}`;
  return (
    <tr data-pn={item.pn}>
      <td>{item.pn}</td>
      <td>{item.description ?? ''}</td>
      <td>
        {props.editable ? (
          <InputText
            aria-label={`${t('opportunityItems.columns.quantity')} ${label}`}
            value={quantity}
            inputMode="numeric"
            onChange={(e) => setQuantity(e.target.value)}
          />
        ) : (
          item.Quantity
        )}
      </td>
      <td className="is-money">{money(item.StandardPrice, props.lang)}</td>
      <td className="is-money">
        {props.editable ? (
          <InputText
            aria-label={`${t('opportunityItems.columns.expectedPrice')} ${label}`}
            value={price}
            inputMode="decimal"
            onChange={(e) => setPrice(e.target.value)}
          />
        ) : (
          money(item.ExpectedPrice, props.lang)
        )}
      </td>
      {props.showActions && (
        <RowActions
          editable={props.editable}
          busy={props.busy}
          saveLabel={t('opportunityItems.save')}
          removeLabel={t('opportunityItems.remove')}
          onSave={() => props.onSave(quantity, price)}
          onRemove={props.onRemove}
        />
      )}
    </tr>
  );
}
