import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { applyLinkOf } from '../../machines/special-prices/apply-link.rules';
import { ownerChangeOffered } from '../../machines/workflows/opportunity-items.rules';
import { useRoleCode, useT } from '../app-context';
import RecordPage from '../kit/record-page';
import { useCanOpen } from '../kit/use-page-offer';
import { OpportunityItemsPanel } from './opportunities/opportunity-items-panel';
import { OpportunityParticipantsPanel } from './opportunities/opportunity-participants-panel';
import { OwnerChangePanel } from './opportunities/owner-change-panel';
import type { PageProps } from './page-view';

/**
 * An opportunity's page (the registration form and its decisions, the generic record page) with its
 * products and the way to ask for a special price on it: on a protected opportunity the request page opens prefilled
 * with its number; on any other the button stays disabled and says why.
 */
export default function OpportunityInfoPage(props: PageProps) {
  return (
    <RecordPage page={props.page} params={props.params} query={props.query}>
      {(values) => (
        <>
          <SpecialPriceAction record={values} />
          <BidResultsLink record={values} />
          <OpportunityItems record={values} />
          <OpportunityParticipants record={values} />
          <OwnerChange record={values} />
        </>
      )}
    </RecordPage>
  );
}

/** The opportunity's products, once it is saved: its owner changes them while it is open. */
function OpportunityItems({ record }: { record: Record<string, unknown> }) {
  const id = typeof record.ObjectID === 'string' ? record.ObjectID : '';
  const no = String(record.ExtOpportunityNOText_SDK ?? '');
  if (!id || !no) return null;
  const productLine = record.ProductLine ? String(record.ProductLine) : undefined;
  // The panel's machine takes these once, when it starts: a new one starts when any of them changes,
  // and asks the server again whether the products may change.
  return (
    <OpportunityItemsPanel
      key={`${id}:${String(record.ExtOpportunityStatus_SDK ?? '')}:${productLine}`}
      opportunityId={id}
      opportunityNo={no}
      productLine={productLine}
    />
  );
}

/** The agents taking part in the deal with their role, once it is saved: kept here by whoever keeps them. */
function OpportunityParticipants({ record }: { record: Record<string, unknown> }) {
  const id = typeof record.ObjectID === 'string' ? record.ObjectID : '';
  if (!id) return null;
  return <OpportunityParticipantsPanel key={`${id}:${String(record.Version)}`} opportunityId={id} />;
}

/** The owner change, offered to the channel or province manager on a protected opportunity. */
function OwnerChange({ record }: { record: Record<string, unknown> }) {
  const roleCode = useRoleCode();
  const id = typeof record.ObjectID === 'string' ? record.ObjectID : '';
  if (!id || !ownerChangeOffered(record, roleCode)) return null;
  return (
    <OwnerChangePanel
      key={`${id}:${String(record.Version)}`}
      objectId={id}
      version={Number(record.Version)}
    />
  );
}

/** The bid results (tender, result, amount won, winner, loss reason) are kept on their own page. */
const BID_RESULTS_PAGE = 'business.maintainBidResults';
const BID_RESULTS_PATH = '/business/maintain-bid-results';

/** Opens the opportunity's bid results, for whoever holds that page. */
function BidResultsLink({ record }: { record: Record<string, unknown> }) {
  const t = useT();
  const [, navigate] = useLocation();
  const canOpen = useCanOpen();
  const id = typeof record.ObjectID === 'string' ? record.ObjectID : '';
  if (!id || !canOpen(BID_RESULTS_PAGE)) return null;
  return (
    <div className="portal-field is-wide">
      <Button
        type="button"
        outlined
        icon="pi pi-flag"
        label={t('page.business.maintainBidResults')}
        onClick={() => navigate(`${BID_RESULTS_PATH}?${new URLSearchParams({ objectID: id })}`)}
      />
    </div>
  );
}

function SpecialPriceAction({ record }: { record: Record<string, unknown> }) {
  const t = useT();
  const [, navigate] = useLocation();
  const roleCode = useRoleCode();
  const canOpen = useCanOpen();
  const link = useMemo(() => applyLinkOf(record, { roleCode, canOpen }), [record, roleCode, canOpen]);
  if (link.kind === 'none') return null;
  return (
    <div className="portal-field is-wide" data-special-price-action={link.kind}>
      <Button
        type="button"
        outlined
        icon="pi pi-tag"
        label={t('specialPrices.page.openApply')}
        disabled={link.kind === 'explain'}
        aria-describedby={link.kind === 'explain' ? 'special-price-why' : undefined}
        onClick={() => link.kind === 'open' && navigate(link.href)}
      />
      {link.kind === 'explain' && (
        <small id="special-price-why" className="portal-hint">
          {t(link.reason, link.params)}
        </small>
      )}
    </div>
  );
}
