import { sql } from 'kysely';
import { ROLE } from '../../domain/roles';
import type { PriceBand } from '../../machines/workflows/special-price.rules';
import type { Db } from '../db/database';
import type { Caller } from '../http/auth';
import { fieldError, fieldMissing } from '../http/validate';
import type { ResourceDef } from '../resources/registry';
import type { ConfiguredChain } from '../workflows/configured-chains';

/** The resource of the depth bands (/business/special-price-bands): one record per band. */
export const BAND_RESOURCE = 'specialPriceBand';

/** The levels of a band's chain, in order: a role each. */
export const BAND_STEPS = ['firstRole', 'secondRole', 'thirdRole', 'fourthRole'] as const;

/** Agent staff ask for special prices; they never approve them. */
const AGENT_ROLES: readonly string[] = [ROLE.rspAgent, ROLE.ccpAgent, ROLE.distributor];

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';
/** A percent of the form (92.5) in basis points (9250); the form allows at most two decimals. */
const basisPointsOf = (value: unknown) => Math.round(Number(value) * 100);
const twoDecimals = (value: unknown) => Math.abs(Number(value) * 100 - basisPointsOf(value)) < 1e-6;
/** Basis points as the refusals name them: 9250 → '92.50'. */
const percentOf = (bp: number) => (bp / 100).toFixed(2);

interface StoredBand extends PriceBand {
  id: string;
}

const bandOf = (id: string, data: Record<string, unknown>): StoredBand => ({
  id,
  minDepthBp: basisPointsOf(data.MinDepth ?? 0),
  minMarginBp: blank(data.MinMargin) ? null : basisPointsOf(data.MinMargin),
  chain: BAND_STEPS.map((step) => data[step])
    .filter((role) => !blank(role))
    .map((role) => String(role).trim()),
});

/** The enabled bands, shallowest first. */
async function enabledBands(db: Db): Promise<StoredBand[]> {
  const rows = await sql<{ id: string; data: Record<string, unknown> }>`select object_id::text as id, data
    from record where resource = ${BAND_RESOURCE} and (data->>'Enabled')::boolean is true
    order by (data->>'MinDepth')::numeric desc, object_id`.execute(db);
  return rows.rows.map((r) => bandOf(r.id, r.data));
}

/** The bands a request's chain is chosen from (special-price.rules.ts chainForDepth). */
export const priceBands = (db: Db): Promise<PriceBand[]> => enabledBands(db);

/**
 * A band is checked as it is saved, so every depth a request can have finds exactly one chain that
 * someone can decide:
 * - its floor and margin floor are percents with at most two decimals, its levels in order without a
 *   gap, each an existing vendor role;
 * - no two enabled bands start at the same depth (they would overlap: both would claim a request);
 * - the enabled bands start at 0 % and the deepest of them asks for no margin, or requests below the
 *   lowest floor (or under its margin floor) would fall into a gap no chain covers.
 * Each refusal names the field to correct: the floor, the margin, the level, or the switch that disabled
 * the band the others relied on. Bands are never deleted, only disabled.
 */
export async function afterPriceBandWrite(
  trx: Db,
  def: ResourceDef,
  _caller: Caller,
  record: Record<string, unknown>,
) {
  if (blank(record.MinDepth)) throw fieldMissing(def.name, 'MinDepth');
  if (!twoDecimals(record.MinDepth))
    throw fieldError(def.name, 'MinDepth', 'specialPrices.bands.twoDecimals');
  if (!blank(record.MinMargin) && !twoDecimals(record.MinMargin))
    throw fieldError(def.name, 'MinMargin', 'specialPrices.bands.twoDecimals');
  const filled = BAND_STEPS.map((step) => !blank(record[step]));
  const gap = filled.findIndex((present, i) => !present && (i === 0 || filled.slice(i + 1).some(Boolean)));
  if (gap >= 0) throw fieldMissing(def.name, BAND_STEPS[gap]);
  const known = new Set(
    (await sql<{ code: string }>`select code from role`.execute(trx)).rows.map((r) => r.code),
  );
  for (const step of BAND_STEPS) {
    const role = record[step];
    if (!blank(role) && (!known.has(String(role)) || AGENT_ROLES.includes(String(role))))
      throw fieldError(def.name, step, 'specialPrices.bands.notVendorRole');
  }
  const band = bandOf(String(record.ObjectID), record);
  const enabled = record.Enabled === true;
  // Saves of bands are serialised, so two of them cannot pass each other's checks.
  await sql`select pg_advisory_xact_lock(hashtext(${BAND_RESOURCE}))`.execute(trx);
  const others = (await enabledBands(trx)).filter((b) => b.id !== band.id);
  if (enabled) {
    const twin = others.find((b) => b.minDepthBp === band.minDepthBp);
    if (twin)
      throw fieldError(def.name, 'MinDepth', {
        key: 'specialPrices.bands.overlap',
        params: { depth: percentOf(band.minDepthBp) },
      });
  }
  const all = enabled ? [...others, band] : others;
  const deepest = all.reduce<StoredBand | undefined>(
    (low, b) => (!low || b.minDepthBp < low.minDepthBp ? b : low),
    undefined,
  );
  // The field that opened the gap: this band's switch when it left the others, else its floor.
  const culprit = enabled ? 'MinDepth' : 'Enabled';
  if (!deepest || deepest.minDepthBp > 0)
    throw fieldError(def.name, culprit, {
      key: 'specialPrices.bands.gap',
      params: { depth: percentOf(deepest?.minDepthBp ?? 10_000) },
    });
  if (deepest.minMarginBp !== null)
    throw fieldError(
      def.name,
      deepest.id === band.id ? 'MinMargin' : culprit,
      'specialPrices.bands.marginGap',
    );
}

/**
 * The enabled bands as the chart's readers see them (configured-chains.ts), deepest first as they are
 * tried: a request takes the first whose depth and margin floors it reaches.
 */
export async function priceBandChains(db: Db): Promise<ConfiguredChain[]> {
  return (await enabledBands(db)).map((band) => ({
    when: {
      key: band.minMarginBp === null ? 'priceDepth' : 'priceDepthMargin',
      params: {
        depth: percentOf(band.minDepthBp),
        ...(band.minMarginBp === null ? {} : { margin: percentOf(band.minMarginBp) }),
      },
    },
    steps: band.chain,
  }));
}
