import { formatDateTime, formatPrice } from '../../../domain/format';
import type { OrderApprovalView } from '../../../machines/orders/order-approval-page.machine';
import type { Translate } from '../../app-context';
import { formatValue } from '../../kit/cell-value';
import { roleLabel } from '../../kit/decision-labels';
import { fieldLabel } from '../../kit/labels';

const HEADER: [field: string, kind: 'text' | 'dict' | 'price' | 'date', dict?: string][] = [
  ['OrderNo', 'text'],
  ['OrderType', 'dict', 'OrderType'],
  ['AgentName', 'text'],
  ['EndUserName', 'text'],
  ['OrderDate', 'date'],
  ['OrderAmount', 'price'],
  ['PayableAmount', 'price'],
  ['ApprovalStatus', 'dict', 'OrderApprovalStatus'],
];

/** The order's header fields, as its record page labels them. */
export function OrderHeader({ view, t }: { view: OrderApprovalView; t: Translate }) {
  return (
    <section className="portal-approval-card" aria-label={t('orderApproval.page.header')}>
      <h3>{t('orderApproval.page.header')}</h3>
      <dl className="portal-approval-facts">
        {HEADER.map(([field, kind, dict]) => (
          <div key={field}>
            <dt>{fieldLabel(t, 'order', field)}</dt>
            <dd data-field={field}>
              {formatValue(kind, view.Order[field], dict ? view.dictionaries[dict] : undefined, t) || '—'}
            </dd>
          </div>
        ))}
      </dl>
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

/** A plain table: headed columns, one row per item. */
function Table(props: { label: string; heads: string[]; rows: string[][]; empty: string }) {
  if (!props.rows.length) return <p className="portal-hint">{props.empty}</p>;
  return (
    <table className="portal-approval-table" aria-label={props.label}>
      <thead>
        <tr>
          {props.heads.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered.
          <tr key={i}>
            {row.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The order's lines, priced as the server priced them. */
export function OrderLines({ view, t }: { view: OrderApprovalView; t: Translate }) {
  const col = (key: string) => t(`orderApproval.page.columns.${key}`);
  return (
    <section className="portal-approval-card is-wide" aria-label={t('orderApproval.page.lines')}>
      <h3>{t('orderApproval.page.lines')}</h3>
      <Table
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
export function ApprovalHistory({ view, t }: { view: OrderApprovalView; t: Translate }) {
  const col = (key: string) => t(`orderApproval.page.columns.${key}`);
  const waitingAt = view.Approval.State === 'inApproval' ? view.Approval.Node : null;
  return (
    <section className="portal-approval-card is-wide" aria-label={t('orderApproval.page.history')}>
      {view.Chain.length > 0 && (
        <ol className="portal-approval-chain" aria-label={t('orderApproval.page.chain')}>
          {view.Chain.map((role, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a role may come twice in a chain; steps are positional.
            <li key={`${role}-${i}`} aria-current={i === waitingAt ? 'step' : undefined}>
              {t('orderApproval.page.step', { n: i + 1 })} · {roleLabel(t, role)}
            </li>
          ))}
        </ol>
      )}
      <h3>{t('orderApproval.page.history')}</h3>
      <Table
        label={t('orderApproval.page.history')}
        heads={['at', 'actor', 'role', 'action', 'reason'].map(col)}
        empty={t('orderApproval.page.noHistory')}
        rows={view.History.map((h) => [
          formatDateTime(h.At),
          h.ActorName,
          roleLabel(t, h.Role),
          t(`orderApproval.page.events.${h.Type}`),
          h.Reason ?? '',
        ])}
      />
    </section>
  );
}
