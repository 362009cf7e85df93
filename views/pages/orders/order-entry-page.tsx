import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { pageById } from '../../../catalogue/catalogue';
import { lockOf } from '../../../catalogue/define';
import type { PageEntry } from '../../../catalogue/types';
import { recordQuery } from '../../../machines/kit/record.actors';
import type { RecordAction } from '../../../machines/kit/record.machine';
import {
  orderEntryApprovalLogic,
  saveAndSubmitDoor,
} from '../../../machines/orders/order-entry-approval.actors';
import { offersSubmit } from '../../../machines/orders/order-entry-approval.machine';
import { orderLinesLogic } from '../../../machines/orders/order-lines.actors';
import type { orderLinesMachine } from '../../../machines/orders/order-lines.machine';
import { linesBody } from '../../../machines/orders/order-lines.rules';
import { orderRecordPage } from '../../../machines/orders/order-record-page';
import { useLang, useT } from '../../app-context';
import RecordPage from '../../kit/record-page';
import type { PageProps } from '../page-view';
import { OrderApprovalNote } from './order-approval-note';
import { OrderLinesPanel } from './order-lines-panel';
import { UsableRebatePanel } from './usable-rebate-panel';

/**
 * An order's form and record page: the catalogue's header fields (the generic record page) with the
 * order's lines and where it stands in its approval. A new order is saved with the lines typed here,
 * in one request; a draft or returned one is edited here, lines and header saved together; any of
 * them is saved and submitted for approval in one request (the submit button) when the server offers it. Each
 * saved record opens anew (a new one's tab query changes; a saved one's round moves on), so its
 * lines, its status and what it offers are read again from the server.
 */
export default function OrderEntryPage(props: PageProps) {
  const { objectId, action } = useMemo(
    () => recordQuery(props.query, props.page.kind),
    [props.query, props.page.kind],
  );
  const [round, setRound] = useState(0);
  // A record page shows the order as the form that entered it, once the order says which that was.
  const [entryPage, setEntryPage] = useState<string>();
  const page = useMemo(
    () =>
      props.page.kind === 'detail'
        ? orderRecordPage(props.page, entryPage ? pageById(entryPage) : undefined)
        : props.page,
    [props.page, entryPage],
  );
  return (
    <OrderEntryForm
      key={`${objectId ?? 'new'}-${round}-${entryPage ?? ''}`}
      {...props}
      page={page}
      objectId={objectId}
      action={action}
      onSaved={() => setRound((r) => r + 1)}
      onEntryPage={props.page.kind === 'detail' ? setEntryPage : undefined}
    />
  );
}

/** Entry forms that deduct rebate show what the order may use while it is entered. */
const deductsRebate = (page: PageProps['page']) =>
  page.kind === 'edit' && (page.fields ?? []).some((f) => f.field === 'RebateDeduction');

/** A saved order's lines are edited where its header is: on an edit page, while its form locks nothing. */
const linesEditable = (page: PageEntry, action: RecordAction, values: Record<string, unknown>) =>
  page.kind === 'edit' &&
  action !== 'detail' &&
  Boolean(values.ApprovalStatus) &&
  lockOf(page, 'Lines', values) === undefined;

function OrderEntryForm(
  props: PageProps & {
    objectId?: string;
    action: RecordAction;
    onSaved: () => void;
    onEntryPage?: (pageId: string) => void;
  },
) {
  const t = useT();
  const lang = useLang();
  const langRef = useRef(lang);
  langRef.current = lang;
  const lines = useActorRef(orderLinesLogic, { input: { objectId: props.objectId } });
  const approval = useActorRef(
    orderEntryApprovalLogic(() => langRef.current),
    { input: { objectId: props.objectId } },
  );
  const offered = useSelector(approval, (s) => props.page.kind === 'edit' && offersSubmit(s.context));
  const statusWords = useSelector(approval, (s) => s.context.facts?.statusWords ?? []);
  const showsRebate = deductsRebate(props.page);
  const isNew = !props.objectId;
  // What a save carries beside the header: every line of a new order, a saved one's when changed.
  const editedLines = () => {
    const { dirty, lines: typed } = lines.getSnapshot().context;
    return dirty ? { Lines: linesBody(typed) } : {};
  };
  return (
    <RecordPage
      page={props.page}
      params={props.params}
      query={props.query}
      extraBody={() => ({ Lines: linesBody(lines.getSnapshot().context.lines) })}
      editBody={editedLines}
      saveVia={{
        door: 'submit',
        label: t('orderApproval.page.submit'),
        busyLabel: t('orderApproval.page.submitting'),
        icon: 'pi pi-send',
        done: 'orderApproval.submitted',
        offered,
        send: saveAndSubmitDoor,
        refused: (message) => t('ordersEntry.approval.refused', { message }),
      }}
      onSaved={isNew ? undefined : props.onSaved}
    >
      {(values) => (
        <>
          {props.onEntryPage && <EntryFormOf values={values} onEntryPage={props.onEntryPage} />}
          <OrderApprovalNote values={values} statusWords={statusWords} />
          <LinesUnlock lines={lines} editable={linesEditable(props.page, props.action, values)} />
          <OrderLinesPanel lines={lines} />
          {showsRebate && <UsableRebatePanel objectId={props.objectId} values={values} lines={lines} />}
        </>
      )}
    </RecordPage>
  );
}

/** Tells the record page which form entered the order, once its record is read. */
function EntryFormOf({
  values,
  onEntryPage,
}: {
  values: Record<string, unknown>;
  onEntryPage: (pageId: string) => void;
}) {
  const entryPage = typeof values.EntryPage === 'string' ? values.EntryPage : undefined;
  useEffect(() => {
    if (entryPage) onEntryPage(entryPage);
  }, [entryPage, onEntryPage]);
  return null;
}

/** Opens a saved order's lines for editing once its record shows it a draft or returned. */
function LinesUnlock({
  lines,
  editable,
}: {
  lines: ActorRefFrom<typeof orderLinesMachine>;
  editable: boolean;
}) {
  const loaded = useSelector(lines, (s) => s.matches('showing'));
  useEffect(() => {
    if (editable && loaded) lines.send({ type: 'lines.edit' });
  }, [lines, editable, loaded]);
  return null;
}
