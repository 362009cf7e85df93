import { createHash } from 'node:crypto';
import { DEFAULT_BANDS } from '../../machines/workflows/special-price.rules';
import { DEFAULT_LOAN_BANDS, bandData as loanBandData } from '../loans/loan-band-defaults';
import { BAND_RESOURCE, BAND_STEPS } from '../special-prices/price-bands';

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
 * The default loan approval bands (docs/loans.md) and special-price depth bands
 * (docs/special-prices.md), so a fresh portal can approve loans and decide special prices.
 */
export const DEFAULT_RECORDS: DefaultRecord[] = [
  ...DEFAULT_LOAN_BANDS.map((band, index) => ({
    item: `loanBand:${index + 1}`,
    id: uuidOf(`loan-approval-band-${index + 1}`),
    resource: 'loanApprovalConfig',
    data: loanBandData(band),
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
