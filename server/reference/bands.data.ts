import { createHash } from 'node:crypto';
import { workflowDeclarations } from '../../machines/workflows/registry';
import { DEFAULT_BANDS } from '../../machines/workflows/special-price.rules';
import { bandData, DEFAULT_LOAN_BANDS } from '../loans/loan-band-defaults';
import { APPROVED_ORDER_TYPES, DEFAULT_ORDER_BANDS } from '../orders/order-band-defaults';
import { BAND_RESOURCE, BAND_STEPS } from '../special-prices/price-bands';
import { ROLE_FIELDS } from '../workflows/chains';

/** A fixed id from a name (md5 laid out as a uuid), so every portal's default rows have the same ids. */
const uuidOf = (name: string) =>
  createHash('md5')
    .update(name)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/**
 * A default configuration row of the shared record table: given to a portal once, then an
 * administrator's to edit or remove on its page. `item` names it in the reference step's list of what
 * it gave (migration 047).
 */
export interface DefaultRecord {
  item: string;
  id: string;
  resource: string;
  data: Record<string, unknown>;
}

/**
 * Every declared workflow's approval chain per process type: national, every channel, roles only, so a
 * fresh portal decides its applications; an administrator then names people or narrows them by province
 * on the agent approval process configuration page. A process type two workflows share keeps the first
 * one's chain.
 */
const CHAINS = workflowDeclarations
  .flatMap(({ name, chains }) => chains.map((chain) => ({ workflow: name, ...chain })))
  .filter((chain, index, all) => all.findIndex((c) => c.processType === chain.processType) === index);
/** A chain's roles in the steps of its configuration row. */
const stepsOf = (roles: readonly string[]) =>
  Object.fromEntries(roles.map((role, i) => [ROLE_FIELDS[i], role]));

/**
 * The approval chains of the workflows, the default order and loan approval bands (docs/order-approval.md,
 * docs/loans.md) and the special-price depth bands (docs/special-prices.md), so a fresh portal can
 * decide applications, approve orders and loans and decide special prices.
 */
export const DEFAULT_RECORDS: DefaultRecord[] = [
  ...CHAINS.map(({ workflow, processType, defaultRoles }) => ({
    item: `chain:${processType}`,
    // The id the seed gave these rows before the reference step did, so a portal keeps its own.
    id: uuidOf(`chain:${processType}`),
    resource: 'customerProcessConfig',
    data: { ExtProcessType_SDK: processType, Enabled: true, Remark: workflow, ...stepsOf(defaultRoles) },
  })),
  ...APPROVED_ORDER_TYPES.flatMap((type) =>
    DEFAULT_ORDER_BANDS.map((band, index) => ({
      item: `orderBand:${type}:${index + 1}`,
      id: uuidOf(`order-approval-band-${type}-${index + 1}`),
      resource: 'orderApprovalConfig',
      data: { OrderType: type, ...bandData(band) },
    })),
  ),
  ...DEFAULT_LOAN_BANDS.map((band, index) => ({
    item: `loanBand:${index + 1}`,
    id: uuidOf(`loan-approval-band-${index + 1}`),
    resource: 'loanApprovalConfig',
    data: bandData(band),
  })),
  ...DEFAULT_BANDS.map((band, index) => ({
    item: `priceBand:${index + 1}`,
    id: uuidOf(`special-price-band-${index + 1}`),
    resource: BAND_RESOURCE,
    // A band as its form saves it: percents, a role per level, enabled.
    data: {
      MinDepth: band.minDepthBp / 100,
      ...(band.minMarginBp === null ? {} : { MinMargin: band.minMarginBp / 100 }),
      ...Object.fromEntries(band.chain.map((role, i) => [BAND_STEPS[i], role])),
      Enabled: true,
    },
  })),
];
