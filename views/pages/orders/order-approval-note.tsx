import { OrderApprovalStatus } from '../../../domain/codes/orders.codes';
import type { DictionaryOption } from '../../../domain/dictionary';
import { awaitingTextOf, cellValueText } from '../../../domain/value-text';
import { useT } from '../../app-context';

/** The status as the approval query words it: the step it waits for (awaiting sales operations), else the status word. */
const STATUS = { field: 'ApprovalStatus', kind: 'dict', awaitingRole: 'ApproverRole' } as const;

/**
 * Where a saved order stands in its approval, on its entry page: its status in the approval query's
 * words and, once an approver returned it, why.
 */
export function OrderApprovalNote({
  values,
  statusWords,
}: {
  values: Record<string, unknown>;
  statusWords: DictionaryOption[];
}) {
  const t = useT();
  if (!values.ApprovalStatus) return null;
  const status = cellValueText(STATUS, values, {
    dictionaryText: (keyword) => statusWords.find((o) => o.keyword === keyword)?.content,
    awaitingText: awaitingTextOf(t),
  });
  const reason =
    values.ApprovalStatus === OrderApprovalStatus.returned && typeof values.ApprovalReason === 'string'
      ? values.ApprovalReason
      : '';
  return (
    <dl className="portal-order-approval-note is-wide" data-testid="order-approval-note">
      <div>
        <dt>{t('ordersEntry.approval.status')}</dt>
        <dd data-testid="order-approval-status">{status}</dd>
      </div>
      {reason && (
        <div>
          <dt>{t('ordersEntry.approval.reason')}</dt>
          <dd data-testid="order-approval-reason">{reason}</dd>
        </div>
      )}
    </dl>
  );
}
