import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { DEFAULT_BANDS, type PriceBand } from '../../machines/workflows/special-price.rules';
import type { Db } from '../db/database';
import { BAND_RESOURCE, BAND_STEPS } from '../special-prices/price-bands';

/** A fixed id from a name (md5 laid out as a uuid), so two seeds give the same rows. */
const uuidOf = (name: string) =>
  createHash('md5')
    .update(name)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** A band as its form saves it: percents, a role per level, enabled. */
export const bandData = (band: PriceBand) => ({
  MinDepth: band.minDepthBp / 100,
  ...(band.minMarginBp === null ? {} : { MinMargin: band.minMarginBp / 100 }),
  ...Object.fromEntries(band.chain.map((role, i) => [BAND_STEPS[i], role])),
  Enabled: true,
});

/**
 * The default depth bands of special prices (docs/special-prices.md), in every seed mode so a fresh
 * portal can decide special prices; an administrator or the sales operations desk edits them on the
 * band page afterwards.
 */
export async function seedPriceBands(db: Db, at?: Date) {
  for (const [index, band] of DEFAULT_BANDS.entries())
    await sql`insert into record (object_id, resource, data, created_by_name, updated_by_name, created_at, updated_at)
      values (${uuidOf(`special-price-band-${index + 1}`)}, ${BAND_RESOURCE}, ${JSON.stringify(bandData(band))}::jsonb,
        'system', 'system', coalesce(${at ?? null}::timestamptz, now()), coalesce(${at ?? null}::timestamptz, now()))
      on conflict (object_id) do nothing`.execute(db);
}
