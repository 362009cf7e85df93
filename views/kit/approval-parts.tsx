import type { ValueKind } from '../../catalogue/types';
import type { DictionaryOption } from '../../domain/dictionary';
import type { Translate } from '../app-context';
import { formatValue } from './cell-value';
import { ColumnHeads } from './column-heads';
import { roleLabel } from './decision-labels';
import { fieldLabel } from './labels';

/** A field of a record's header: its wire name, how its value reads, and its dictionary. */
export type HeaderField = [field: string, kind: ValueKind, dict?: string];

/** A record's header on an approval screen, each field labelled as the record's own pages label it. */
export function HeaderFacts(props: {
  fields: HeaderField[];
  resource: string;
  record: Record<string, unknown>;
  dictionaries: Record<string, DictionaryOption[]>;
  t: Translate;
}) {
  const { record, dictionaries, t } = props;
  return (
    <dl className="portal-approval-facts">
      {props.fields.map(([field, kind, dict]) => (
        <div key={field}>
          <dt>{fieldLabel(t, props.resource, field)}</dt>
          <dd data-field={field}>
            {formatValue(kind, record[field], dict ? dictionaries[dict] : undefined, t) || '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A plain table: headed columns, one row per item. */
export function ApprovalTable(props: { label: string; heads: string[]; rows: string[][]; empty: string }) {
  if (!props.rows.length) return <p className="portal-hint">{props.empty}</p>;
  return (
    <table className="portal-approval-table" aria-label={props.label}>
      <ColumnHeads keys={props.heads} label={(h) => h} />
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

interface ApprovalHistoryProps {
  /** The approver roles in order, and the step the record waits at (null once decided). */
  chain: string[];
  waitingAt: number | null;
  /** The card's title, the chain's name, and what the table says without a decision yet. */
  title: string;
  chainLabel: string;
  empty: string;
  /** The history's column heads and its rows, oldest first, as the screen words them. */
  heads: string[];
  rows: string[][];
  t: Translate;
}

/** The chain a record's approval runs through, the step it waits at marked, and what was decided so far. */
export function ApprovalHistory({
  chain,
  waitingAt,
  title,
  chainLabel,
  empty,
  heads,
  rows,
  t,
}: ApprovalHistoryProps) {
  return (
    <section className="portal-approval-card is-wide" aria-label={title}>
      {chain.length > 0 && (
        <ol className="portal-approval-chain" aria-label={chainLabel}>
          {chain.map((role, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a role may come twice in a chain; steps are positional.
            <li key={`${role}-${i}`} aria-current={i === waitingAt ? 'step' : undefined}>
              {t('orderApproval.page.step', { n: i + 1 })} · {roleLabel(t, role)}
            </li>
          ))}
        </ol>
      )}
      <h3>{title}</h3>
      <ApprovalTable label={title} heads={heads} rows={rows} empty={empty} />
    </section>
  );
}
