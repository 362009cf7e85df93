import { ITEMS_OPEN_STATUSES } from '../../machines/workflows/opportunity-items.rules';
import { OPPORTUNITY_STATUS } from '../../machines/workflows/opportunity-stage.rules';
import { PortalError } from '../http/envelope';

/**
 * A deal's products and agents change only while it is still being shaped (ITEMS_OPEN_STATUSES): the
 * refusal of a closed one (409, `messageKey` naming its number and its state in words), or nothing.
 */
export function closedDealRefusal(record: Record<string, unknown>, messageKey: string) {
  const status = String(record.ExtOpportunityStatus_SDK ?? '');
  if (ITEMS_OPEN_STATUSES.includes(status)) return undefined;
  const state = Object.entries(OPPORTUNITY_STATUS).find(([, code]) => code === status)?.[0];
  return new PortalError(409, messageKey, {
    no: record.ExtOpportunityNOText_SDK,
    state: state ? { key: `decision.statesOf.opportunityRegistration.${state}`, params: {} } : status,
  });
}
