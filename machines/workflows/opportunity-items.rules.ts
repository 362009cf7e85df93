import { OpportunityStatus } from '../../domain/codes/opportunities.codes';
import { ROLE } from '../../domain/roles';
import { OPPORTUNITY_STATUS } from './opportunity-stage.rules';

/**
 * The registration states in which the deal is still being shaped, so its products may change: the
 * server's commands refuse any other (naming the state), and the panel offers no change there.
 */
export const ITEMS_OPEN_STATUSES: readonly string[] = [
  OPPORTUNITY_STATUS.draft,
  OPPORTUNITY_STATUS.submitted,
  OpportunityStatus.returned,
  OPPORTUNITY_STATUS.conflict,
  OPPORTUNITY_STATUS.protected,
  OPPORTUNITY_STATUS.atRisk,
  OpportunityStatus.extensionPending,
];

/** Who changes an opportunity's owner: the channel manager (its province) or the province manager. */
const OWNER_CHANGERS: readonly string[] = [ROLE.channelManager, ROLE.provinceManager];

/** Whether the page offers the owner change: to who may make it, on a protected or at-risk opportunity. */
export const ownerChangeOffered = (record: Record<string, unknown>, roleCode: string) =>
  OWNER_CHANGERS.includes(roleCode) &&
  [OPPORTUNITY_STATUS.protected, OPPORTUNITY_STATUS.atRisk].includes(
    String(record.ExtOpportunityStatus_SDK ?? '') as typeof OPPORTUNITY_STATUS.protected,
  );
