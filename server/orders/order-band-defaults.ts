import { OrderType } from '../../domain/codes/orders.codes';
import { ROLE } from '../../domain/roles';

/** Order types that are approved in the portal; partner-synced orders skip approval. */
export const APPROVED_ORDER_TYPES = [
  OrderType.standard,
  OrderType.specialPrice,
  OrderType.service,
  OrderType.loanToSale,
] as const;

/**
 * The default order approval bands, the same for every approved order type (docs/order-approval.md), as the
 * reference step enters them: up to 500,000 yuan sales operations; up to 2,000,000 also finance; above
 * that also the executive. Kept apart from the rules so the reference step loads nothing of the resource
 * engine.
 */
export const DEFAULT_ORDER_BANDS: [min: string, max: string | null, roles: string[]][] = [
  ['0.00', '500000.00', [ROLE.salesOperations]],
  ['500000.00', '2000000.00', [ROLE.salesOperations, ROLE.finance]],
  ['2000000.00', null, [ROLE.salesOperations, ROLE.finance, ROLE.executive]],
];
