import { formatDateTime, formatPrice } from '../../../domain/format';
import type { OrderApprovalView } from '../../../machines/orders/order-approval-page.machine';
import type { Translate } from '../../app-context';
import { ApprovalHistory, ApprovalTable, HeaderFacts, type HeaderField } from '../../kit/approval-parts';
import { formatValue } from '../../kit/cell-value';
import { roleLabel } from '../../kit/decision-labels';

const HEADER: HeaderField[] = [
  ['OrderNo', 'text'],
  ['OrderType', 'dict', 'OrderType'],
  ['AgentName', 'text'],
  ['EndUserName', 'text'],
  ['OrderDate', 'date'],
  ['OrderAmount', 'price'],
  // What the order deducts: payable = amount − cash discount − rebate deduction.
  ['CashDiscountAmount', 'price'],
  ['RebateDeduction', 'price'],
  ['PayableAmount', 'price'],
  ['ApprovalStatus', 'dict', 'OrderApprovalStatus'],
];

/** The order's header fields, as its record page labels them. */
export function OrderHeader({ view, t }: { view: OrderApprovalView; t: Translate }) {
  return (
    <section className="portal-approval-card" aria-label={t('orderApproval.page.header')}>
      <h3>{t('orderApproval.page.header')}</h3>
      <HeaderFacts
        fields={HEADER}
        resource="order"
        record={view.Order}
        dictionaries={view.dictionaries}
        t={t}
      />
    </section>
  );
}

/** The agent's credit as the checks read it: terms, limit, what it owes elsewhere, what is paid here. */
export function CreditFacts({ view, t }: { view: OrderApprovalView; t: Translate }) {
  const credit = view.Credit;
  if (!credit) return null;
  const terms = formatValue('dict', credit.Terms, view.dictionaries.RspPaymentMethod);
  const rows: [string, string][] = [
    [t('orderApproval.page.terms'), terms],
    [
      t('orderApproval.page.creditLimit'),
      credit.CreditLimit === null ? t('orderApproval.page.noLimit') : formatPrice(credit.CreditLimit),
    ],
    [t('orderApproval.page.outstanding'), formatPrice(credit.Outstanding)],
    [t('orderApproval.page.payable'), formatPrice(credit.Payable)],
    [t('orderApproval.page.paid'), formatPrice(credit.Paid)],
  ];
  if (credit.OverdueOrderNo) rows.push([t('orderApproval.page.overdue'), credit.OverdueOrderNo]);
  return (
    <section className="portal-approval-card" aria-label={t('orderApproval.page.credit')}>
      <h3>{t('orderApproval.page.credit')}</h3>
      <dl className="portal-approval-facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The order's lines, priced as the server priced them. */
export function OrderLines({ view, t }: { view: OrderApprovalView; t: Translate }) {
  const col = (key: string) => t(`orderApproval.page.columns.${key}`);
  return (
    <section className="portal-approval-card is-wide" aria-label={t('orderApproval.page.lines')}>
      <h3>{t('orderApproval.page.lines')}</h3>
      <ApprovalTable
        label={t('orderApproval.page.lines')}
        heads={['line', 'product', 'name', 'quantity', 'unitPrice', 'amount'].map(col)}
        empty={t('orderApproval.page.noLines')}
        rows={view.Lines.map((l) => [
          String(l.LineNo ?? ''),
          String(l.ProductCode ?? ''),
          String(l.ProductName ?? ''),
          String(l.Quantity ?? ''),
          formatPrice(l.UnitPrice),
          formatPrice(l.LineAmount),
        ])}
      />
    </section>
  );
}

/** The chain of the order's band, the step it waits at marked, and what was decided so far. */
export function OrderApprovalHistory({ view, t }: { view: OrderApprovalView; t: Translate }) {
  return (
    <ApprovalHistory
      chain={view.Chain}
      waitingAt={view.Approval.State === 'inApproval' ? view.Approval.Node : null}
      title={t('orderApproval.page.history')}
      chainLabel={t('orderApproval.page.chain')}
      empty={t('orderApproval.page.noHistory')}
      heads={['at', 'actor', 'role', 'action', 'reason'].map((key) => t(`orderApproval.page.columns.${key}`))}
      rows={view.History.map((h) => [
        formatDateTime(h.At),
        h.ActorName,
        roleLabel(t, h.Role),
        t(`orderApproval.page.events.${h.Type}`),
        h.Reason ?? '',
      ])}
      t={t}
    />
  );
}
