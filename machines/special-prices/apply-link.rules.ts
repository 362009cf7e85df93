import { ROLE } from '../../domain/roles';
import { OPPORTUNITY_STATUS } from '../workflows/opportunity-stage.rules';

/** The page a special price is asked on, opened with the opportunity's number. */
export const APPLY_PAGE = 'business.specialPriceApply';
const APPLY_PATH = '/business/special-price-apply';

/** Special prices are asked only on a protected opportunity (notes §1.4 rule 6), or one at risk. */
const PROTECTED: readonly string[] = [OPPORTUNITY_STATUS.protected, OPPORTUNITY_STATUS.atRisk];

/** Who asks: the agent's own staff, or the sales operations desk and the administrator on its behalf. */
const APPLICANT_ROLES: readonly string[] = [
  ROLE.rspAgent,
  ROLE.ccpAgent,
  ROLE.distributor,
  ROLE.salesOperations,
  ROLE.systemAdmin,
];

export type ApplyLink =
  | { kind: 'none' }
  | { kind: 'open'; href: string }
  | { kind: 'explain'; reason: string; params: Record<string, string> };

/**
 * The "apply for special price" action of an opportunity's page, as the server would answer the
 * request (server/special-prices/special-price.service.ts): nothing for who may not ask or cannot open
 * the request page; on a protected (or at-risk) opportunity the request page, prefilled with its
 * number; on any other a disabled button saying why.
 */
export function applyLinkOf(
  record: Record<string, unknown>,
  person: { roleCode: string; canOpen: (pageId: string) => boolean },
): ApplyLink {
  const no = String(record.ExtOpportunityNOText_SDK ?? '');
  if (!no || !APPLICANT_ROLES.includes(person.roleCode) || !person.canOpen(APPLY_PAGE))
    return { kind: 'none' };
  if (!PROTECTED.includes(String(record.ExtOpportunityStatus_SDK ?? '')))
    return { kind: 'explain', reason: 'specialPrices.page.notProtectedHint', params: { no } };
  return { kind: 'open', href: `${APPLY_PATH}?${new URLSearchParams({ opportunity: no })}` };
}
