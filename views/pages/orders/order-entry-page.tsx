import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { recordQuery } from '../../../machines/kit/record.actors';
import { orderLinesLogic } from '../../../machines/orders/order-lines.actors';
import { linesBody } from '../../../machines/orders/order-lines.rules';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { OrderLinesPanel } from './order-lines-panel';
import { UsableRebatePanel } from './usable-rebate-panel';

/**
 * An order's form and record page: the catalogue's header fields (the generic record page) with the
 * order's lines. A new order is saved with the lines typed here, in one request; a saved one shows
 * its lines as the server priced them. Each saved record opens anew (its tab's query changes), so
 * the lines actor starts again with it.
 */
export default function OrderEntryPage(props: PageProps) {
  const { objectId } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  return <OrderEntryForm key={objectId ?? 'new'} {...props} objectId={objectId} />;
}

/** Entry forms that deduct rebate show what the order may use while it is entered. */
const deductsRebate = (page: PageProps['page']) =>
  page.kind === 'edit' && (page.fields ?? []).some((f) => f.field === 'RebateDeduction');

function OrderEntryForm(props: PageProps & { objectId?: string }) {
  const lines = useActorRef(orderLinesLogic, { input: { objectId: props.objectId } });
  const showsRebate = deductsRebate(props.page);
  return (
    <RecordPage
      page={props.page}
      params={props.params}
      query={props.query}
      extraBody={() => ({ Lines: linesBody(lines.getSnapshot().context.lines) })}
    >
      {(values) => (
        <>
          <OrderLinesPanel lines={lines} />
          {showsRebate && <UsableRebatePanel objectId={props.objectId} values={values} lines={lines} />}
        </>
      )}
    </RecordPage>
  );
}
