import '../orders/approval-page.css';
import { discountWords } from '../../../domain/discount';
import { formatDateTime, formatPrice } from '../../../domain/format';
import { discountTextOf } from '../../../domain/value-text';
import type { SpecialPriceView } from '../../../machines/special-prices/special-price-page.machine';
import type { Translate } from '../../app-context';
import { ApprovalHistory, ApprovalTable, HeaderFacts, type HeaderField } from '../../kit/approval-parts';
import { roleLabel } from '../../kit/decision-labels';

const RESOURCE = 'specialApproval';
const HEADER: HeaderField[] = [
  ['ExtSpecialApprovalNo_SDK', 'text'],
  ['ExtOpportunityNOText_SDK', 'text'],
  ['ExtOpportunityName_SDK', 'text'],
  ['ExtOppCustomerName_SDK', 'text'],
  ['AgentName', 'text'],
  ['Brand', 'dict', 'Brand'],
  ['ExtBidOpeningDate_SDK', 'date'],
  ['ExtValidUntil_SDK', 'date'],
  ['ExtSpecialPriceStatus_SDK', 'dict', 'SpecialPriceStatus'],
  ['ExtApplyPriceTotal_SDK', 'price'],
  ['ExtApprovedPriceTotal_SDK', 'price'],
  // The ratio the server keeps, read as the discount it means (domain/discount.ts).
  ['ExtWeightedDiscount_SDK', 'text'],
  ['ExtApplyReason_SDK', 'text'],
  ['ExtChannelMargin_SDK', 'text'],
];

/** A price ratio in the words of a discount: the tenths paid and the share taken off (8.76, 12.40 %); blank without a figure. */
export function discountText(t: Translate, ratioPercent: unknown) {
  return discountWords(ratioPercent) ? discountTextOf(t)(ratioPercent) : '';
}

/** The request's header, as the special-price pages label it. */
export function PriceHeader({ view, t }: { view: SpecialPriceView; t: Translate }) {
  const record = {
    ...view.Record,
    ExtWeightedDiscount_SDK: discountText(t, view.Record.ExtWeightedDiscount_SDK),
  };
  return (
    <section className="portal-approval-card is-wide" aria-label={t('specialPrices.page.header')}>
      <h3>{t('specialPrices.page.header')}</h3>
      <HeaderFacts
        fields={HEADER}
        resource={RESOURCE}
        record={record}
        dictionaries={view.dictionaries}
        t={t}
      />
    </section>
  );
}

interface ConfigurationPart {
  pn: string;
  description: string;
  Quantity: number;
  StandardPrice: string;
  ApplyPrice: string;
  ApprovedPrice: string | null;
}
const configurationParts = (line: Record<string, unknown>) =>
  Array.isArray(line.Children) ? (line.Children as ConfigurationPart[]) : [];

/**
 * The lines with what was approved, executed and is left; the cost only where the server sent it. A
 * configuration (CPQ) is one line priced as a whole, its parts listed under it.
 */
export function PriceLines({ view, t }: { view: SpecialPriceView; t: Translate }) {
  const p = (key: string) => t(`specialPrices.page.${key}`);
  const vendor = view.Lines.some((l) => 'CostPrice' in l);
  const heads = ['productCode', 'productName', 'quantity', 'standardPrice', 'applyPrice', 'applyDiscount'];
  heads.push('approvedPrice', 'executedQuantity', 'remainingQuantity', ...(vendor ? ['costPrice'] : []));
  return (
    <section className="portal-approval-card is-wide" aria-label={p('lines')}>
      <h3>{p('lines')}</h3>
      <ApprovalTable
        label={p('lines')}
        heads={heads.map(p)}
        empty={p('noLines')}
        rows={view.Lines.flatMap((l) => [
          [
            String(l.pn ?? ''),
            String(l.description ?? ''),
            String(l.Quantity ?? ''),
            formatPrice(l.StandardPrice),
            formatPrice(l.ApplyPrice),
            discountText(t, l.ApplyDiscount),
            l.ApprovedPrice ? formatPrice(l.ApprovedPrice) : '—',
            String(l.ExecutedQuantity ?? 0),
            String(l.RemainingQuantity ?? ''),
            ...(vendor ? [formatPrice(l.CostPrice)] : []),
          ],
          // A configuration's parts, each with its share of one configuration's prices.
          ...configurationParts(l).map((c) => [
            `└ ${c.pn}`,
            c.description,
            `× ${c.Quantity}`,
            formatPrice(c.StandardPrice),
            formatPrice(c.ApplyPrice),
            '',
            c.ApprovedPrice ? formatPrice(c.ApprovedPrice) : '—',
            '',
            '',
            ...(vendor ? [''] : []),
          ]),
        ])}
      />
      <dl className="portal-approval-facts" aria-label={p('figures')}>
        {[
          ['standardTotal', formatPrice(view.Figures.StandardTotal)],
          ['applyTotal', formatPrice(view.Figures.ApplyTotal)],
          ['depth', discountText(t, view.Figures.Depth)],
          ...(view.Figures.Margin !== undefined
            ? [
                ['costTotal', formatPrice(view.Figures.CostTotal)],
                ['margin', `${view.Figures.Margin}%`],
                [
                  'authority',
                  ((view.Figures.AuthorityChain as string[]) ?? []).map((r) => roleLabel(t, r)).join(' → '),
                ],
              ]
            : []),
        ].map(([key, value]) => (
          <div key={key}>
            <dt>{p(key)}</dt>
            <dd data-figure={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The chain its depth chose, the level it waits at marked, and what was decided so far. */
export function PriceHistory({ view, t }: { view: SpecialPriceView; t: Translate }) {
  return (
    <ApprovalHistory
      chain={view.Chain}
      waitingAt={view.Approval.State === 'inApproval' ? view.Approval.Node : null}
      title={t('specialPrices.page.history')}
      chainLabel={t('specialPrices.page.chain')}
      empty={t('specialPrices.page.noHistory')}
      heads={['at', 'actor', 'role', 'reason'].map((k) => t(`orderApproval.page.columns.${k}`))}
      rows={view.History.map((h) => [
        formatDateTime(h.At),
        h.ActorName,
        roleLabel(t, h.Role),
        h.Reason ?? '',
      ])}
      t={t}
    />
  );
}
