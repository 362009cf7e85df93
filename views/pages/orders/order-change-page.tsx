import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { recordQuery } from '../../../machines/kit/record.actors';
import { changeLinesLogic } from '../../../machines/orders/order-change-lines.actors';
import { changeLinesBody } from '../../../machines/orders/order-change-lines.rules';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { OrderChangeLinesPanel } from './order-change-lines-panel';

/**
 * An order change's form and record page: the catalogue's header fields (the generic record page,
 * with the change's decision panel) and its lines and history. A new change is saved with the lines
 * edited here; a saved draft's lines are saved on their own, after which the page opens anew so the
 * header is edited on the version the lines left.
 */
export default function OrderChangePage(props: PageProps) {
  const { objectId, action } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const [round, setRound] = useState(0);
  return (
    <OrderChangeForm
      key={`${objectId ?? 'new'}-${round}`}
      {...props}
      objectId={objectId}
      editing={action !== 'detail'}
      onLinesSaved={() => setRound((r) => r + 1)}
    />
  );
}

function OrderChangeForm(
  props: PageProps & { objectId?: string; editing: boolean; onLinesSaved: () => void },
) {
  const lines = useActorRef(changeLinesLogic, {
    input: { objectId: props.objectId, editing: props.editing },
  });
  const { onLinesSaved } = props;
  useEffect(() => {
    const sub = lines.on('saved', onLinesSaved);
    return () => sub.unsubscribe();
  }, [lines, onLinesSaved]);
  return (
    <RecordPage
      page={props.page}
      params={props.params}
      query={props.query}
      extraBody={() => {
        const rows = lines.getSnapshot().context.rows;
        return rows.length ? { Lines: changeLinesBody(rows) } : {};
      }}
    >
      <OrderChangeLinesPanel lines={lines} />
    </RecordPage>
  );
}
