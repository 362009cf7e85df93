import './order-entry.css';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { formatPrice } from '../../../domain/format';
import { errorText } from '../../../machines/kit/error-text';
import { recordQuery } from '../../../machines/kit/record.actors';
import { executionOrderLinesLogic } from '../../../machines/orders/execution-order-lines.actors';
import { useLang, useT } from '../../app-context';
import { ColumnHeads } from '../../kit/column-heads';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';

const COLUMNS = [
  'lineNo',
  'product',
  'productName',
  'approvedPrice',
  'approvedQuantity',
  'drawnQuantity',
  'remainingQuantity',
];

/**
 * An execution order's record page: its header (the generic record page) and its approved lines —
 * product, approved price, the quantity approved, what orders drew and what is left to order — so the
 * desk reads what a special-price order may still take without opening the special price.
 */
export default function ExecutionOrderPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  return <RecordPage {...props}>{objectId && <ApprovedLines objectId={objectId} />}</RecordPage>;
}

function ApprovedLines({ objectId }: { objectId: string }) {
  const t = useT();
  const lang = useLang();
  const read = useActorRef(executionOrderLinesLogic, { input: objectId });
  const lines = useSelector(read, (s) => s.output);
  const failed = useSelector(read, (s) => (s.status === 'error' ? errorText(s.error) : undefined));
  const text = (key: string) => t(`ordersEntry.executionLines.${key}`);
  return (
    <fieldset className="portal-order-lines is-wide" data-testid="execution-order-lines">
      <legend>{text('title')}</legend>
      {failed && (
        <div className="portal-form-error" role="alert">
          {failed}
        </div>
      )}
      {lines && lines.length === 0 && <p className="portal-hint">{text('empty')}</p>}
      {lines && lines.length > 0 && (
        <table className="portal-order-lines-table">
          <ColumnHeads keys={COLUMNS} label={text} />
          <tbody>
            {lines.map((l) => (
              <tr key={l.LineNo}>
                <td>{l.LineNo}</td>
                <td>{l.ProductCode}</td>
                <td>{l.ProductName ?? ''}</td>
                <td className="is-money">{formatPrice(l.ApprovedPrice, lang)}</td>
                <td className="is-money">{l.ApprovedQuantity}</td>
                <td className="is-money">{l.DrawnQuantity}</td>
                <td className="is-money">{l.RemainingQuantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </fieldset>
  );
}
